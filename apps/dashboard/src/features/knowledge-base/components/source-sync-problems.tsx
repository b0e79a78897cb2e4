import type { Source } from "@harbor/contract/knowledge";
import { Anchor, Stack, Text } from "@mantine/core";
import { texts } from "../../../lib/texts";

const t = texts.knowledgeBase.sources;

type SourceSyncProblemsProps = { source: Source; onShowPageErrors: (source: Source) => void };

/** The last sync's failure and the count of pages it could not read, when there are any. */
export function SourceSyncProblems({ source, onShowPageErrors }: SourceSyncProblemsProps) {
  const { lastError, pageErrors } = source.integrationStatus;
  if (!lastError && pageErrors.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      {lastError ? (
        <Text size="xs" c="red.9" style={{ overflowWrap: "anywhere" }}>
          {t.lastError(lastError)}
        </Text>
      ) : null}
      {pageErrors.length > 0 ? (
        <Anchor
          component="button"
          type="button"
          size="xs"
          c="red.9"
          ta="left"
          onClick={(event) => {
            event.stopPropagation();
            onShowPageErrors(source);
          }}
        >
          {t.pageErrors(pageErrors.length)}
        </Anchor>
      ) : null}
    </Stack>
  );
}
