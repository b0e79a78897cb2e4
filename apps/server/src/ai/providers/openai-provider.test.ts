import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createVirtualClock } from "../../integrations/virtual-clock";
import { type FakeOpenAi, startFakeOpenAi } from "./fakes/openai-fake-server";
import { type LlmProvider, ProviderError } from "./llm-provider";
import { createOpenAiProvider, type OpenAiProviderOptions } from "./openai-provider";

const API_KEY = "sk-test-0123456789abcdef";
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Partial<OpenAiProviderOptions> = {}) {
  const clock = createVirtualClock();
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  const provider = createOpenAiProvider({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: "gpt-4o-mini",
    sleep: clock.sleep,
    ...options,
  });
  return { fake, provider, clock };
}

const request = { system: "You are a test.", messages: [{ role: "user" as const, content: "Hello?" }] };

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

describe("OpenAI provider against the fake Chat Completions server", () => {
  it("streams the text in pieces that join to the whole answer, with the usage the server reported", async () => {
    const { fake, provider } = await setup();
    fake.reply({
      type: "text",
      text: ["Our ", "shop ", "opens ", "at ", "nine."],
      usage: { inputTokens: 42, outputTokens: 7 },
    });

    const { pieces, finished } = await readAll(provider);

    expect(pieces).toEqual(["Our ", "shop ", "opens ", "at ", "nine."]);
    expect(finished.text).toBe("Our shop opens at nine.");
    expect(finished.usage).toEqual({ model: "gpt-4o-mini", inputTokens: 42, outputTokens: 7 });
    const [sent] = fake.chatRequests();
    expect(sent?.stream).toBe(true);
    expect(sent?.stream_options?.include_usage).toBe(true);
    expect(sent?.model).toBe("gpt-4o-mini");
    expect(sent?.messages).toEqual([
      { role: "system", content: "You are a test." },
      { role: "user", content: "Hello?" },
    ]);
  });

  it("hands text to the reader while the server is still writing", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "text", text: ["first ", "second"], pauseMs: 100 });
    const stream = provider.streamText(request);
    const iterator = stream.textStream[Symbol.asyncIterator]();

    const first = await iterator.next();
    const requestsWhenFirstArrived = fake.requests.length;
    const isSettledEarly = await Promise.race([stream.finished.then(() => true), Promise.resolve(false)]);

    expect(first.value).toBe("first ");
    expect(isSettledEarly).toBe(false);
    expect(requestsWhenFirstArrived).toBe(1);
    expect((await stream.finished).text).toBe("first second");
  });

  it("counts zero tokens when an OpenAI-compatible server sends no usage", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "text", text: "Hi", usage: null });
    const { finished } = await readAll(provider);
    expect(finished.usage).toEqual({ model: "gpt-4o-mini", inputTokens: 0, outputTokens: 0 });
  });

  it("parses structured output sent back for a json_schema response format", async () => {
    const { fake, provider } = await setup();
    fake.reply({
      type: "object",
      value: { colour: "blue", sizes: [38, 40] },
      usage: { inputTokens: 5, outputTokens: 9 },
    });

    const result = await provider.generateObject({
      ...request,
      schema: z.object({ colour: z.string(), sizes: z.array(z.number()) }),
      schemaName: "product",
    });

    expect(result.object).toEqual({ colour: "blue", sizes: [38, 40] });
    expect(result.usage).toEqual({ model: "gpt-4o-mini", inputTokens: 5, outputTokens: 9 });
    const [sent] = fake.chatRequests();
    expect(sent?.stream).toBeFalsy();
    expect(sent?.response_format?.type).toBe("json_schema");
    expect(sent?.response_format?.json_schema?.name).toBe("product");
  });

  it("fails with ProviderError when the model's object doesn't fit the schema, without retrying", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "object", value: { colour: 12 } });
    const error = await failureOf(
      provider.generateObject({ ...request, schema: z.object({ colour: z.string() }), schemaName: "product" }),
    );
    expect(error.message).toContain("openai gpt-4o-mini failed");
    expect(fake.requests).toHaveLength(1);
  });

  it("waits as long as Retry-After says after a 429, then succeeds", async () => {
    const { fake, provider, clock } = await setup();
    fake.reply({ type: "error", status: 429, retryAfterSeconds: 7 }, { type: "text", text: "Back again." });

    const { finished } = await readAll(provider);

    expect(finished.text).toBe("Back again.");
    expect(clock.waits).toEqual([7000]);
    expect(fake.requests).toHaveLength(2);
  });

  it("backs off exponentially between retries when the server gives no Retry-After", async () => {
    const { fake, provider, clock } = await setup({ retryBaseDelayMs: 100 });
    fake.reply({ type: "error", status: 503 }, { type: "error", status: 502 }, { type: "object", value: { ok: true } });

    const result = await provider.generateObject({
      ...request,
      schema: z.object({ ok: z.boolean() }),
      schemaName: "ok",
    });

    expect(result.object).toEqual({ ok: true });
    expect(clock.waits).toHaveLength(2);
    // Equal jitter: between half and all of 100 ms, then of 200 ms.
    expect(clock.waits[0]).toBeGreaterThanOrEqual(50);
    expect(clock.waits[0]).toBeLessThanOrEqual(100);
    expect(clock.waits[1]).toBeGreaterThanOrEqual(100);
    expect(clock.waits[1]).toBeLessThanOrEqual(200);
  });

  it("gives up with ProviderError after a 500 three times (two retries)", async () => {
    const { fake, provider } = await setup();
    fake.reply(...Array.from({ length: 3 }, () => ({ type: "error" as const, status: 500 })), {
      type: "text",
      text: "never reached",
    });

    const stream = provider.streamText(request);
    const error = await failureOf(stream.finished);

    expect(error.message).toContain("HTTP 500");
    expect(fake.requests).toHaveLength(3);
    await expect(async () => {
      for await (const _ of stream.textStream) {
        // drain
      }
    }).rejects.toBeInstanceOf(ProviderError);
  });

  it("does not retry a client error", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "error", status: 400, message: "max_tokens is too large" });
    const error = await failureOf(readAll(provider));
    expect(error.message).toContain("HTTP 400");
    expect(error.message).toContain("max_tokens is too large");
    expect(fake.requests).toHaveLength(1);
  });

  it("times out a server that never answers, as ProviderError", async () => {
    const { fake, provider } = await setup({ timeoutMs: 200 });
    fake.reply({ type: "hang" });
    const error = await failureOf(provider.generateObject({ ...request, schema: z.object({}), schemaName: "x" }));
    expect(error.message).toContain("no answer within 200 ms");
  });

  it("times out a stream that stalls half-way, after handing over what arrived", async () => {
    const { fake, provider } = await setup({ timeoutMs: 300 });
    fake.reply({ type: "text", text: ["Half ", "an "], isLeftOpen: true });
    const stream = provider.streamText(request);
    const pieces: string[] = [];

    const error = await failureOf(
      (async () => {
        for await (const piece of stream.textStream) pieces.push(piece);
      })(),
    );

    expect(pieces).toEqual(["Half ", "an "]);
    expect(error.message).toContain("no answer within 300 ms");
    // Text already went to the reader, so the call is not repeated.
    expect(fake.requests).toHaveLength(1);
  });

  it("stops when the caller aborts", async () => {
    const { fake, provider } = await setup();
    fake.reply({ type: "hang" });
    const controller = new AbortController();
    const stream = provider.streamText({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failureOf(stream.finished);
    expect(error.message).toContain("cancelled");
  });

  it("reports a wrong key as ProviderError without the key in the message", async () => {
    const { fake } = await setup();
    const wrongKey = "sk-wrong-key-1234567890";
    const provider = createOpenAiProvider({ apiKey: wrongKey, baseURL: fake.baseURL, model: "gpt-4o-mini" });

    const error = await failureOf(readAll(provider));

    expect(error.message).toContain("HTTP 401");
    expect(error.message).toContain("Incorrect API key");
    expect(error.message).not.toContain(wrongKey);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${wrongKey}`);
  });
});
