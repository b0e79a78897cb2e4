import { generateText, type LanguageModel, type LanguageModelUsage, type ModelMessage, Output, streamText } from "ai";
import type { TokenUsage } from "../answer/answer-types";
import type { LlmProvider, LlmRequest } from "./llm-provider";
import { callProvider, type ProviderCallPolicy } from "./provider-call";

export type SdkLlmProviderOptions = ProviderCallPolicy & {
  name: LlmProvider["name"];
  model: string;
  languageModel: LanguageModel;
  /** The API key, so no error message can carry it. */
  secret: string;
};

/**
 * The part of the OpenAI and Anthropic providers that is the same: the AI SDK's streamText and
 * generateText behind `LlmProvider`, with our deadline, retries and `ProviderError`s around them.
 */
export function createSdkLlmProvider(options: SdkLlmProviderOptions): LlmProvider {
  const { name, model, languageModel, secret, ...policy } = options;
  const label = `${name} ${model}`;
  const toUsage = (usage: LanguageModelUsage | undefined): TokenUsage => ({
    model,
    // OpenAI-compatible servers may send no usage at all; count nothing rather than guess.
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
  });

  return {
    name,
    model,

    streamText(request) {
      const channel = createTextChannel();
      // Lets the reader stop the request by leaving its loop early (the visitor went away).
      const readerGone = new AbortController();
      const callerSignal = request.signal ? AbortSignal.any([request.signal, readerGone.signal]) : readerGone.signal;
      let hasEmitted = false;

      const finished = callProvider({
        label,
        secret,
        policy,
        callerSignal,
        canRetry: () => !hasEmitted,
        attempt: async (signal) => {
          const result = streamText({
            model: languageModel,
            ...sdkRequest(request),
            abortSignal: signal,
            maxRetries: 0,
            // Errors arrive as stream parts below; the default handler would also print them.
            onError: () => {},
          });
          let text = "";
          let usage: LanguageModelUsage | undefined;
          for await (const part of result.fullStream) {
            if (part.type === "text-delta" && part.text) {
              hasEmitted = true;
              text += part.text;
              channel.push(part.text);
            } else if (part.type === "finish") {
              usage = part.totalUsage;
            } else if (part.type === "error") {
              throw part.error;
            } else if (part.type === "abort") {
              throw signal.reason ?? new Error("aborted");
            }
          }
          signal.throwIfAborted();
          return { text, usage: toUsage(usage) };
        },
      });
      finished.then(
        () => channel.end(),
        (error: unknown) => channel.end(error),
      );
      return { textStream: channel.read(() => readerGone.abort()), finished };
    },

    async generateObject(request) {
      return callProvider({
        label,
        secret,
        policy,
        callerSignal: request.signal,
        attempt: async (signal) => {
          const result = await generateText({
            model: languageModel,
            ...sdkRequest(request),
            output: Output.object({ schema: request.schema, name: request.schemaName }),
            abortSignal: signal,
            maxRetries: 0,
          });
          return { object: result.output, usage: toUsage(result.usage) };
        },
      });
    },
  };
}

function sdkRequest(request: LlmRequest) {
  const messages: ModelMessage[] = request.messages.map((message) => ({
    role: message.role,
    content: message.content,
  }));
  return {
    system: request.system,
    messages,
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
  };
}

/**
 * Text pieces from the request to one reader. The request runs on its own (so `finished`
 * settles even when nobody reads the text); the reader gets what arrived, then the end or the
 * error.
 */
function createTextChannel() {
  const pieces: string[] = [];
  let ending: { error?: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(piece: string) {
      pieces.push(piece);
      notify();
    },
    end(error?: unknown) {
      ending = error === undefined ? {} : { error };
      notify();
    },
    async *read(onLeftEarly: () => void): AsyncGenerator<string, void, void> {
      let isDone = false;
      try {
        while (true) {
          const piece = pieces.shift();
          if (piece !== undefined) {
            yield piece;
          } else if (ending) {
            isDone = true;
            if ("error" in ending) throw ending.error;
            return;
          } else {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
        }
      } finally {
        if (!isDone) onLeftEarly();
      }
    },
  };
}
