import type { CustomReplyListItem } from "@harbor/contract/automation";
import { Stack } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useDeleteCustomReply } from "../api/delete-custom-reply";
import { useCustomReplies } from "../api/get-custom-replies";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { CustomRepliesTable } from "../components/custom-replies-table";
import { CustomReplyModal } from "../components/custom-reply-modal";
import { AddButton, ListPanel } from "../components/list-panel";
import { useConfirmedDelete } from "../use-confirmed-delete";

const t = texts.automation.customReplies;

type ModalState = { isOpen: boolean; reply: CustomReplyListItem | null };

/**
 * /automation/custom-replies (spec part 2 §2.2). Add and Edit name a reply here until the flow
 * editor (/automation/custom-replies/:id) exists (decision 038).
 */
export function CustomRepliesPage() {
  const replies = useCustomReplies();
  const deletion = useConfirmedDelete<CustomReplyListItem>(useDeleteCustomReply(), t.deleted);
  const [modal, setModal] = useState<ModalState>({ isOpen: false, reply: null });
  const list = replies.data ?? [];
  const openNew = () => setModal({ isOpen: true, reply: null });

  return (
    <Stack>
      <PageHeader
        title={t.title}
        description={t.description}
        action={<AddButton label={t.add} onClick={openNew} disabled={replies.isPending} />}
      />
      <ListPanel
        query={replies}
        loadingLabel={t.loading}
        count={list.length}
        showing={t.showing(list.length)}
        empty={{
          icon: <IconRoute size={30} />,
          title: t.emptyTitle,
          text: t.emptyText,
          addLabel: t.add,
          onAdd: openNew,
        }}
      >
        <CustomRepliesTable
          replies={list}
          onEdit={(reply) => setModal({ isOpen: true, reply })}
          onDelete={deletion.ask}
        />
      </ListPanel>
      <CustomReplyModal
        opened={modal.isOpen}
        reply={modal.reply}
        onClose={() => setModal((state) => ({ ...state, isOpen: false }))}
      />
      <ConfirmDeleteModal
        name={deletion.item?.name ?? null}
        text={t.deleteText}
        isPending={deletion.isPending}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Stack>
  );
}
