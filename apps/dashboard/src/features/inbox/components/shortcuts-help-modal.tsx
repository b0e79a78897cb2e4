import { Kbd, Modal, Table } from "@mantine/core";
import { texts } from "../../../lib/texts";

const t = texts.inbox.shortcuts;

const SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ["j", "↓"], label: t.next },
  { keys: ["k", "↑"], label: t.previous },
  { keys: ["e"], label: t.resolve },
  { keys: ["r"], label: texts.inbox.takeover.shortcutReply },
  { keys: ["?"], label: t.help },
];

export function ShortcutsHelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.title} centered>
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map(({ keys, label }) => (
            <Table.Tr key={label}>
              <Table.Td w={90}>
                {keys.map((key) => (
                  <Kbd key={key} mr={4}>
                    {key}
                  </Kbd>
                ))}
              </Table.Td>
              <Table.Td>{label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
