import { createOpenAI } from "@ai-sdk/openai";
import { generateText, streamText, tool } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeOpenAi, startFakeOpenAi } from "./openai-fake-server";

const API_KEY = "sk-fake-server-test";
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  const model = createOpenAI({ apiKey: API_KEY, baseURL: fake.baseURL }).chat("gpt-4o-mini");
  return { fake, model };
}

const tools = {
  lookup_order: tool({ description: "Find an order", inputSchema: z.object({ orderNumber: z.string() }) }),
};

describe("fake OpenAI server, spoken to by the real SDK", () => {
  it("answers a scripted tool call, in JSON and streamed", async () => {
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
    expect((await streamed.toolCalls).map((call) => call.input)).toEqual([{ orderNumber: "#2000" }]);
    expect(fake.chatRequests().map((request) => request.tools?.[0]?.function.name)).toEqual([
      "lookup_order",
      "lookup_order",
    ]);
  });

  it("answers 401 in OpenAI's error shape for a missing or wrong key", async () => {
    const { fake } = await setup();
    const missing = await fetch(`${fake.baseURL}/chat/completions`, { method: "POST", body: "{}" });
    const wrong = await fetch(`${fake.baseURL}/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-not-the-right-one" },
      body: "{}",
    });

    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain(
      "didn't provide an API key",
    );
    expect(wrong.status).toBe(401);
    const body = (await wrong.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid_api_key");
    expect(body.error.message).toContain("sk-*************-one");
  });

  it("refuses a malformed request with 400 and an unknown path with 404", async () => {
    const { fake } = await setup();
    const headers = { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" };
    const malformed = await fetch(`${fake.baseURL}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: "gpt-4o-mini", messages: [] }),
    });
    const unknown = await fetch(`${fake.baseURL}/responses`, { method: "POST", headers, body: "{}" });

    expect(malformed.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });

  it("keeps a reply with a delay back until it is up, while an undelayed one answers at once", async () => {
    const { fake, model } = await setup();
    fake.reply(
      { type: "object", value: { slow: true }, delayMs: 1500 },
      { type: "text", text: "Quick answer", delayMs: 0 },
    );
    const order: string[] = [];
    const slow = generateText({ model, prompt: "slow", maxRetries: 0 }).then(() => order.push("slow"));
    // The second request leaves only once the first has reached the fake (the script is taken in order).
    await expect.poll(() => fake.requests.length).toBe(1);
    const quick = streamText({ model, prompt: "quick", maxRetries: 0 });
    for await (const piece of quick.textStream) order.push(`quick:${piece}`);
    await slow;
    expect(order).toEqual(["quick:Quick ", "quick:answer", "slow"]);
  });

  it("ends a stream with a usage chunk and [DONE] when include_usage is asked for", async () => {
    const { fake } = await setup();
    fake.reply({ type: "text", text: "Hi there", usage: { inputTokens: 3, outputTokens: 2 } });
    const response = await fetch(`${fake.baseURL}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}` },
      body: JSON.stringify({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    const lines = (await response.text()).split("\n\n").filter(Boolean);

    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(lines.at(-1)).toBe("data: [DONE]");
    const usageChunk = JSON.parse(lines.at(-2)?.slice("data: ".length) ?? "{}");
    expect(usageChunk).toMatchObject({ object: "chat.completion.chunk", choices: [], usage: { prompt_tokens: 3 } });
    const contents = lines
      .slice(0, -2)
      .map((line) => JSON.parse(line.slice("data: ".length)).choices[0].delta.content)
      .filter(Boolean);
    expect(contents).toEqual(["Hi ", "there"]);
  });
});
