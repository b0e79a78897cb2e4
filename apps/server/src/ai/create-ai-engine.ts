import { type AppConfig, ConfigError } from "../config";
import type { Answerer, Classifier, Summarizer } from "./answer/answer-types";
import { createLlmAnswerer } from "./answer/llm-answerer";
import { createLlmClassifier } from "./answer/llm-classifier";
import { createLlmSummarizer } from "./answer/llm-summarizer";
import { createLocalAnswerer } from "./answer/local/local-answerer";
import { createLocalClassifier } from "./answer/local/local-classifier";
import { createLocalSummarizer } from "./answer/local/local-summarizer";
import { localPhrases } from "./answer/local/phrases";
import type { FixedReplies } from "./pipeline/answer-pipeline";
import { createAiProviders } from "./providers/create-providers";
import type { LlmProvider } from "./providers/llm-provider";

export type AiEngine = {
  /** "local" or the remote chat model's name, for logs and the playground. */
  model: string;
  answerer: Answerer;
  classifier: Classifier;
  summarizer: Summarizer;
  fixedReplies: FixedReplies;
};

/**
 * The answering parts for the configured provider (AI_PROVIDER). The local engine needs no
 * network or key; a remote one answers with an LLM. Tests pass `llm` to use a fake server.
 */
export async function createAiEngine(config: AppConfig, options: { llm?: LlmProvider | null } = {}): Promise<AiEngine> {
  const llm = options.llm !== undefined ? options.llm : await configuredLlm(config);
  const fixedReplies: FixedReplies = (language) => ({
    needsOrder: localPhrases[language].orderFlow,
    providerFailed: localPhrases[language].providerFailed,
    partNotFound: localPhrases[language].partNotFound,
  });
  if (!llm) {
    return {
      model: "local",
      answerer: createLocalAnswerer(),
      classifier: createLocalClassifier(),
      summarizer: createLocalSummarizer(),
      fixedReplies,
    };
  }
  return {
    model: llm.model,
    answerer: createLlmAnswerer(llm, {
      declineReplies: (language) => ({
        noMatch: localPhrases[language].noMatch,
        needsOrder: localPhrases[language].orderFlow,
      }),
    }),
    classifier: createLlmClassifier(llm),
    summarizer: createLlmSummarizer(llm),
    fixedReplies,
  };
}

/** A missing key is a configuration mistake: reported like one (main prints it, no stack trace). */
async function configuredLlm(config: AppConfig): Promise<LlmProvider | null> {
  try {
    return (
      await createAiProviders({
        aiProvider: config.aiProvider,
        aiModel: config.aiModel,
        openaiApiKey: config.openaiApiKey,
        openaiBaseUrl: config.openaiBaseUrl,
        anthropicApiKey: config.anthropicApiKey,
        anthropicBaseUrl: config.anthropicBaseUrl,
      })
    ).llm;
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${error instanceof Error ? error.message : String(error)}`);
  }
}
