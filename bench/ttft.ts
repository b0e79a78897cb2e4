import type { AskQuestionAck, VisitorServerEvents } from "@harbor/contract/realtime";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { io, type Socket } from "socket.io-client";
import { createAiProviders } from "../apps/server/src/ai/providers/create-providers";
import type { FakeLlmRequest } from "../apps/server/src/ai/providers/fakes/fake-llm-server";
import { startFakeOpenAi } from "../apps/server/src/ai/providers/fakes/openai-fake-server";
import type { LlmProvider } from "../apps/server/src/ai/providers/llm-provider";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import { printTable } from "./table";

/** The model's time to its first token (and to a classification's whole JSON). */
const MODEL_LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 300);
/** Questions asked in each mode; the modes take turns, so both see the same machine. */
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 30);
/** Between a streamed answer's pieces, as a model writes token by token. */
const PIECE_PAUSE_MS = 15;
const API_KEY = "sk-bench-ttft";
const ASKED = [
  "How long does standard delivery take?",
  "Can I return items I bought three weeks ago?",
  "Which payment methods do you accept?",
  "Is delivery free?",
  "How do I exchange a size?",
];
const ANSWER = ["Standard ", "delivery ", "takes ", "two ", "to ", "four ", "working ", "days ", "[1]."];

/**
 * Time to first token with a remote model (issue #20 item 5): Harbor with AI_PROVIDER=openai
 * pointed at the repo's OpenAI-compatible fake, which waits MODEL_LATENCY_MS before the first
 * byte of every reply, like a model's time to first token. One widget visitor asks over a real
 * socket.io connection; measured is ask → the first answer chunk it receives, against the model's
 * own first token timed straight from the provider. "Before" is the same server with each answer's
 * model call held until the question's classification returned, which is how the pipeline ran
 * until the answer stopped waiting for it; the two modes take turns question by question.
 */
export async function benchTtft() {
  const fake = await startFakeOpenAi({ apiKey: API_KEY });
  fake.setFallback(fakeModel);
  const env = {
    AI_PROVIDER: "openai",
    AI_MODEL: "gpt-4o-mini",
    OPENAI_API_KEY: API_KEY,
    OPENAI_BASE_URL: fake.baseURL,
  };
  const provider = (
    await createAiProviders({
      aiProvider: "openai",
      aiModel: env.AI_MODEL,
      openaiApiKey: env.OPENAI_API_KEY,
      openaiBaseUrl: env.OPENAI_BASE_URL,
    })
  ).llm as LlmProvider;
  let isHolding = false;
  const harbor = await startInProcessApp({
    env,
    llm: answersAfterClassification(provider, () => isHolding),
    visitorLimits: {
      questionsPerVisitor: 1000,
      eventsPerVisitor: 10_000,
      questionsPerAddressPerMinute: 1000,
      questionsPerAddressPerHour: 10_000,
    },
  });
  try {
    const company = await harbor.createCompany("TTFT Bench Shop");
    await harbor.app.services.knowledgeService.seedDemoArticles(company.companyId);
    const widget = await harbor.app.services.widgetRepository.findOrCreate(company.companyId);
    const url = await harbor.app.listen({ port: 0, host: "127.0.0.1" });
    const visitor = await connectVisitor(url, widget.widgetId);

    const model: number[] = [];
    for (let index = 0; index < QUESTIONS; index++) model.push(await modelFirstToken(provider));

    const modes = { before: [] as number[], after: [] as number[] };
    const chats: Record<keyof typeof modes, string | null> = { before: null, after: null };
    // One warm-up question each, not counted (first queries, first connections to the fake).
    for (let index = -1; index < QUESTIONS; index++) {
      for (const mode of ["before", "after"] as const) {
        isHolding = mode === "before";
        const asked = await visitor.ask(chats[mode], ASKED[Math.abs(index) % ASKED.length] as string);
        chats[mode] = asked.chatID;
        if (index >= 0) modes[mode].push(asked.firstChunkMs);
      }
    }
    visitor.close();

    const modelP50 = percentile(model, 50);
    const over = (values: number[], p: number) => ms(percentile(values, p) - modelP50);
    printTable(
      `Time to first token: remote model (OpenAI-compatible fake, ${MODEL_LATENCY_MS} ms to first token), ${QUESTIONS} questions per mode, one visitor over socket.io, ${harbor.database.kind}`,
      [
        ["measure", "before (answer after classification)", "now (answer beside it)", "aim"],
        ["model's own first token p50", ms(modelP50), ms(modelP50), ""],
        ["model's own first token p95", ms(percentile(model, 95)), ms(percentile(model, 95)), ""],
        ["ask → first chunk p50", ms(percentile(modes.before, 50)), ms(percentile(modes.after, 50)), ""],
        ["ask → first chunk p95", ms(percentile(modes.before, 95)), ms(percentile(modes.after, 95)), ""],
        ["Harbor's overhead p50", over(modes.before, 50), over(modes.after, 50), ""],
        ["Harbor's overhead p95", over(modes.before, 95), over(modes.after, 95), "< 100 ms"],
      ],
    );
  } finally {
    await harbor.close();
    await fake.close();
  }
}

