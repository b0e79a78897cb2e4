import type { Source } from "@harbor/contract/knowledge";
import { Modal } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { SourceForm } from "./source-form";

type EditSourceModalProps = {
  opened: boolean;
  source: Source;
  onClose: () => void;
  onSaved: () => void;
};

/** Name, URL, schedule and options of a source, changed in place (POST /document/sources/update). */
export function EditSourceModal({ opened, source, onClose, onSaved }: EditSourceModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={texts.knowledgeBase.editSource.title(source.name)}
      size="lg"
      centered
    >
      {opened ? (
        // The help desk matters only when adding a help center; an edit keeps the type.
        <SourceForm sources={[]} helpDesk={null} source={source} onSaved={onSaved} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}
