import { CATEGORY_SORTS, type CategorySort, type QuestionCategory, sortCategories } from "@harbor/contract/automation";
import { Group, NativeSelect, Stack } from "@mantine/core";
import { IconCategory } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useDeleteQuestionCategory } from "../api/delete-question-category";
import { useCustomReplies } from "../api/get-custom-replies";
import { useQuestionCategories } from "../api/get-question-categories";
import { CategoriesTable } from "../components/categories-table";
import { CategoryModal } from "../components/category-modal";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { AddButton, ListPanel } from "../components/list-panel";
import { useConfirmedDelete } from "../use-confirmed-delete";

const t = texts.automation.categories;

/** The category stays set while the modal closes, so its title does not change during the fade-out. */
type ModalState = { isOpen: boolean; category: QuestionCategory | null };

/** /automation/question-categories (spec part 2 §2.2). */
export function QuestionCategoriesPage() {
  const categories = useQuestionCategories();
  const replies = useCustomReplies();
  const deletion = useConfirmedDelete<QuestionCategory>(useDeleteQuestionCategory(), t.deleted);
  const [sort, setSort] = useState<CategorySort>("name");
  const [modal, setModal] = useState<ModalState>({ isOpen: false, category: null });
  const sorted = useMemo(() => sortCategories(categories.data ?? [], sort), [categories.data, sort]);
  const openNew = () => setModal({ isOpen: true, category: null });

  return (
    <Stack>
      <PageHeader
        title={t.title}
        description={t.description}
        action={<AddButton label={t.add} onClick={openNew} disabled={categories.isPending} />}
      />
      <ListPanel
        query={categories}
        loadingLabel={t.loading}
        count={sorted.length}
        showing={t.showing(sorted.length)}
        empty={{
          icon: <IconCategory size={30} />,
          title: t.emptyTitle,
          text: t.emptyText,
          addLabel: t.add,
          onAdd: openNew,
        }}
      >
        <Group justify="flex-end">
          <NativeSelect
            label={t.sortLabel}
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value as CategorySort)}
            data={CATEGORY_SORTS.map((value) => ({ value, label: t.sorts[value] }))}
            w={200}
          />
        </Group>
        <CategoriesTable
          categories={sorted}
          replies={replies.data ?? []}
          onEdit={(category) => setModal({ isOpen: true, category })}
          onDelete={deletion.ask}
        />
      </ListPanel>
      <CategoryModal
        opened={modal.isOpen}
        category={modal.category}
        replies={replies.data ?? []}
        onClose={() => setModal((state) => ({ ...state, isOpen: false }))}
      />
      <ConfirmDeleteModal
        name={deletion.item?.title ?? null}
        text={t.deleteText}
        isPending={deletion.isPending}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Stack>
  );
}
