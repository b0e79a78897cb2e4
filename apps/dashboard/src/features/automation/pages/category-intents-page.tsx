import type { Intent } from "@harbor/contract/automation";
import { Anchor, Breadcrumbs, Stack, Text } from "@mantine/core";
import { IconTargetArrow } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { texts } from "../../../lib/texts";
import { useDeleteIntent } from "../api/delete-intent";
import { useCustomReplies } from "../api/get-custom-replies";
import { useQuestionCategory } from "../api/get-question-category";
import { ConfirmDeleteModal } from "../components/confirm-delete-modal";
import { IntentModal } from "../components/intent-modal";
import { IntentsTable } from "../components/intents-table";
import { AddButton, ListPanel } from "../components/list-panel";
import { QUESTION_CATEGORIES_PATH } from "../paths";
import { useConfirmedDelete } from "../use-confirmed-delete";

const t = texts.automation.intents;

type ModalState = { isOpen: boolean; intent: Intent | null };

/** /automation/question-categories/:categoryID: one category's intents (spec part 2 §2.2). */
export function CategoryIntentsPage() {
  const { categoryID = "" } = useParams();
  const category = useQuestionCategory(categoryID);
  const replies = useCustomReplies();
  const deletion = useConfirmedDelete<Intent>(useDeleteIntent(categoryID), t.deleted);
  const [modal, setModal] = useState<ModalState>({ isOpen: false, intent: null });
  const intents = category.data?.intents ?? [];
  const openNew = () => setModal({ isOpen: true, intent: null });

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
      <PageHeader
        title={category.data?.title ?? t.heading}
        description={t.heading}
        action={<AddButton label={t.add} onClick={openNew} disabled={!category.data} />}
      />
      <ListPanel
        query={category}
        loadingLabel={t.loading}
        count={intents.length}
        showing={t.showing(intents.length)}
        empty={{
          icon: <IconTargetArrow size={30} />,
          title: t.emptyTitle,
          text: t.emptyText,
          addLabel: t.add,
          onAdd: openNew,
        }}
      >
        <IntentsTable
          intents={intents}
          replies={replies.data ?? []}
          onOpen={(intent) => setModal({ isOpen: true, intent })}
          onDelete={deletion.ask}
        />
      </ListPanel>
      <IntentModal
        opened={modal.isOpen}
        categoryId={categoryID}
        intent={modal.intent}
        replies={replies.data ?? []}
        onClose={() => setModal((state) => ({ ...state, isOpen: false }))}
      />
      <ConfirmDeleteModal
        name={deletion.item?.title ?? null}
        isPending={deletion.isPending}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Stack>
  );
}
