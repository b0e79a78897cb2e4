import { createAnthropic } from "@ai-sdk/anthropic";
import { generateText, streamText, tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeAnthropic, startFakeAnthropic } from "./anthropic-fake-server";

const API_KEY = "sk-ant-fake-server-test";
let fake: FakeAnthropic | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeAnthropic({ apiKey: API_KEY });
  const model = createAnthropic({ apiKey: API_KEY, baseURL: fake.baseURL })("claude-haiku-4-5");
  return { fake, model };
}

const tools = {
  lookup_order: tool({ description: "Find an order", inputSchema: z.object({ orderNumber: z.string() }) }),
};

describe("fake Anthropic server, spoken to by the real SDK", () => {
  it("answers a scripted tool_use, in JSON and streamed", async () => {
    const { fake, model } = await setup();
    fake.reply(
      { type: "tool-call", toolName: "lookup_order", input: { orderNumber: "#1043" } },
      { type: "tool-call", toolName: "lookup_order", input: { orderNumber: "#2000" } },
    );

    const whole = await generateText({ model, tools, prompt: "Where is #1043?", maxRetries: 0 });
    const streamed = streamText({ model, tools, prompt: "Where is #2000?", maxRetries: 0 });

    expect(whole.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ["lookup_order", { orderNumber: "#1043" }],
    ]);
    expect(whole.finishReason).toBe("tool-calls");
    expect((await streamed.toolCalls).map((call) => call.input)).toEqual([{ orderNumber: "#2000" }]);
    expect(fake.messageRequests().map((request) => request.tools?.[0]?.name)).toEqual(["lookup_order", "lookup_order"]);
  });

  it("streams the Messages event sequence", async () => {
    const { fake } = await setup();
    fake.reply({ type: "text", text: "Hi there" });
    const response = await fetch(`${fake.baseURL}/messages`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "claude-haiku-4-5",
        max_tokens: 100,
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }),
    });
    const events = (await response.text())
      .split("\n\n")
      .filter(Boolean)
      .map((block) => block.split("\n")[0]?.replace("event: ", ""));

    expect(events).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
  });

  it("answers in Anthropic's error shape: 401 for a wrong key, 400 without anthropic-version or max_tokens", async () => {
    const { fake } = await setup();
    const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] });
    const wrongKey = await fetch(`${fake.baseURL}/messages`, {
      method: "POST",
      headers: { "x-api-key": "nope", "anthropic-version": "2023-06-01" },
      body,
    });
    const noVersion = await fetch(`${fake.baseURL}/messages`, {
      method: "POST",
      headers: { "x-api-key": API_KEY },
      body,
    });
    const noMaxTokens = await fetch(`${fake.baseURL}/messages`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "anthropic-version": "2023-06-01" },
      body,
    });

    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual({
      type: "error",
      error: { type: "authentication_error", message: "invalid x-api-key" },
    });
    expect(noVersion.status).toBe(400);
    expect(noMaxTokens.status).toBe(400);
    expect(((await noMaxTokens.json()) as { error: { message: string } }).error.message).toContain("max_tokens");
  });
});
