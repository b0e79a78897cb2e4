import { Button, Group, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { TreeItem } from "../nested-tree";
import { NestedSortableList, type NestedSortableListProps } from "./nested-sortable-list";
import { SettingsSection } from "./settings-section";

type NestedListSectionProps<Item extends TreeItem> = NestedSortableListProps<Item> & {
  title: string;
  description: string;
  addLabel: string;
  emptyText: string;
  /** At this many items Add is off. */
  max: number;
  onAdd: () => void;
  /** The section's add/edit and delete modals. */
  children: ReactNode;
};

/**
 * A settings section holding one two-level list (the portal's suggested questions, the Shopify
 * portal's order issues): Add (off at the list's maximum), the empty text or the sortable list,
 * and the section's modals.
 */
export function NestedListSection<Item extends TreeItem>(props: NestedListSectionProps<Item>) {
  const { title, description, addLabel, emptyText, max, onAdd, children, ...list } = props;
  return (
    <SettingsSection
      title={title}
      description={description}
      action={
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={list.items.length >= max}
            onClick={onAdd}
          >
            {addLabel}
          </Button>
        </Group>
      }
    >
      {list.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <NestedSortableList {...list} />
      )}
      {children}
    </SettingsSection>
  );
}
