import type { PlaygroundResponse } from "@harbor/contract/ai-agent";
import { safeHttpURL } from "@harbor/contract/answer-links";
import { Anchor, Button, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { Fragment, useId, useState } from "react";
import { texts } from "../../../lib/texts";

const t = texts.aiAgent.playground;

type Passage = PlaygroundResponse["passages"][number];

/** The passages retrieval found, best first, each with its score and whether the answer cited it. */
export function PassagesTable({ passages }: { passages: Passage[] }) {
  const baseID = useId();
  const [openRows, setOpenRows] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setOpenRows((open) => {
      const next = new Set(open);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  if (passages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.noPassages}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="passages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.passageColumns.title}</Table.Th>
            <Table.Th w={90} ta="right">
              {t.passageColumns.score}
            </Table.Th>
            <Table.Th w={80}>{t.passageColumns.cited}</Table.Th>
            <Table.Th w={110}>{t.passageColumns.content}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passages.map((passage, index) => {
            const url = safeHttpURL(passage.url);
            const isOpen = openRows.has(index);
            const contentID = `${baseID}-passage-${index}`;
            const Chevron = isOpen ? IconChevronDown : IconChevronRight;
            return (
              // Passages have no id; the list is replaced as a whole with each answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Fragment key={index}>
                <Table.Tr>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    {url ? (
                      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
                        {passage.title}
                        <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
                      </Anchor>
                    ) : (
                      <Text size="sm">{passage.title}</Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                    {passage.score.toFixed(3)}
                  </Table.Td>
                  <Table.Td>{passage.isCited ? t.cited.yes : t.cited.no}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<Chevron size={14} aria-hidden />}
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? contentID : undefined}
                      onClick={() => toggle(index)}
                    >
                      {isOpen ? t.hideContent : t.showContent}
                      <VisuallyHidden> {t.contentOf(passage.title)}</VisuallyHidden>
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {isOpen ? (
                  <Table.Tr id={contentID}>
                    <Table.Td colSpan={4} bg="var(--mantine-color-gray-0)">
                      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                        {passage.content}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
