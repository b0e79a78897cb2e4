import type { AnswerEngine, AnswerRule } from "@harbor/contract/ai-agent";
import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { type ResponsiveColumn, ResponsiveTable } from "../../../components/responsive-table";
import { texts } from "../../../lib/texts";
import { isIgnoredByEngine } from "../is-ignored-by-engine";

const t = texts.aiAgent.answerRules;

type AnswerRulesTableProps = { rules: AnswerRule[]; engine: AnswerEngine; onOpen: (rule: AnswerRule) => void };

/**
 * A row opens its rule. The name is a button, so a row is reached with Tab and opened with Enter
 * as well as with a click anywhere on it.
 */
export function AnswerRulesTable({ rules, engine, onOpen }: AnswerRulesTableProps) {
  const columns: ResponsiveColumn<AnswerRule>[] = [
    {
      key: "name",
      header: t.columns.name,
      width: "30%",
      cell: (rule) => (
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
      ),
    },
    {
      key: "description",
      header: t.columns.description,
      cell: (rule) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
          {rule.description}
        </Text>
      ),
      // A card shows the whole description, broken only between words.
      cardCell: (rule) => (
        <Text size="sm" style={{ overflowWrap: "break-word" }} data-testid="rule-description">
          {rule.description}
        </Text>
      ),
    },
    {
      key: "status",
      header: t.columns.status,
      width: engine === "local" ? 170 : 110,
      cell: (rule) => (
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
      ),
    },
  ];
  return (
    <ResponsiveTable
      rows={rules}
      rowKey={(rule) => rule._id}
      columns={columns}
      label={t.listLabel}
      onRowClick={onOpen}
      rowAttributes={(rule) => ({ "data-rule-id": rule._id })}
      minWidth={560}
    />
  );
}
