import { createHash } from "node:crypto";
import { z } from "zod";
import {
  estimateTokens,
  type FakeLlmReply,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeUsage,
  type FakeWire,
  joinText,
  startFakeLlmServer,
  streamPieces,
} from "./fake-llm-server";

/** The parts of a Chat Completions request the fake reads; anything else passes through unread. */
export const openAiChatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(["system", "developer", "user", "assistant", "tool"]),
        content: z.union([
          z.string(),
          z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
          z.null(),
        ]),
      }),
    )
    .min(1),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  response_format: z
    .looseObject({
      type: z.enum(["text", "json_object", "json_schema"]),
      json_schema: z.looseObject({ name: z.string(), schema: z.unknown(), strict: z.boolean().optional() }).optional(),
    })
    .optional(),
  tools: z
    .array(z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) }))
    .optional(),
  tool_choice: z
    .union([z.string(), z.looseObject({ type: z.literal("function"), function: z.object({ name: z.string() }) })])
    .optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
});
export type OpenAiChatRequest = z.infer<typeof openAiChatRequestSchema>;

export const openAiEmbeddingsRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2048)]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().positive().optional(),
});
export type OpenAiEmbeddingsRequest = z.infer<typeof openAiEmbeddingsRequestSchema>;

export type FakeOpenAiOptions = {
  apiKey: string;
  /** The length of vectors when a request names no `dimensions` (the model's own length). */
  nativeDimensions?: number;
};

export type FakeOpenAi = FakeLlmServer & {
  /** What to give the SDK as `baseURL` (the fake's url + /v1). */
  baseURL: string;
  /** The accepted chat requests, parsed. */
  chatRequests(): OpenAiChatRequest[];
  embeddingRequests(): OpenAiEmbeddingsRequest[];
};

/**
 * A fake OpenAI (Chat Completions, streaming included, and Embeddings) on loopback. Any
 * OpenAI-compatible server speaks the same, so this also stands in for Ollama, vLLM, llama.cpp.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  const { apiKey, nativeDimensions = 8 } = options;
  let sequence = 0;

  function handle(request: FakeLlmRequest, nextReply: () => FakeLlmReply): FakeWire {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return unauthorized(request.headers.authorization);
    if (request.method === "POST" && request.path === "/v1/chat/completions") {
      const parsed = openAiChatRequestSchema.safeParse(request.body);
      if (!parsed.success) return invalidRequest(z.prettifyError(parsed.error));
      return chatCompletion(parsed.data, nextReply(), ++sequence);
    }
    if (request.method === "POST" && request.path === "/v1/embeddings") {
      const parsed = openAiEmbeddingsRequestSchema.safeParse(request.body);
      if (!parsed.success) return invalidRequest(z.prettifyError(parsed.error));
      const reply = nextReply();
      if (reply.type === "error" || reply.type === "hang") return failureWire(reply);
      return embeddings(parsed.data, parsed.data.dimensions ?? nativeDimensions);
    }
    return openAiError(404, `Invalid URL (${request.method} ${request.path})`, "invalid_request_error");
  }

  const server = await startFakeLlmServer({
    handle,
    commonHeaders: () => ({ "x-request-id": `req_fake_${sequence}`, "openai-processing-ms": "1" }),
  });
  const accepted = <T>(path: string, schema: z.ZodType<T>) =>
    server.requests
      .filter((request) => request.path === path && request.headers.authorization === `Bearer ${apiKey}`)
      .map((request) => schema.safeParse(request.body))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []));

  return {
    ...server,
    baseURL: `${server.url}/v1`,
    chatRequests: () => accepted("/v1/chat/completions", openAiChatRequestSchema),
    embeddingRequests: () => accepted("/v1/embeddings", openAiEmbeddingsRequestSchema),
  };
}

type ChatChoice = { kind: "content"; text: string | string[] } | { kind: "tool-call"; name: string; arguments: string };

function chatCompletion(request: OpenAiChatRequest, reply: FakeLlmReply, sequence: number): FakeWire {
  if (reply.type === "error" || reply.type === "hang") return failureWire(reply);
  const choice = chooseOutput(request, reply);
  if (typeof choice === "string") return invalidRequest(choice);

  const id = `chatcmpl-fake${sequence}`;
  const created = Math.floor(Date.now() / 1000);
  const outputText = choice.kind === "content" ? joinText(choice.text) : choice.arguments;
  const usage = openAiUsage(reply.usage, JSON.stringify(request.messages), outputText);
  const finishReason = choice.kind === "content" ? "stop" : "tool_calls";
  const toolCallId = `call_fake${sequence}`;

  if (!request.stream) {
    const message =
      choice.kind === "content"
        ? { role: "assistant", content: outputText, refusal: null }
        : {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: toolCallId, type: "function", function: { name: choice.name, arguments: choice.arguments } },
            ],
          };
    return {
      kind: "json",
      status: 200,
      delayMs: reply.delayMs,
      body: {
        id,
        object: "chat.completion",
        created,
        model: request.model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
        ...(usage ? { usage } : {}),
        system_fingerprint: "fp_fake",
      },
    };
  }

  const chunk = (delta: object, finish: string | null = null) =>
    JSON.stringify({
      id,
      object: "chat.completion.chunk",
      created,
      model: request.model,
      system_fingerprint: "fp_fake",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  const deltas =
    choice.kind === "content"
      ? [
          chunk({ role: "assistant", content: "", refusal: null }),
          ...streamPieces(choice.text).map((piece) => chunk({ content: piece })),
        ]
      : [
          chunk({
            role: "assistant",
            content: null,
            tool_calls: [
              { index: 0, id: toolCallId, type: "function", function: { name: choice.name, arguments: "" } },
            ],
          }),
          // Arguments arrive in fragments, as they do from OpenAI.
          ...halves(choice.arguments).map((part) =>
            chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }),
          ),
        ];
  const isLeftOpen = reply.type === "text" && reply.isLeftOpen === true;
  const events = [
    ...deltas,
    ...(isLeftOpen ? [] : [chunk({}, finishReason)]),
    // The usage chunk has no choices, and comes only when asked for.
    ...(usage && request.stream_options?.include_usage && !isLeftOpen
      ? [JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.model, choices: [], usage })]
      : []),
    ...(isLeftOpen ? [] : ["[DONE]"]),
  ];
  return {
    kind: "sse",
    events: events.map((data) => ({ data })),
    pauseMs: reply.type === "text" ? (reply.pauseMs ?? 0) : 0,
    isLeftOpen,
    delayMs: reply.delayMs,
  };
}

/** What a model given this request would produce for the script's reply, or why it can't. */
function chooseOutput(request: OpenAiChatRequest, reply: Exclude<FakeLlmReply, { type: "error" | "hang" }>) {
  if (reply.type === "text") return { kind: "content", text: reply.text } satisfies ChatChoice;
  if (reply.type === "tool-call") {
    if (!request.tools?.some((tool) => tool.function.name === reply.toolName)) {
      return `fake script asked for a call of tool "${reply.toolName}", but the request offers no such tool`;
    }
    return { kind: "tool-call", name: reply.toolName, arguments: JSON.stringify(reply.input) } satisfies ChatChoice;
  }
  // A named function, or "required" (some function), obliges the model to call a tool.
  const choice = request.tool_choice;
  const forcedTool =
    typeof choice === "object"
      ? choice.function.name
      : choice === "required"
        ? request.tools?.[0]?.function.name
        : undefined;
  if (forcedTool && !request.response_format) {
    return { kind: "tool-call", name: forcedTool, arguments: JSON.stringify(reply.value) } satisfies ChatChoice;
  }
  return { kind: "content", text: JSON.stringify(reply.value) } satisfies ChatChoice;
}

