import type { CustomReplyListItem } from "@harbor/contract/automation";
import { Button, Paper, Stack, Text } from "@mantine/core";
import { IconPlus, IconRoute } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteCustomReply } from "../api/delete-custom-reply";
import { useCustomReplies } from "../api/get-custom-replies";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { CustomRepliesTable } from "../components/custom-replies-table";
import { CustomReplyModal } from "../components/custom-reply-modal";
import { LoadFailure } from "../components/load-failure";

const t = texts.automation.customReplies;

type ModalState = { isOpen: boolean; reply: CustomReplyListItem | null };

/**
 * /automation/custom-replies (spec part 2 §2.2). Add and Edit name a reply here until the flow
 * editor (/automation/custom-replies/:id) exists (decision 038).
 */
export function CustomRepliesPage() {
  const replies = useCustomReplies();
  const deleteReply = useDeleteCustomReply();
  const [modal, setModal] = useState<ModalState>({ isOpen: false, reply: null });
  const [toDelete, setToDelete] = useState<CustomReplyListItem | null>(null);
  const list = replies.data ?? [];
  const openNew = () => setModal({ isOpen: true, reply: null });

  const confirmDelete = async () => {
    if (!toDelete || deleteReply.isPending) return;
    try {
      await deleteReply.mutateAsync(toDelete._id);
      notifySuccess({ message: t.deleted });
      setToDelete(null);
    } catch {
      // Shown in the confirmation.
    }
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew} disabled={replies.isPending}>
      {t.add}
    </Button>
  );

  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} action={addButton} />
      <Paper withBorder radius="lg" p="md">
        {replies.isPending ? (
          <PageLoader label={t.loading} />
        ) : replies.isError ? (
          <LoadFailure error={replies.error} onRetry={() => void replies.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<IconRoute size={30} />}
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
            <CustomRepliesTable
              replies={list}
              onEdit={(reply) => setModal({ isOpen: true, reply })}
              onDelete={(reply) => {
                deleteReply.reset();
                setToDelete(reply);
              }}
            />
            <Text size="sm" c="dimmed">
              {t.showing(list.length)}
            </Text>
          </Stack>
        )}
      </Paper>
      <CustomReplyModal
        opened={modal.isOpen}
        reply={modal.reply}
        onClose={() => setModal((state) => ({ ...state, isOpen: false }))}
      />
      <ConfirmDeleteModal
        name={toDelete?.name ?? null}
        text={t.deleteText}
        isPending={deleteReply.isPending}
        error={deleteReply.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
