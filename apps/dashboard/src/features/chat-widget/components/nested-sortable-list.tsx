import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Box, Group, Paper, Stack, Text } from "@mantine/core";
import { IconGripVertical, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { notifyError } from "../../../lib/notify";
import {
  buildTree,
  hasChildrenIn,
  NEST_ZONE_PREFIX,
  type TreeItem,
  type TreeMove,
  treeMoveFromDrop,
} from "../nested-tree";

const LIST_STYLE = { listStyle: "none", margin: 0, padding: 0 } as const;
/**
 * Sub-items sit indented under their parent. Inline, with the list style: a responsive `pl`
 * prop is a class, which the list style's inline `padding: 0` silently beat (#19 item 16).
 */
const CHILD_INDENT = "2rem";
const CHILD_LIST_STYLE = { ...LIST_STYLE, paddingInlineStart: CHILD_INDENT } as const;

/** The words of one list: its rows' actions and what the drag and drop announces. */
export type NestedListTexts = {
  listLabel: string;
  dragHandle: (label: string) => string;
  nestZone: (label: string) => string;
  subItems: (count: number) => string;
  edit: (label: string) => string;
  delete: (label: string) => string;
  dnd: {
    pickedUp: (label: string) => string;
    over: (label: string, target: string) => string;
    dropped: (label: string) => string;
    cancelled: (label: string) => string;
    refused: string;
  };
};

type RowProps = {
  id: string;
  label: string;
  childCount: number;
  texts: NestedListTexts;
  testId: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** One item: a drag handle (pointer or keyboard: space, arrows, space), its title and actions. */
function Row({ id, label, childCount, texts: t, testId, onEdit, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      px="xs"
      py={6}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: "relative",
        zIndex: isDragging ? 1 : undefined,
      }}
      data-testid={testId}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray.7"
          size="lg"
          aria-label={t.dragHandle(label)}
          style={{ cursor: "grab", touchAction: "none" }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={0} flex={1} miw={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
            {label}
          </Text>
          {childCount > 0 ? (
            <Text size="xs" c="dimmed">
              {t.subItems(childCount)}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon variant="subtle" size="lg" aria-label={t.edit(label)} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red.9" size="lg" aria-label={t.delete(label)} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Shown under a top-level item while another item is dragged: drop to put it under this one. */
function NestZone({ parentId, label, texts: t }: { parentId: string; label: string; texts: NestedListTexts }) {
  const { setNodeRef, isOver } = useDroppable({ id: `${NEST_ZONE_PREFIX}${parentId}` });
  return (
    <Box
      ref={setNodeRef}
      ml={CHILD_INDENT}
      px="sm"
      py={4}
      style={{
        border: `1px dashed var(--mantine-color-${isOver ? "harbor-6" : "gray-5"})`,
        borderRadius: "var(--mantine-radius-md)",
        background: isOver ? "var(--mantine-color-harbor-0)" : undefined,
      }}
    >
      <Text size="xs" c="dimmed">
        {t.nestZone(label)}
      </Text>
    </Box>
  );
}

export type NestedSortableListProps<Item extends TreeItem> = {
  items: readonly Item[];
  /** What a child's `category` names its parent by. */
  keyOf: (item: Item) => string;
  labelOf: (item: Item) => string;
  texts: NestedListTexts;
  /** Each row's data-testid. */
  testId: string;
  onMove: (move: TreeMove) => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
};

/**
 * A two-level list with drag and drop (spec part 2 §2.3): drag an item to reorder it, onto another
 * group's item or into a nest zone to put it under that parent, or a child onto a top-level item to
 * lift it. By pointer or keyboard, each step announced. The portal's suggested questions and the
 * customer portal's Order Issues both use it.
 */
export function NestedSortableList<Item extends TreeItem>(props: NestedSortableListProps<Item>) {
  const { items, keyOf, labelOf, texts: t, testId, onMove, onEdit, onDelete } = props;
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const tree = buildTree(items, keyOf);
  const dragging = items.find((item) => item._id === draggingId) ?? null;
  const canNest = dragging !== null && !hasChildrenIn(items, dragging, keyOf);
  const nameOf = (id: string | number) => {
    const key = String(id);
    if (key.startsWith(NEST_ZONE_PREFIX)) {
      const parent = items.find((item) => item._id === key.slice(NEST_ZONE_PREFIX.length));
      return parent ? t.nestZone(labelOf(parent)) : key;
    }
    const item = items.find((candidate) => candidate._id === key);
    return item ? labelOf(item) : key;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t.dnd.pickedUp(nameOf(active.id)),
    // Over its own place nothing changed; the pick-up instructions stay.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? t.dnd.over(nameOf(active.id), nameOf(over.id)) : undefined,
    onDragEnd: ({ active }) => t.dnd.dropped(nameOf(active.id)),
    onDragCancel: ({ active }) => t.dnd.cancelled(nameOf(active.id)),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDraggingId(String(active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDraggingId(null);
    if (!over) return;
    const move = treeMoveFromDrop(items, { activeId: String(active.id), overId: String(over.id) }, keyOf);
    if (!move) {
      // An item with sub-items dropped anywhere but the top level is refused; say why.
      if (dragging && active.id !== over.id && hasChildrenIn(items, dragging, keyOf))
        notifyError({ message: t.dnd.refused });
      return;
    }
    onMove(move);
  };

  const row = (item: Item, childCount: number) => (
    <Row
      id={item._id}
      label={labelOf(item)}
      childCount={childCount}
      texts={t}
      testId={testId}
      onEdit={() => onEdit(item)}
      onDelete={() => onDelete(item)}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      // Nearest centre, not largest overlap: a short nest zone must win when the item is moved onto it.
      collisionDetection={closestCenter}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDraggingId(null)}
    >
      <SortableContext items={tree.map((node) => node.item._id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap="xs" style={LIST_STYLE} aria-label={t.listLabel}>
          {tree.map(({ item, children }) => (
            <Stack component="li" key={item._id} gap={6}>
              {row(item, children.length)}
              {children.length > 0 ? (
                <SortableContext items={children.map((child) => child._id)} strategy={verticalListSortingStrategy}>
                  <Stack component="ul" gap={6} style={CHILD_LIST_STYLE} aria-label={labelOf(item)}>
                    {children.map((child) => (
                      <li key={child._id}>{row(child, 0)}</li>
                    ))}
                  </Stack>
                </SortableContext>
              ) : null}
              {canNest && dragging?._id !== item._id && item.category === null ? (
                <NestZone parentId={item._id} label={labelOf(item)} texts={t} />
              ) : null}
            </Stack>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
