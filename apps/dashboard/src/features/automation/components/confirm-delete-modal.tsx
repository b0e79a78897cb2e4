import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";

const t = texts.automation;

type ConfirmDeleteModalProps = {
  /** The item's name; null keeps the modal closed. Spec part 2 §5: the confirmation names the item. */
  name: string | null;
  /** What deleting also changes, when it does. */
  text?: string;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDeleteModal({ name, text, isPending, error, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <Modal
      opened={name !== null}
      onClose={onCancel}
      title={t.deleteNamed(name ?? "")}
      centered
      styles={{ title: { overflowWrap: "anywhere" } }}
    >
      <Stack gap="xs">
        {error ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Text>{t.cannotUndo}</Text>
        {text ? <Text>{text}</Text> : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t.cancel}
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={isPending}>
          {t.delete}
        </Button>
      </Group>
    </Modal>
  );
}
