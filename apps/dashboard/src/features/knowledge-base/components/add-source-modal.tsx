import type { Source } from "@harbor/contract/knowledge";
import { Button, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { texts } from "../../../lib/texts";
import type { HelpDeskIntegration } from "../source-rules";
import { SourceForm } from "./source-form";

const t = texts.knowledgeBase.addSource;
type AddSourceModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The company's current sources: a help center can be added only once. */
  sources: Source[];
  /** The connected help desk; null while it is not connected (Settings → Integrations). */
  helpDesk: HelpDeskIntegration | null;
};

/** Two states (spec part 1 §4, forms): the form, then "Source added" once the source is syncing. */
export function AddSourceModal({ opened, onClose, sources, helpDesk }: AddSourceModalProps) {
  const [addedName, setAddedName] = useState<string | null>(null);
  // Each opening starts with the form.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setAddedName(null);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={addedName === null ? t.title : t.successTitle} size="lg" centered>
      {!opened ? null : addedName === null ? (
        <SourceForm sources={sources} helpDesk={helpDesk} onSaved={setAddedName} onCancel={onClose} />
      ) : (
        <Stack align="center" ta="center" gap="md" py="md">
          <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Text maw={440}>{t.successText(addedName)}</Text>
          <Button onClick={onClose} data-autofocus>
            {texts.common.close}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
