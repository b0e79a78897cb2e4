import type { AnswerOutcome, PlaygroundResponse, Reference } from "@harbor/contract/ai-agent";
import { safeHttpURL } from "@harbor/contract/answer-links";
import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { texts } from "../../../lib/texts";
import { PassagesTable } from "./passages-table";

const t = texts.aiAgent.playground;
const NUMBER_FORMAT = new Intl.NumberFormat("en");

/** The dot variant keeps the label dark on white (4.5:1); the dot carries the colour. */
const OUTCOME_COLORS: Record<AnswerOutcome, string> = {
  answered: "green",
  "no-match": "orange",
  "needs-order": "blue",
  "provider-failed": "red",
  "human-handling": "grape",
  handoff: "grape",
  conversation: "gray",
};

/** An answer as the visitor would see it, and what led to it. */
export function PlaygroundResult({ result }: { result: PlaygroundResponse }) {
  const isRtl = result.language === "he";
  const products = result.references.filter((reference) => reference.sourceType === "shopify-products");
  const links = result.references.filter((reference) => reference.sourceType !== "shopify-products");
  return (
    <Stack>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h4">
              {t.answer}
            </Title>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t.outcome}
              </Text>
              <Badge variant="dot" tt="none" color={OUTCOME_COLORS[result.outcome]} data-testid="outcome">
                {t.outcomes[result.outcome]}
              </Badge>
            </Group>
          </Group>
          <Stack gap="xs" dir={isRtl ? "rtl" : "ltr"} lang={result.language} data-testid="answer">
            {result.bubbles.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noAnswer}
              </Text>
            ) : (
              result.bubbles.map((bubble, index) => (
                <Box
                  // Bubbles have no id; they are replaced as a whole with each answer.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  bg="var(--mantine-color-gray-1)"
                  px="md"
                  py="xs"
                  maw={{ base: "100%", sm: "80%" }}
                  style={{ borderRadius: "var(--mantine-radius-lg)", alignSelf: "flex-start" }}
                  data-testid="answer-bubble"
                >
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {bubble}
                  </Text>
                </Box>
              ))
            )}
            {result.references.length > 0 ? (
              <Stack gap={6} mt="xs">
                <Text size="xs" fw={600} c="dimmed" lang="en" dir="ltr">
                  {t.references}
                </Text>
                {products.length > 0 ? (
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                    {products.map((reference) => (
                      <ProductCard key={`${reference.url}-${reference.title}`} reference={reference} />
                    ))}
                  </SimpleGrid>
                ) : null}
                {links.length > 0 ? (
                  <Stack component="ul" gap={4} m={0} pl="md">
                    {links.map((reference) => (
                      <li key={`${reference.url}-${reference.title}`}>
                        <ReferenceLink reference={reference} />
                      </li>
                    ))}
                  </Stack>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            {t.details}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={4}>
              <Detail label={t.category} value={result.questionCategory ?? t.none} />
              <Detail label={t.intent} value={result.selectedIntent ?? t.none} />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t.timings}
              </Text>
              <Detail label={t.timingLabels.retrieve} value={t.milliseconds(result.timings.retrieveMs)} />
              <Detail label={t.timingLabels.answer} value={t.milliseconds(result.timings.answerMs)} />
              <Detail label={t.timingLabels.total} value={t.milliseconds(result.timings.totalMs)} />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t.usage}
              </Text>
              {result.usage.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.noUsage}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={260}>
                  <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs" data-testid="usage">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.usageColumns.model}</Table.Th>
                        <Table.Th ta="right">{t.usageColumns.input}</Table.Th>
                        <Table.Th ta="right">{t.usageColumns.output}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.usage.map((row) => (
                        <Table.Tr key={row.model}>
                          <Table.Td style={{ overflowWrap: "anywhere" }}>{row.model}</Table.Td>
                          <Table.Td ta="right">{NUMBER_FORMAT.format(row.inputTokens)}</Table.Td>
                          <Table.Td ta="right">{NUMBER_FORMAT.format(row.outputTokens)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </SimpleGrid>
        </Stack>
      </Paper>

      {result.grounds.length > 0 ? <AnswerGroundsPanel grounds={result.grounds} /> : null}

      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t.passages}
          </Title>
          <PassagesTable passages={result.passages} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The engine's reasons: each question part's coverage against the bar, word by word. */
function AnswerGroundsPanel({ grounds }: { grounds: PlaygroundResponse["grounds"] }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="grounds">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t.grounds.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.grounds.explanation}
        </Text>
        {grounds.map((part, index) => (
          // Parts have no id and are replaced as a whole with each answer.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Stack key={index} gap={6}>
            {grounds.length > 1 ? (
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {t.grounds.part(part.question)}
              </Text>
            ) : null}
            <Text size="sm" fw={600} data-testid="verdict">
              {t.grounds.verdicts[part.verdict]}
            </Text>
            <Group gap="xs">
              <Badge variant="dot" tt="none" color={part.coverage >= part.threshold ? "green" : "orange"}>
                {t.grounds.percent(part.coverage)}
              </Badge>
              <Text size="sm">{t.grounds.summary(part.coverage, part.threshold)}</Text>
            </Group>
            <Table.ScrollContainer minWidth={300}>
              <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.grounds.columns.words}</Table.Th>
                    <Table.Th ta="right">{t.grounds.columns.weight}</Table.Th>
                    <Table.Th ta="right">{t.grounds.columns.covered}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {part.concepts.map((concept) => (
                    <Table.Tr key={concept.words}>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {concept.words}
                        {concept.isRequired ? null : (
                          <Text span size="xs" c="dimmed">
                            {" "}
                            ({t.grounds.implied})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{concept.weight.toFixed(2)}</Table.Td>
                      <Table.Td ta="right">{t.grounds.percent(concept.covered)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{" "}
      {value}
    </Text>
  );
}

function ReferenceLink({ reference }: { reference: Reference }) {
  const url = safeHttpURL(reference.url);
  if (!url) return <Text size="sm">{reference.title}</Text>;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: "anywhere" }}>
      {reference.title}
      <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}

/** Products are shown as the widget shows them: a picture with the name under it. */
function ProductCard({ reference }: { reference: Reference }) {
  const image = safeHttpURL(reference.image);
  return (
    <Card withBorder radius="md" p="xs" data-testid="product-reference">
      {image ? (
        <Card.Section>
          <Image src={image} alt="" h={96} fit="cover" />
        </Card.Section>
      ) : null}
      <Box mt={image ? "xs" : 0}>
        <ReferenceLink reference={reference} />
      </Box>
    </Card>
  );
}
