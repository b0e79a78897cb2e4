import type { AnswerEngine, AnswerRule } from "@harbor/contract/ai-agent";
import { Anchor, Badge, Stack, Table, Text } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { isIgnoredByEngine } from "../is-ignored-by-engine";

const t = texts.aiAgent.answerRules;

type AnswerRulesTableProps = { rules: AnswerRule[]; engine: AnswerEngine; onOpen: (rule: AnswerRule) => void };

/**
 * A row opens its rule. The name is a button, so a row is reached with Tab and opened with Enter
 * as well as with a click anywhere on it.
 */
export function AnswerRulesTable({ rules, engine, onOpen }: AnswerRulesTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%">{t.columns.name}</Table.Th>
            <Table.Th>{t.columns.description}</Table.Th>
            <Table.Th w={engine === "local" ? 170 : 110}>{t.columns.status}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => (
            <Table.Tr key={rule._id} data-rule-id={rule._id} style={{ cursor: "pointer" }} onClick={() => onOpen(rule)}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  ta="left"
                  fw={600}
                  aria-label={t.open(rule.title)}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(rule);
                  }}
                  style={{ overflowWrap: "anywhere" }}
                >
                  {rule.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
                  {rule.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Badge variant="dot" tt="none" color={rule.isActive ? "green" : "gray"}>
                    {rule.isActive ? t.statuses.active : t.statuses.inactive}
                  </Badge>
                  {isIgnoredByEngine(rule, engine) ? (
                    <Badge
                      variant="filled"
                      tt="none"
                      color="yellow.3"
                      autoContrast
                      style={{ whiteSpace: "normal", height: "auto" }}
                    >
                      {t.localEngine.ignoredBadge}
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
