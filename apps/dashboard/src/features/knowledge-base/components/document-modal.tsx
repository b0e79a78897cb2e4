import { safeHttpURL } from "@harbor/contract/answer-links";
import type { KnowledgeDocument } from "@harbor/contract/knowledge";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconAlertCircle, IconExternalLink, IconPencil, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteDocument } from "../api/delete-document";
import { useDocument } from "../api/get-document";
import { useResyncDocument } from "../api/resync-document";
import { useToggleDocument } from "../api/toggle-document";
import { articleEditorPath } from "../paths";
import { hasSourceLink } from "../source-rules";
import { DocumentStatusBadges } from "./document-status";
import { InstructionFlagsAlert } from "./instruction-flags-alert";

const t = texts.knowledgeBase.documentModal;

type DocumentModalProps = {
  opened: boolean;
  /** The document as the list holds it: the modal follows the list's updates. */
  document: KnowledgeDocument | null;
  onClose: () => void;
};

export function DocumentModal({ opened, document, onClose }: DocumentModalProps) {
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  /** Set once the user backs out of the delete question, so focus returns to the Delete button. */
  const [hasCancelledDelete, setCancelledDelete] = useState(false);
  const close = () => {
    setConfirmingDelete(false);
    setCancelledDelete(false);
    onClose();
  };
  const title = document ? document.title || texts.knowledgeBase.documents.untitled : "";
  return (
    <Modal
      opened={opened && document !== null}
      onClose={close}
      title={isConfirmingDelete ? t.deleteTitle(title) : title}
      size="xl"
      styles={{ title: { overflowWrap: "anywhere", fontWeight: 700 } }}
    >
      {opened && document ? (
        isConfirmingDelete ? (
          <DeleteDocumentConfirmation
            document={document}
            onCancel={() => {
              setConfirmingDelete(false);
              setCancelledDelete(true);
            }}
            onDeleted={close}
          />
        ) : (
          <DocumentDetails
            key={document.reference_id}
            document={document}
            focusDelete={hasCancelledDelete}
            onDelete={() => setConfirmingDelete(true)}
          />
        )
      ) : null}
    </Modal>
  );
}

type DocumentDetailsProps = { document: KnowledgeDocument; focusDelete: boolean; onDelete: () => void };

function DocumentDetails({ document, focusDelete, onDelete }: DocumentDetailsProps) {
  const deleteRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the details come back after the question
  useEffect(() => {
    if (focusDelete) deleteRef.current?.focus();
  }, []);
  const ref = { sourceID: document.source_id, referenceID: document.reference_id };
  const details = useDocument(ref);
  const toggle = useToggleDocument();
  const resync = useResyncDocument();
  const url = safeHttpURL(document.url);
  const isArticle = document.source_type === "macha-article";
  const isProduct = document.source_type === "shopify-products";

  /** Both flags go in every call; the one not being changed keeps its current value. */
  const setFlags = (change: { isActive?: boolean; showAsSource?: boolean }) => {
    if (toggle.isPending) return;
    toggle.mutate(
      {
        ...ref,
        isActive: change.isActive ?? document.is_active,
        showAsSource: change.showAsSource ?? document.show_as_source,
      },
      { onError: (error) => notifyError({ message: errorMessage(error) }) },
    );
  };

  const startResync = () => {
    if (resync.isPending) return;
    resync.mutate(ref, {
      onSuccess: () => notifySuccess({ message: isProduct ? t.productUpdated : t.updated }),
      onError: (error) => notifyError({ message: errorMessage(error) }),
    });
  };

  return (
    <Stack>
      <DocumentStatusBadges document={document} />
      {details.data ? <InstructionFlagsAlert flags={details.data.instructionFlags} /> : null}
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: "anywhere" }}>
          <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
            {url}
            <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
          <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
        </Anchor>
      ) : null}
      <Group gap="xl" align="flex-start">
        <Switch
          label={t.active}
          description={t.activeDescription}
          checked={document.is_active}
          disabled={toggle.isPending}
          onChange={(event) => setFlags({ isActive: event.currentTarget.checked })}
        />
        {hasSourceLink(document.source_type) ? (
          <Switch
            label={t.showAsSource}
            description={t.showAsSourceDescription}
            checked={document.show_as_source}
            disabled={toggle.isPending}
            onChange={(event) => setFlags({ showAsSource: event.currentTarget.checked })}
          />
        ) : null}
      </Group>
      <div>
        <Title order={3} size="h5" mb="xs">
          {t.content}
        </Title>
        {details.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loadingContent}
            </Text>
          </Group>
        ) : details.isError ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(details.error)}
          </Alert>
        ) : details.data.chunks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noContent}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
            {details.data.chunks.map((chunk, index) => (
              <Paper key={chunk.id} component="li" withBorder radius="md" p="sm" aria-label={t.chunk(index + 1)}>
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {chunk.content}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </div>
      <Group justify="space-between" mt="sm">
        <Button
          ref={deleteRef}
          variant="default"
          c="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onDelete}
        >
          {t.delete}
        </Button>
        {isArticle ? (
          <Button
            component={Link}
            to={articleEditorPath(document.reference_id)}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t.edit}
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={resync.isPending}
            onClick={startResync}
          >
            {isProduct ? t.updateProduct : t.update}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

type DeleteDocumentConfirmationProps = { document: KnowledgeDocument; onCancel: () => void; onDeleted: () => void };

function DeleteDocumentConfirmation({ document, onCancel, onDeleted }: DeleteDocumentConfirmationProps) {
  const deleteDocument = useDeleteDocument();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The question replaces the details inside the open modal: move focus into it.
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  const confirm = () => {
    if (deleteDocument.isPending) return;
    deleteDocument.mutate(
      { sourceID: document.source_id, referenceID: document.reference_id },
      {
        onSuccess: () => {
          notifySuccess({ message: t.deleted });
          onDeleted();
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };
  return (
    <>
      <Text>{t.deleteText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button ref={cancelRef} variant="default" onClick={onCancel}>
          {texts.common.cancel}
        </Button>
        <Button color="red.9" onClick={confirm} loading={deleteDocument.isPending}>
          {t.deleteConfirm}
        </Button>
      </Group>
    </>
  );
}
