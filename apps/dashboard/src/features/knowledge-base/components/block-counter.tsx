import { ARTICLE_BLOCK_BUDGET } from "@harbor/contract/knowledge";
import { Text } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { type BudgetLevel, budgetLevel } from "../article-draft";

const t = texts.knowledgeBase.articleEditor;

/** Text shades with at least 4.5:1 contrast on white; Mantine's own green and yellow are too light. */
const COLORS: Record<BudgetLevel, string> = {
  green: "#237a36",
  yellow: "#8a5a00",
  red: "var(--mantine-color-red-9)",
};

/** Characters left in a block's budget of 1600. */
export function BlockCounter({ left }: { left: number }) {
  const level = budgetLevel(left);
  return (
    <Text component="span" size="xs" fw={600} c={COLORS[level]} data-color={level} data-testid="block-counter">
      {left < 0 ? t.charactersOver(-left) : t.charactersLeft(left, ARTICLE_BLOCK_BUDGET)}
    </Text>
  );
}
