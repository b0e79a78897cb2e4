import type { ModelPrice } from "@harbor/contract/analytics";
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from "../../ai/providers/create-providers";

/**
 * Harbor's starting prices, in USD per million tokens, from the providers' public price lists
 * (standard tier) for the models Harbor's configuration names or offers
 * (AI_MODEL): the admin edits them when their contract differs. The local engine runs on the
 * shop's own server, so its tokens cost nothing (decision 046).
 */
export const DEFAULT_MODEL_PRICES: readonly ModelPrice[] = [
  { model: "local", inputPerMillion: 0, outputPerMillion: 0 },
  { model: DEFAULT_OPENAI_MODEL, inputPerMillion: 0.15, outputPerMillion: 0.6 },
  { model: "gpt-4o", inputPerMillion: 2.5, outputPerMillion: 10 },
  { model: "gpt-4.1", inputPerMillion: 2, outputPerMillion: 8 },
  { model: "gpt-4.1-mini", inputPerMillion: 0.4, outputPerMillion: 1.6 },
  { model: "gpt-4.1-nano", inputPerMillion: 0.1, outputPerMillion: 0.4 },
  { model: "gpt-5", inputPerMillion: 1.25, outputPerMillion: 10 },
  { model: "gpt-5-mini", inputPerMillion: 0.25, outputPerMillion: 2 },
  { model: "gpt-5-nano", inputPerMillion: 0.05, outputPerMillion: 0.4 },
  { model: DEFAULT_ANTHROPIC_MODEL, inputPerMillion: 1, outputPerMillion: 5 },
  { model: "claude-sonnet-4-5", inputPerMillion: 3, outputPerMillion: 15 },
  { model: "text-embedding-3-small", inputPerMillion: 0.02, outputPerMillion: 0 },
];
