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
import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import { SUGGESTED_QUESTIONS_MAX, type SuggestedQuestion } from "@harbor/contract/widget";
import { ActionIcon, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconGripVertical, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteSuggestedQuestion } from "../api/delete-suggested-question";
import { useMoveSuggestedQuestion } from "../api/move-suggested-question";
import { buildQuestionTree, hasChildren, moveFromDrop, NEST_ZONE_PREFIX } from "../suggested-question-tree";
import { ConfirmDeleteModal } from "./confirm-delete-modal";
import { SettingsSection } from "./settings-section";
import { SuggestedQuestionModal } from "./suggested-question-modal";

const t = texts.chatWidget.questions;
const LIST_STYLE = { listStyle: "none", margin: 0, padding: 0 } as const;
/**
 * Sub-questions sit indented under their parent. Inline, with the list style: a responsive `pl`
 * prop is a class, which the list style's inline `padding: 0` silently beat (#19 item 16).
 */
const CHILD_INDENT = "2rem";
const CHILD_LIST_STYLE = { ...LIST_STYLE, paddingInlineStart: CHILD_INDENT } as const;

type QuestionRowProps = {
  question: SuggestedQuestion;
  childCount: number;
  onEdit: () => void;
  onDelete: () => void;
};

/** One question: a drag handle (pointer or keyboard: space, arrows, space), its title and actions. */
function QuestionRow({ question, childCount, onEdit, onDelete }: QuestionRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: question._id,
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
      data-testid="suggested-question"
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray.7"
          size="lg"
          aria-label={t.dragHandle(question.question)}
          style={{ cursor: "grab", touchAction: "none" }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={0} flex={1} miw={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
            {question.question}
          </Text>
          {childCount > 0 ? (
            <Text size="xs" c="dimmed">
              {t.subQuestions(childCount)}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon variant="subtle" size="lg" aria-label={t.edit(question.question)} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red.9"
          size="lg"
          aria-label={t.delete(question.question)}
          onClick={onDelete}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Shown under a top-level question while another question is dragged: drop to put it under this one. */
function NestZone({ parent }: { parent: SuggestedQuestion }) {
  const { setNodeRef, isOver } = useDroppable({ id: `${NEST_ZONE_PREFIX}${parent._id}` });
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
        {t.nestZone(parent.question)}
      </Text>
    </Box>
  );
}

type SuggestedQuestionsSectionProps = {
  questions: SuggestedQuestion[];
  /** The company's custom replies, one of which a question may start. */
  customReplies: CustomReplySummary[];
  onDirtyChange: (isDirty: boolean) => void;
};

/**
 * The portal's suggested questions as a two-level tree (spec part 2 §4): drag a question to
 * reorder it, onto another group's question or into a nest zone to put it under that parent, or a
 * child onto a top-level question to lift it. Each drop is saved at once.
 */
export function SuggestedQuestionsSection({ questions, customReplies, onDirtyChange }: SuggestedQuestionsSectionProps) {
  const [editing, setEditing] = useState<{ question: SuggestedQuestion | null } | null>(null);
  const [deleting, setDeleting] = useState<SuggestedQuestion | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const moveQuestion = useMoveSuggestedQuestion();
  const deleteQuestion = useDeleteSuggestedQuestion();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const tree = buildQuestionTree(questions);
  const dragging = questions.find((question) => question._id === draggingId) ?? null;
  const canNest = dragging !== null && !hasChildren(questions, dragging);
  const nameOf = (id: string | number) => {
    const key = String(id);
    if (key.startsWith(NEST_ZONE_PREFIX)) {
      const parent = questions.find((question) => question._id === key.slice(NEST_ZONE_PREFIX.length));
      return parent ? t.nestZone(parent.question) : key;
    }
    return questions.find((question) => question._id === key)?.question ?? key;
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
    const move = moveFromDrop(questions, { activeId: String(active.id), overId: String(over.id) });
    if (!move) {
      // A question with sub-questions dropped anywhere but the top level is refused; say why.
      if (dragging && active.id !== over.id && hasChildren(questions, dragging))
        notifyError({ message: t.dnd.refused });
      return;
    }
    moveQuestion.mutate(move, { onError: (error) => notifyError({ message: errorMessage(error) }) });
  };

  const confirmDelete = () => {
    if (!deleting || deleteQuestion.isPending) return;
    deleteQuestion.mutate(
      { questionID: deleting._id },
      {
        onSuccess: () => {
          notifySuccess({ message: texts.chatWidget.notices.questionDeleted });
          setDeleting(null);
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <SettingsSection
      title={t.heading}
      description={t.description}
      action={
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={questions.length >= SUGGESTED_QUESTIONS_MAX}
            onClick={() => setEditing({ question: null })}
          >
            {t.add}
          </Button>
        </Group>
      }
    >
      {tree.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <DndContext
          sensors={sensors}
          // Nearest centre, not largest overlap: a short nest zone must win when the question is moved onto it.
          collisionDetection={closestCenter}
          measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
          accessibility={{ announcements }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDraggingId(null)}
        >
          <SortableContext items={tree.map((node) => node.question._id)} strategy={verticalListSortingStrategy}>
            <Stack component="ul" gap="xs" style={LIST_STYLE} aria-label={t.heading}>
              {tree.map(({ question, children }) => (
                <Stack component="li" key={question._id} gap={6}>
                  <QuestionRow
                    question={question}
                    childCount={children.length}
                    onEdit={() => setEditing({ question })}
                    onDelete={() => setDeleting(question)}
                  />
                  {children.length > 0 ? (
                    <SortableContext items={children.map((child) => child._id)} strategy={verticalListSortingStrategy}>
                      <Stack component="ul" gap={6} style={CHILD_LIST_STYLE} aria-label={question.question}>
                        {children.map((child) => (
                          <li key={child._id}>
                            <QuestionRow
                              question={child}
                              childCount={0}
                              onEdit={() => setEditing({ question: child })}
                              onDelete={() => setDeleting(child)}
                            />
                          </li>
                        ))}
                      </Stack>
                    </SortableContext>
                  ) : null}
                  {canNest && dragging?._id !== question._id && question.category === null ? (
                    <NestZone parent={question} />
                  ) : null}
                </Stack>
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      <SuggestedQuestionModal
        opened={editing !== null}
        question={editing?.question ?? null}
        questions={questions}
        customReplies={customReplies}
        onClose={() => setEditing(null)}
        onDirtyChange={onDirtyChange}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={deleting ? t.deleteTitle(deleting.question) : ""}
        text={deleting && hasChildren(questions, deleting) ? [t.deleteText, t.deleteChildren] : [t.deleteText]}
        confirmLabel={t.deleteConfirm}
        isPending={deleteQuestion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </SettingsSection>
  );
}
