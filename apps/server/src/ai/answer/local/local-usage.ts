import type { TokenUsage } from "../answer-types";

/** The model name the local engine reports its work under (token usage, playground, logs). */
export const LOCAL_MODEL = "local";

/** The usual rule of thumb for English text; the local engine counts words and reports them as tokens. */
const TOKENS_PER_WORD = 1.3;

const wordCount = (texts: string[]) => texts.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);

/**
 * Token usage of one local step, so dashboards and limits treat it like a model call: the
 * words it read (question, passages, options) and the words it wrote, each × 1.3, rounded.
 */
export function localUsage(options: { read: string[]; written: string[] }): TokenUsage[] {
  return [
    {
      model: LOCAL_MODEL,
      inputTokens: Math.round(wordCount(options.read) * TOKENS_PER_WORD),
      outputTokens: Math.round(wordCount(options.written) * TOKENS_PER_WORD),
    },
  ];
}
