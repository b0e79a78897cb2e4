import { CATEGORY_SORTS, type CategorySort, type QuestionCategory, sortCategories } from "@harbor/contract/automation";
import { Button, Group, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { IconCategory, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteQuestionCategory } from "../api/delete-question-category";
import { useCustomReplies } from "../api/get-custom-replies";
import { useQuestionCategories } from "../api/get-question-categories";
import { CategoriesTable } from "../components/categories-table";
import { CategoryModal } from "../components/category-modal";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { LoadFailure } from "../components/load-failure";

const t = texts.automation.categories;

/** The category stays set while the modal closes, so its title does not change during the fade-out. */
type ModalState = { isOpen: boolean; category: QuestionCategory | null };

/** /automation/question-categories (spec part 2 §2.2). */
export function QuestionCategoriesPage() {
  const categories = useQuestionCategories();
  const replies = useCustomReplies();
  const deleteCategory = useDeleteQuestionCategory();
  const [sort, setSort] = useState<CategorySort>("name");
  const [modal, setModal] = useState<ModalState>({ isOpen: false, category: null });
  const [toDelete, setToDelete] = useState<QuestionCategory | null>(null);
  const sorted = useMemo(() => sortCategories(categories.data ?? [], sort), [categories.data, sort]);
  const openNew = () => setModal({ isOpen: true, category: null });

  const confirmDelete = async () => {
    if (!toDelete || deleteCategory.isPending) return;
    try {
      await deleteCategory.mutateAsync(toDelete._id);
      notifySuccess({ message: t.deleted });
      setToDelete(null);
    } catch {
      // Shown in the confirmation.
    }
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew} disabled={categories.isPending}>
      {t.add}
    </Button>
  );

  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} action={addButton} />
      <Paper withBorder radius="lg" p="md">
        {categories.isPending ? (
          <PageLoader label={t.loading} />
        ) : categories.isError ? (
          <LoadFailure error={categories.error} onRetry={() => void categories.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState
            icon={<IconCategory size={30} />}
            title={t.emptyTitle}
            text={t.emptyText}
            headingOrder={3}
            action={
              <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew}>
                {t.add}
              </Button>
            }
          />
        ) : (
          <Stack>
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
              onDelete={(category) => {
                deleteCategory.reset();
                setToDelete(category);
              }}
            />
            <Text size="sm" c="dimmed">
              {t.showing(sorted.length)}
            </Text>
          </Stack>
        )}
      </Paper>
      <CategoryModal
        opened={modal.isOpen}
        category={modal.category}
        replies={replies.data ?? []}
        onClose={() => setModal((state) => ({ ...state, isOpen: false }))}
      />
      <ConfirmDeleteModal
        name={toDelete?.title ?? null}
        text={t.deleteText}
        isPending={deleteCategory.isPending}
        error={deleteCategory.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
