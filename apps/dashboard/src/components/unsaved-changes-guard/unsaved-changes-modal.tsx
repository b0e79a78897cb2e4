import { Button, Group, Modal, Text } from "@mantine/core";
import { texts } from "../../lib/texts";
import type { UnsavedChangesGuard } from "./use-unsaved-changes-guard";

/** Above ordinary modals (200) so it also shows over the form modal whose changes it protects. */
const GUARD_Z_INDEX = 350;

/**
 * The question shown when navigation is held back by useUnsavedChangesGuard. Escape means Cancel.
 * Its buttons stop Escape from also closing a form modal underneath (Mantine checks the attribute).
 */
export function UnsavedChangesModal({ guard }: { guard: UnsavedChangesGuard }) {
  return (
    <Modal
      opened={guard.isBlocked}
      onClose={guard.cancel}
      title={texts.unsavedChanges.title}
      zIndex={GUARD_Z_INDEX}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      onKeyDown={(event) => {
        if (event.key === "Escape") guard.cancel();
      }}
    >
      <Text>{texts.unsavedChanges.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={guard.cancel} data-autofocus data-mantine-stop-propagation="true">
          {texts.unsavedChanges.cancel}
        </Button>
        <Button onClick={guard.proceed} data-mantine-stop-propagation="true">
          {texts.unsavedChanges.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
