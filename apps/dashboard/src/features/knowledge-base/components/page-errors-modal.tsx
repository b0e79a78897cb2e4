import type { Source } from "@harbor/contract/knowledge";
import { Modal, Paper, Stack, Text } from "@mantine/core";
import { texts } from "../../../lib/texts";

const t = texts.knowledgeBase.sources;

type PageErrorsModalProps = { source: Source | null; opened: boolean; onClose: () => void };

/** The pages or items the last sync could not read, each with its reason. */
export function PageErrorsModal({ source, opened, onClose }: PageErrorsModalProps) {
  return (
    <Modal
      opened={opened && source !== null}
      onClose={onClose}
      title={source ? t.pageErrorsTitle(source.name) : ""}
      size="lg"
    >
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
        {(source?.integrationStatus.pageErrors ?? []).map((pageError) => (
          <Paper key={`${pageError.url}\n${pageError.message}`} component="li" withBorder radius="md" p="sm">
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              <Text span size="xs" c="dimmed" fw={400} display="block">
                {t.pageErrorsColumns.url}
              </Text>
              {pageError.url}
            </Text>
            <Text size="sm" mt={4}>
              <Text span size="xs" c="dimmed" display="block">
                {t.pageErrorsColumns.message}
              </Text>
              {pageError.message}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
