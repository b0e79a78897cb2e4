import type { Source } from "@harbor/contract/knowledge";
import { Button, Code, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeleteSource } from "../api/delete-source";

const t = texts.knowledgeBase.deleteSource;

type DeleteSourceModalProps = {
  opened: boolean;
  source: Source;
  onClose: () => void;
  onDeleted: () => void;
};

/** Deleting a source needs its name typed exactly (spec part 1 §5). */
export function DeleteSourceModal({ opened, source, onClose, onDeleted }: DeleteSourceModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title(source.name)}
      centered
      styles={{ title: { overflowWrap: "anywhere" } }}
    >
      {opened ? <DeleteSourceForm source={source} onCancel={onClose} onDeleted={onDeleted} /> : null}
    </Modal>
  );
}

function DeleteSourceForm({
  source,
  onCancel,
  onDeleted,
}: {
  source: Source;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const deleteSource = useDeleteSource();
  const [typedName, setTypedName] = useState("");
  const isConfirmed = typedName === source.name;

  const confirm = () => {
    if (!isConfirmed || deleteSource.isPending) return;
    deleteSource.mutate(
      { sourceID: source._id },
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
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <Stack>
        <Text>{t.text}</Text>
        <TextInput
          label={
            // The name is set apart, so it reads as the thing to type and not as part of the sentence.
            <>
              {t.confirmLabel.before} <Code fz="inherit">{source.name}</Code> {t.confirmLabel.after}
            </>
          }
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          styles={{ label: { overflowWrap: "anywhere" } }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" color="red.9" disabled={!isConfirmed} loading={deleteSource.isPending}>
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