function openAiUsage(usage: FakeUsage | undefined, prompt: string, output: string) {
  if (usage === null) return undefined;
  const promptTokens = usage?.inputTokens ?? estimateTokens(prompt);
  const completionTokens = usage?.outputTokens ?? estimateTokens(output);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function embeddings(request: OpenAiEmbeddingsRequest, dimensions: number): FakeWire {
  const inputs = typeof request.input === "string" ? [request.input] : request.input;
  return {
    kind: "json",
    status: 200,
    body: {
      object: "list",
      data: inputs.map((text, index) => ({ object: "embedding", index, embedding: fakeVector(text, dimensions) })),
      model: request.model,
      usage: {
        prompt_tokens: inputs.reduce((sum, text) => sum + estimateTokens(text), 0),
        total_tokens: inputs.reduce((sum, text) => sum + estimateTokens(text), 0),
      },
    },
  };
}

/** The same text always gets the same vector, so tests can tell which vector belongs to which text. */
export function fakeVector(text: string, dimensions: number): number[] {
  const digest = createHash("sha256").update(text).digest();
  return Array.from({ length: dimensions }, (_, index) => (digest[index % digest.length] ?? 0) / 255);
}

function failureWire(reply: Extract<FakeLlmReply, { type: "error" | "hang" }>): FakeWire {
  if (reply.type === "hang") return { kind: "hang" };
  const wire = openAiError(reply.status, reply.message ?? defaultMessage(reply.status), errorType(reply.status));
  if (reply.retryAfterSeconds !== undefined) wire.headers = { "retry-after": String(reply.retryAfterSeconds) };
  return { ...wire, delayMs: reply.delayMs };
}

function defaultMessage(status: number): string {
  if (status === 429) return "Rate limit reached for requests. Please try again later.";
  if (status >= 500) return "The server had an error while processing your request. Sorry about that!";
  return "Bad request";
}

function errorType(status: number): string {
  if (status === 429) return "requests";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

/** OpenAI's error body: `{error: {message, type, param, code}}`. */
function openAiError(status: number, message: string, type: string, code: string | null = null) {
  return {
    kind: "json" as const,
    status,
    headers: {} as Record<string, string>,
    body: { error: { message, type, param: null, code } },
  };
}

function unauthorized(authorization: string | undefined): FakeWire {
  const key = authorization?.replace(/^Bearer\s+/i, "") ?? "";
  if (!key) {
    return openAiError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.",
      "invalid_request_error",
    );
  }
  // OpenAI shows a masked key back; the provider must not pass even that much on as-is.
  const masked = key.length > 8 ? `${key.slice(0, 3)}${"*".repeat(key.length - 7)}${key.slice(-4)}` : "****";
  return openAiError(
    401,
    `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    "invalid_request_error",
    "invalid_api_key",
  );
}

function invalidRequest(message: string): FakeWire {
  return openAiError(400, message, "invalid_request_error");
}

function halves(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter(Boolean);
}
