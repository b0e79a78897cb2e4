import type { Intent } from "@harbor/contract/automation";
import { Anchor, Breadcrumbs, Button, Paper, Stack, Text } from "@mantine/core";
import { IconPlus, IconTargetArrow } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteIntent } from "../api/delete-intent";
import { useCustomReplies } from "../api/get-custom-replies";
import { useQuestionCategory } from "../api/get-question-category";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { IntentModal } from "../components/intent-modal";
import { IntentsTable } from "../components/intents-table";
import { LoadFailure } from "../components/load-failure";
import { QUESTION_CATEGORIES_PATH } from "../paths";

const t = texts.automation.intents;

type ModalState = { isOpen: boolean; intent: Intent | null };

/** /automation/question-categories/:categoryID: one category's intents (spec part 2 §2.2). */
export function CategoryIntentsPage() {
  const { categoryID = "" } = useParams();
  const category = useQuestionCategory(categoryID);
  const replies = useCustomReplies();
  const deleteIntent = useDeleteIntent(categoryID);
  const [modal, setModal] = useState<ModalState>({ isOpen: false, intent: null });
  const [toDelete, setToDelete] = useState<Intent | null>(null);
  const intents = category.data?.intents ?? [];
  const openNew = () => setModal({ isOpen: true, intent: null });

  const confirmDelete = async () => {
    if (!toDelete || deleteIntent.isPending) return;
    try {
      await deleteIntent.mutateAsync(toDelete._id);
      notifySuccess({ message: t.deleted });
      setToDelete(null);
    } catch {
      // Shown in the confirmation.
    }
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew} disabled={!category.data}>
      {t.add}
    </Button>
  );

  return (
    <Stack>
      <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6}>
        <Anchor component={Link} to={QUESTION_CATEGORIES_PATH} size="sm">
          {t.breadcrumb}
        </Anchor>
        <Text size="sm" aria-current="page" style={{ overflowWrap: "anywhere" }}>
          {category.data?.title ?? t.heading}
        </Text>
      </Breadcrumbs>
      <PageHeader title={category.data?.title ?? t.heading} description={t.heading} action={addButton} />
      <Paper withBorder radius="lg" p="md">
        {category.isPending ? (
          <PageLoader label={t.loading} />
        ) : category.isError ? (
          <LoadFailure error={category.error} onRetry={() => void category.refetch()} />
        ) : intents.length === 0 ? (
          <EmptyState
            icon={<IconTargetArrow size={30} />}
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
            <IntentsTable
              intents={intents}
              replies={replies.data ?? []}
              onOpen={(intent) => setModal({ isOpen: true, intent })}
              onDelete={(intent) => {
                deleteIntent.reset();
                setToDelete(intent);
              }}
            />
            <Text size="sm" c="dimmed">
              {t.showing(intents.length)}
            </Text>
          </Stack>
        )}
      </Paper>
      <IntentModal
        opened={modal.isOpen}
        categoryId={categoryID}
        intent={modal.intent}
        replies={replies.data ?? []}
        onClose={() => setModal((state) => ({ ...state, isOpen: false }))}
      />
      <ConfirmDeleteModal
        name={toDelete?.title ?? null}
        isPending={deleteIntent.isPending}
        error={deleteIntent.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
