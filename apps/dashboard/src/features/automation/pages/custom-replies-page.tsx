import type { CustomReplyListItem } from "@harbor/contract/automation";
import { Stack } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useDeleteCustomReply } from "../api/delete-custom-reply";
import { useCustomReplies } from "../api/get-custom-replies";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { CustomRepliesTable } from "../components/custom-replies-table";
import { CustomReplyModal } from "../components/custom-reply-modal";
import { AddButton, ListPanel } from "../components/list-panel";
import { customReplyEditorPath } from "../paths";
import { useConfirmedDelete } from "../use-confirmed-delete";

const t = texts.automation.customReplies;

/**
 * /automation/custom-replies (spec part 2 §2.2). Add names a new reply and opens it in the flow
 * editor; Edit opens the editor (decision 044).
 */
export function CustomRepliesPage() {
  const replies = useCustomReplies();
  const deletion = useConfirmedDelete<CustomReplyListItem>(useDeleteCustomReply(), t.deleted);
  const navigate = useNavigate();
  const [isAdding, setIsAdding] = useState(false);
  const list = replies.data ?? [];
  const openNew = () => setIsAdding(true);

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
          onEdit={(reply) => void navigate(customReplyEditorPath(reply._id))}
          onDelete={deletion.ask}
        />
      </ListPanel>
      <CustomReplyModal
        opened={isAdding}
        onClose={() => setIsAdding(false)}
        onCreated={(reply) => void navigate(customReplyEditorPath(reply._id))}
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
