import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { texts } from "../../../lib/texts";

type ConfirmDeleteModalProps = {
  opened: boolean;
  /** Names the item: "Delete Shipping?" (spec part 2 §5: a delete confirmation names the item). */
  title: string;
  text: string[];
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDeleteModal(props: ConfirmDeleteModalProps) {
  const { opened, title, text, confirmLabel, isPending, onConfirm, onCancel } = props;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered styles={{ title: { overflowWrap: "anywhere" } }}>
      <Stack gap="xs">
        {text.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {texts.common.cancel}
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={isPending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
