import { splitAnswerLinks } from "@harbor/contract/answer-links";
import { Anchor, Box, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export type BubbleTone = "customer" | "ai" | "agent" | "note";

const TONES: Record<BubbleTone, { background: string; border: string; side: "flex-start" | "flex-end" }> = {
  customer: { background: "var(--mantine-color-gray-1)", border: "transparent", side: "flex-start" },
  ai: { background: "var(--mantine-color-harbor-0)", border: "transparent", side: "flex-end" },
  agent: { background: "var(--mantine-color-blue-0)", border: "var(--mantine-color-blue-3)", side: "flex-end" },
  note: { background: "var(--mantine-color-yellow-0)", border: "var(--mantine-color-yellow-6)", side: "flex-end" },
};

/** Who said it and when, above one or more bubbles on that sender's side. */
export function MessageGroup({ tone, label, children }: { tone: BubbleTone; label: string; children: ReactNode }) {
  return (
    <Stack gap={4} align={TONES[tone].side} data-tone={tone}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * One bubble of text. Text stays text (never HTML); dir="auto" lets Hebrew run right to left.
 * Addresses on the company's own hosts are links, as the widget shows them; any other address
 * stays text, the same rule (answer-links.ts), so staff see what the visitor saw.
 */
export function MessageBubble({
  tone,
  text,
  linkHosts = [],
}: {
  tone: BubbleTone;
  text: string;
  linkHosts?: readonly string[];
}) {
  const { background, border } = TONES[tone];
  return (
    <Box
      bg={background}
      px="md"
      py="xs"
      maw={{ base: "92%", sm: "80%" }}
      style={{ borderRadius: "var(--mantine-radius-lg)", border: `1px solid ${border}` }}
      data-testid="message-bubble"
    >
      <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {splitAnswerLinks(text, linkHosts).map((part, index) =>
          typeof part === "string" ? (
            part
          ) : (
            // Parts are cut from one text and never move.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" inherit>
              {part.text}
            </Anchor>
          ),
        )}
      </Text>
    </Box>
  );
}
