import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createVirtualClock } from "../../integrations/virtual-clock";
import { type AnthropicProviderOptions, createAnthropicProvider } from "./anthropic-provider";
import { type FakeAnthropic, startFakeAnthropic } from "./fakes/anthropic-fake-server";
import { type LlmProvider, ProviderError } from "./llm-provider";

const API_KEY = "sk-ant-test-0123456789";
let fake: FakeAnthropic | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Partial<AnthropicProviderOptions> = {}) {
  const clock = createVirtualClock();
  fake = await startFakeAnthropic({ apiKey: API_KEY });
  const provider = createAnthropicProvider({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: "claude-haiku-4-5",
    sleep: clock.sleep,
    ...options,
  });
  return { fake, provider, clock };
}

const request = {
  system: "You are a test.",
  messages: [
    { role: "user" as const, content: "Earlier question" },
    { role: "assistant" as const, content: "Earlier answer" },
    { role: "user" as const, content: "Hello?" },
  ],
};
const productSchema = z.object({ colour: z.string(), sizes: z.array(z.number()) });

async function readAll(provider: LlmProvider) {
  const stream = provider.streamText(request);
  const pieces: string[] = [];
  for await (const piece of stream.textStream) pieces.push(piece);
  return { pieces, finished: await stream.finished };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("Anthropic provider against the fake Messages server", () => {
  it("streams text deltas that join to the whole answer, with usage from message_start and message_delta", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "text", text: ["Ret", "urns ", "are free."], usage: { inputTokens: 31, outputTokens: 6 } });

    const { pieces, finished } = await readAll(provider);

    expect(pieces).toEqual(["Ret", "urns ", "are free."]);
    expect(finished).toEqual({
      text: "Returns are free.",
      usage: { model: "claude-haiku-4-5", inputTokens: 31, outputTokens: 6 },
    });
    const [sent] = fake.messageRequests();
    expect(sent?.stream).toBe(true);
    // The system prompt travels in `system`, never as a message.
    expect(sent?.system).toEqual([{ type: "text", text: "You are a test." }]);
    expect(sent?.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(fake.requests[0]?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(fake.requests[0]?.headers["x-api-key"]).toBe(API_KEY);
  });

  it("gets structured output through the forced `json` tool on models without native structured output", async () => {
    const { fake, provider } = await setup({ model: "claude-3-haiku-20240307" });
    fake.reply({
      type: "object",
      value: { colour: "red", sizes: [1, 2] },
      usage: { inputTokens: 12, outputTokens: 4 },
    });

    const result = await provider.generateObject({ ...request, schema: productSchema, schemaName: "product" });

    expect(result.object).toEqual({ colour: "red", sizes: [1, 2] });
    expect(result.usage).toEqual({ model: "claude-3-haiku-20240307", inputTokens: 12, outputTokens: 4 });
    const [sent] = fake.messageRequests();
    expect(sent?.tools?.map((tool) => tool.name)).toEqual(["json"]);
    expect(sent?.tool_choice?.type).toBe("any");
    expect(sent?.output_config).toBeUndefined();
  });

  it("gets structured output through output_config.format on newer models", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "object", value: { colour: "green", sizes: [] } });

    const result = await provider.generateObject({ ...request, schema: productSchema, schemaName: "product" });

    expect(result.object).toEqual({ colour: "green", sizes: [] });
    const [sent] = fake.messageRequests();
    expect(sent?.output_config?.format?.type).toBe("json_schema");
    expect(sent?.tools).toBeUndefined();
  });

  it("waits as long as Retry-After says after a 429, then succeeds", async () => {
    const { fake, provider, clock } = await setup();
    fake.reply({ type: "error", status: 429, retryAfterSeconds: 3 }, { type: "text", text: "Fine now." });

    const { finished } = await readAll(provider);

    expect(finished.text).toBe("Fine now.");
    expect(clock.waits).toEqual([3000]);
    expect(fake.requests).toHaveLength(2);
  });

  it("gives up with ProviderError after overloaded (529) three times", async () => {
    const { fake, provider, clock } = await setup({ retryBaseDelayMs: 10 });
    fake.reply(...Array.from({ length: 3 }, () => ({ type: "error" as const, status: 529 })));

    const error = await failureOf(provider.generateObject({ ...request, schema: productSchema, schemaName: "p" }));

    expect(error.message).toContain("HTTP 529");
    expect(error.message).toContain("Overloaded");
    expect(fake.requests).toHaveLength(3);
    expect(clock.waits).toHaveLength(2);
  });

  it("times out a server that never answers, as ProviderError", async () => {
    const { fake, provider } = await setup({ timeoutMs: 150 });
    fake.reply({ type: "hang" });
    const error = await failureOf(readAll(provider));
    expect(error.message).toContain("no answer within 150 ms");
  });

  it("reports a wrong key as ProviderError without the key in the message", async () => {
    const { fake } = await setup();
    const wrongKey = "sk-ant-wrong-987654321";
    const provider = createAnthropicProvider({ apiKey: wrongKey, baseURL: fake.baseURL, model: "claude-haiku-4-5" });

    const error = await failureOf(provider.generateObject({ ...request, schema: productSchema, schemaName: "p" }));

    expect(error.message).toContain("HTTP 401");
    expect(error.message).toContain("invalid x-api-key");
    expect(error.message).not.toContain(wrongKey);
    expect(fake.requests).toHaveLength(1);
  });
});