/** The fake model: classifications as JSON, answers and summaries streamed, each after the latency. */
function fakeModel(request: FakeLlmRequest) {
  const body = request.body as { response_format?: unknown; tools?: unknown; messages?: unknown };
  if (body.response_format || body.tools) {
    return {
      type: "object" as const,
      delayMs: MODEL_LATENCY_MS,
      value: {
        questionCategory: null,
        selectedIntent: null,
        shortenedCustomerMessage: "Delivery time?",
        isOrderSpecific: false,
      },
    };
  }
  const isAnswer = JSON.stringify(body.messages).includes("<passage");
  return {
    type: "text" as const,
    delayMs: MODEL_LATENCY_MS,
    pauseMs: PIECE_PAUSE_MS,
    text: isAnswer ? ANSWER : "The visitor asked about delivery times; answered.",
  };
}

/**
 * The provider, with each answer's call optionally held until the last classification's came back:
 * the order the pipeline used to keep (classify, then answer).
 */
function answersAfterClassification(llm: LlmProvider, isHolding: () => boolean): LlmProvider {
  let classified: Promise<unknown> = Promise.resolve();
  return {
    name: llm.name,
    model: llm.model,
    generateObject(request) {
      const result = llm.generateObject(request);
      if (request.schemaName === "classification") classified = result.catch(() => {});
      return result;
    },
    streamText(request) {
      if (!isHolding()) return llm.streamText(request);
      const started = classified.then(() => llm.streamText(request));
      return {
        textStream: (async function* () {
          yield* (await started).textStream;
        })(),
        finished: started.then((stream) => stream.finished),
      };
    },
  };
}

/** The model's own time to first token, straight from the provider. */
async function modelFirstToken(llm: LlmProvider): Promise<number> {
  const startedAt = performance.now();
  const stream = llm.streamText({
    system: "You answer customer questions.",
    messages: [{ role: "user", content: '<passage id="1">Delivery takes two days.</passage> How long?' }],
  });
  let firstAt = Number.NaN;
  for await (const _piece of stream.textStream) if (Number.isNaN(firstAt)) firstAt = performance.now();
  await stream.finished;
  return firstAt - startedAt;
}

/** A widget visitor on a socket.io connection of its own, asking one question at a time. */
async function connectVisitor(url: string, widgetID: string) {
  const response = await fetch(`${url}/api/widget/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgetID }),
  });
  const got = (await response.json()) as { data: WidgetGetResponse | null; message: string };
  if (!got.data) throw new Error(`widget/get refused the visitor: ${got.message}`);
  const socket: Socket<VisitorServerEvents> = io(`${url}/visitor`, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { widgetID, visitorToken: got.data.visitorToken },
    forceNew: true,
  });
  /** When each question's first chunk and stored answer arrived, by question id. */
  const firstChunks = new Map<string, number>();
  const answered = new Map<string, () => void>();
  socket.on("answer-chunk", ({ questionID }) => {
    if (!firstChunks.has(questionID)) firstChunks.set(questionID, performance.now());
  });
  socket.on("chat-message", ({ message }) => {
    const questionID = message.messageData.questionID;
    if (message.senderRole === "ai" && typeof questionID === "string") answered.get(questionID)?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

  return {
    /** Asks, waits for the stored answer, and says how long the first chunk took. */
    async ask(chatID: string | null, question: string) {
      const askedAt = performance.now();
      const ack = (await (socket as unknown as Socket).timeout(30_000).emitWithAck("ask-question", {
        chatID,
        clientMessageID: crypto.randomUUID(),
        question,
      })) as { ok: true; data: AskQuestionAck } | { ok: false; message: string };
      if (!ack.ok) throw new Error(`ask-question refused: ${ack.message}`);
      const questionID = ack.data.message._id;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no answer within 30 s")), 30_000);
        answered.set(questionID, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const firstAt = firstChunks.get(questionID);
      if (firstAt === undefined) throw new Error("the answer came without a streamed chunk");
      return { chatID: ack.data.chatID, firstChunkMs: firstAt - askedAt };
    },
    close: () => socket.close(),
  };
}
