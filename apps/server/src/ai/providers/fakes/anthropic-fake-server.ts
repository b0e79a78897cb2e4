import { z } from "zod";
import {
  estimateTokens,
  type FakeLlmReply,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeWire,
  joinText,
  startFakeLlmServer,
  streamPieces,
} from "./fake-llm-server";

const contentBlockSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

/** The parts of a Messages request the fake reads; anything else passes through unread. */
export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  system: z.union([z.string(), z.array(contentBlockSchema)]).optional(),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(["user", "assistant"]),
        content: z.union([z.string(), z.array(contentBlockSchema)]),
      }),
    )
    .min(1),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  tools: z.array(z.looseObject({ name: z.string(), input_schema: z.unknown().optional() })).optional(),
  tool_choice: z.looseObject({ type: z.enum(["auto", "any", "tool", "none"]), name: z.string().optional() }).optional(),
  output_config: z
    .looseObject({ format: z.looseObject({ type: z.literal("json_schema"), schema: z.unknown() }).optional() })
    .optional(),
});
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;

export type FakeAnthropicOptions = { apiKey: string };

export type FakeAnthropic = FakeLlmServer & {
  /** What to give the SDK as `baseURL` (the fake's url + /v1, like https://api.anthropic.com/v1). */
  baseURL: string;
  /** The accepted Messages requests, parsed. */
  messageRequests(): AnthropicMessagesRequest[];
};

/** A fake Anthropic Messages API (JSON and server-sent events, text and tool_use) on loopback. */
export async function startFakeAnthropic(options: FakeAnthropicOptions): Promise<FakeAnthropic> {
  const { apiKey } = options;
  let sequence = 0;

  function handle(request: FakeLlmRequest, nextReply: () => FakeLlmReply): FakeWire {
    if (request.headers["x-api-key"] !== apiKey)
      return anthropicError(401, "authentication_error", "invalid x-api-key");
    if (!request.headers["anthropic-version"]) {
      return anthropicError(400, "invalid_request_error", "anthropic-version: header is required");
    }
    if (request.method !== "POST" || request.path !== "/v1/messages") {
      return anthropicError(404, "not_found_error", `${request.method} ${request.path} not found`);
    }
    const parsed = anthropicMessagesRequestSchema.safeParse(request.body);
    if (!parsed.success) return anthropicError(400, "invalid_request_error", z.prettifyError(parsed.error));
    return message(parsed.data, nextReply(), ++sequence);
  }

  const server = await startFakeLlmServer({ handle, commonHeaders: () => ({ "request-id": `req_fake${sequence}` }) });
  return {
    ...server,
    baseURL: `${server.url}/v1`,
    messageRequests: () =>
      server.requests
        .filter((request) => request.path === "/v1/messages" && request.headers["x-api-key"] === apiKey)
        .map((request) => anthropicMessagesRequestSchema.safeParse(request.body))
        .flatMap((parsed) => (parsed.success ? [parsed.data] : [])),
  };
}

type Block = { kind: "text"; text: string | string[] } | { kind: "tool_use"; name: string; input: unknown };

function message(request: AnthropicMessagesRequest, reply: FakeLlmReply, sequence: number): FakeWire {
  if (reply.type === "hang") return { kind: "hang" };
  if (reply.type === "error") {
    const wire = anthropicError(reply.status, errorType(reply.status), reply.message ?? defaultMessage(reply.status));
    if (reply.retryAfterSeconds !== undefined) wire.headers = { "retry-after": String(reply.retryAfterSeconds) };
    return wire;
  }
  const block = chooseBlock(request, reply);
  if (typeof block === "string") return anthropicError(400, "invalid_request_error", block);

  const id = `msg_fake${sequence}`;
  const toolUseId = `toolu_fake${sequence}`;
  const outputText = block.kind === "text" ? joinText(block.text) : JSON.stringify(block.input);
  // Anthropic always reports usage; "none" from the script becomes zeros.
  const usage = {
    input_tokens: reply.usage === null ? 0 : (reply.usage?.inputTokens ?? estimateTokens(JSON.stringify(request))),
    output_tokens: reply.usage === null ? 0 : (reply.usage?.outputTokens ?? estimateTokens(outputText)),
  };
  const stopReason = block.kind === "text" ? "end_turn" : "tool_use";
  const base = { id, type: "message", role: "assistant", model: request.model };

  if (!request.stream) {
    const content =
      block.kind === "text"
        ? [{ type: "text", text: outputText }]
        : [{ type: "tool_use", id: toolUseId, name: block.name, input: block.input }];
    return {
      kind: "json",
      status: 200,
      body: { ...base, content, stop_reason: stopReason, stop_sequence: null, usage },
    };
  }

  const event = (type: string, data: object) => ({ event: type, data: JSON.stringify({ type, ...data }) });
  const isLeftOpen = reply.type === "text" && reply.isLeftOpen === true;
  const deltas =
    block.kind === "text"
      ? [
          event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
          event("ping", {}),
          ...streamPieces(block.text).map((text) =>
            event("content_block_delta", { index: 0, delta: { type: "text_delta", text } }),
          ),
        ]
      : [
          event("content_block_start", {
            index: 0,
            content_block: { type: "tool_use", id: toolUseId, name: block.name, input: {} },
          }),
          event("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: "" } }),
          event("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: outputText } }),
        ];
  const events = [
    event("message_start", {
      message: {
        ...base,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    }),
    ...deltas,
    ...(isLeftOpen
      ? []
      : [
          event("content_block_stop", { index: 0 }),
          event("message_delta", {
            delta: { stop_reason: stopReason, stop_sequence: null },
            usage: { output_tokens: usage.output_tokens },
          }),
          event("message_stop", {}),
        ]),
  ];
  return { kind: "sse", events, pauseMs: reply.type === "text" ? (reply.pauseMs ?? 0) : 0, isLeftOpen };
}

/**
 * What a model given this request would produce. Structured output arrives as text when the
 * request sets `output_config.format`, and as a call of the forced tool (the SDK's `json` tool
 * for older models) when `tool_choice` demands one.
 */
function chooseBlock(request: AnthropicMessagesRequest, reply: Exclude<FakeLlmReply, { type: "error" | "hang" }>) {
  // `tool` names the tool to call; `any` (what the SDK sends with its one `json` tool) obliges a call of some tool.
  const choice = request.tool_choice;
  const forcedTool =
    choice?.type === "tool" ? choice.name : choice?.type === "any" ? request.tools?.[0]?.name : undefined;
  if (reply.type === "text") return { kind: "text", text: reply.text } satisfies Block;
  if (reply.type === "tool-call") {
    if (!request.tools?.some((tool) => tool.name === reply.toolName)) {
      return `fake script asked for a call of tool "${reply.toolName}", but the request offers no such tool`;
    }
    return { kind: "tool_use", name: reply.toolName, input: reply.input } satisfies Block;
  }
  if (forcedTool && !request.output_config?.format) {
    return { kind: "tool_use", name: forcedTool, input: reply.value } satisfies Block;
  }
  return { kind: "text", text: JSON.stringify(reply.value) } satisfies Block;
}

function errorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

function defaultMessage(status: number): string {
  if (status === 429) return "Number of requests has exceeded your rate limit";
  if (status === 529) return "Overloaded";
  if (status >= 500) return "Internal server error";
  return "Invalid request";
}

/** Anthropic's error body: `{type: "error", error: {type, message}}`. */
function anthropicError(status: number, type: string, message: string) {
  return {
    kind: "json" as const,
    status,
    headers: {} as Record<string, string>,
    body: { type: "error", error: { type, message } },
  };
}
