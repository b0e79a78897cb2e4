import type { AskQuestionAck, VisitorServerEvents } from "@harbor/contract/realtime";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { sql } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { queryRows } from "../apps/server/src/db/client";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import { printTable } from "./table";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const QUESTIONS_PER_VISITOR = 3;
/**
 * People type: before each question a visitor "thinks" for a random time up to this long
 * (BENCH_THINK_MS=0 asks everything at once, a burst no shop sees). With 1,000 visitors and
 * 20 s, questions arrive at about 100 a second — a very busy shop.
 */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 20_000);
/** Visitors connect in waves of this size, as shoppers arrive, not in one burst of handshakes. */
const CONNECT_WAVE = 100;
const QUESTIONS = [
  "How long does standard delivery take?",
  "Can I return items I bought three weeks ago?",
  "Which payment methods do you accept?",
  "Is delivery free?",
  "How do I exchange a size?",
];

type Visitor = {
  socket: Socket;
  /** When each answer arrived, by question id. */
  answers: Map<string, number>;
  /** Who waits for which answer. */
  waiting: Map<string, (at: number) => void>;
  lastChunkAt: Map<string, number>;
};

/**
 * 1,000 widget visitors on loopback (socket.io clients in this process), each asking three
 * questions one after another against the demo knowledge base with the local engine. Measures
 * ask → last streamed chunk and ask → stored answer, counts answers that never arrived, and the
 * process's memory with every client connected.
 */
export async function benchVisitors() {
  const harbor = await startInProcessApp({
    visitorLimits: { questionsPerWidget: 1_000_000, questionsPerVisitor: 1000, eventsPerVisitor: 1000 },
  });
  try {
    const company = await harbor.createCompany("Visitor Bench Shop");
    await harbor.app.services.knowledgeService.seedDemoArticles(company.companyId);
    const widget = await harbor.app.services.widgetRepository.findOrCreate(company.companyId);
    const url = await harbor.app.listen({ port: 0, host: "127.0.0.1" });

    const visitors: Visitor[] = [];
    for (let wave = 0; wave < VISITORS; wave += CONNECT_WAVE) {
      const size = Math.min(CONNECT_WAVE, VISITORS - wave);
      visitors.push(...(await Promise.all(Array.from({ length: size }, () => connectVisitor(url, widget.widgetId)))));
    }

    const askToChunk: number[] = [];
    const askToAnswer: number[] = [];
    let lost = 0;
    let failed = 0;
    const startedAt = performance.now();
    await Promise.all(
      visitors.map(async (visitor, index) => {
        let chatID: string | null = null;
        for (let turn = 0; turn < QUESTIONS_PER_VISITOR; turn++) {
          if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
          const question = QUESTIONS[(index + turn) % QUESTIONS.length] as string;
          const askedAt = performance.now();
          const ack = (await visitor.socket.timeout(30_000).emitWithAck("ask-question", {
            chatID,
            clientMessageID: crypto.randomUUID(),
            question,
          })) as { ok: true; data: AskQuestionAck } | { ok: false; message: string };
          if (!ack.ok) {
            failed++;
            continue;
          }
          chatID = ack.data.chatID;
          const questionID = ack.data.message._id;
          const answeredAt = await waitForAnswer(visitor, questionID, 30_000);
          if (answeredAt === null) {
            lost++;
            continue;
          }
          askToAnswer.push(answeredAt - askedAt);
          const lastChunkAt = visitor.lastChunkAt.get(questionID);
          if (lastChunkAt !== undefined) askToChunk.push(lastChunkAt - askedAt);
        }
      }),
    );
    const elapsedS = (performance.now() - startedAt) / 1000;
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    for (const visitor of visitors) visitor.socket.close();

    const [stored] = await queryRows<{ questions: number; answers: number }>(
      harbor.database.db,
      sql`select count(*) filter (where sender_role = 'customer')::int as questions,
               count(*) filter (where sender_role = 'ai')::int as answers
        from chat_messages where company_id = ${company.companyId}`,
    );

    printTable(
      `Widget visitors: ${VISITORS} concurrent, ${QUESTIONS_PER_VISITOR} questions each, local engine, ${harbor.database.kind}`,
      [
        ["measure", "value"],
        ["ask → last chunk p50", ms(percentile(askToChunk, 50))],
        ["ask → last chunk p95", ms(percentile(askToChunk, 95))],
        ["ask → stored answer p50", ms(percentile(askToAnswer, 50))],
        ["ask → stored answer p95", ms(percentile(askToAnswer, 95))],
        ["questions answered", `${askToAnswer.length} / ${VISITORS * QUESTIONS_PER_VISITOR}`],
        ["messages lost (no answer arrived)", String(lost)],
        ["asks refused", String(failed)],
        ["stored questions / answers", `${stored?.questions} / ${stored?.answers}`],
        ["think time before each question", THINK_MS > 0 ? `random 0–${THINK_MS / 1000} s` : "none (burst)"],
        ["questions per second (offered)", ((VISITORS * QUESTIONS_PER_VISITOR) / elapsedS).toFixed(0)],
        ["process RSS (server + clients)", `${rssMb.toFixed(0)} MB`],
      ],
    );
  } finally {
    await harbor.close();
  }
}

async function connectVisitor(url: string, widgetID: string): Promise<Visitor> {
  const response = await fetch(`${url}/api/widget/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgetID }),
  });
  const got = (await response.json()) as { data: WidgetGetResponse };
  const socket: Socket<VisitorServerEvents> = io(`${url}/visitor`, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { widgetID, visitorToken: got.data.visitorToken },
    forceNew: true,
  });
  const visitor: Visitor = {
    socket: socket as unknown as Socket,
    answers: new Map(),
    waiting: new Map(),
    lastChunkAt: new Map(),
  };
  socket.on("answer-chunk", (payload) => visitor.lastChunkAt.set(payload.questionID, performance.now()));
  socket.on("chat-message", (payload) => {
    const questionID = payload.message.messageData.questionID;
    if (payload.message.senderRole === "ai" && typeof questionID === "string") {
      const at = performance.now();
      visitor.answers.set(questionID, at);
      visitor.waiting.get(questionID)?.(at);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return visitor;
}

/** Resolves when the stored answer arrives (it may have already), or with null after the timeout. */
function waitForAnswer(visitor: Visitor, questionID: string, timeoutMs: number): Promise<number | null> {
  const arrived = visitor.answers.get(questionID);
  if (arrived !== undefined) return Promise.resolve(arrived);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      visitor.waiting.delete(questionID);
      resolve(null);
    }, timeoutMs);
    visitor.waiting.set(questionID, (at) => {
      clearTimeout(timer);
      visitor.waiting.delete(questionID);
      resolve(at);
    });
  });
}
