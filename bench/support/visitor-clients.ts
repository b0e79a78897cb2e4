import type { AskQuestionAck, VisitorServerEvents } from "@harbor/contract/realtime";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { io, type Socket } from "socket.io-client";

/**
 * The visitors' side of `bench/visitors.ts`, run in a process of its own (forked by the bench) so
 * the clients' work does not share the server's event loop — real visitors are on other machines.
 * It receives its orders as one IPC message, says `connected` when every visitor is in, starts
 * asking on `go` (so the bench can time the asking alone) and answers with the measurements.
 */
export type VisitorClientsOrder = {
  url: string;
  widgetID: string;
  visitors: number;
  questionsPerVisitor: number;
  thinkMs: number;
  /**
   * Open loop: the questions of all visitors start at this steady rate (questions per second),
   * whatever the server's pace, as shoppers do; a visitor's next question waits for its answer.
   * Without it each visitor thinks up to `thinkMs` before each question.
   */
  ratePerSecond?: number;
  connectWave: number;
  questions: string[];
};

export type VisitorClientsResult = {
  askToChunk: number[];
  askToAnswer: number[];
  lost: number;
  failed: number;
  /** answer-chunk events heard, all visitors together (frames on the wire, not text). */
  chunkEvents: number;
  elapsedS: number;
  clientRssMb: number;
};

type Visitor = {
  socket: Socket;
  /** When each answer arrived, by question id. */
  answers: Map<string, number>;
  /** Who waits for which answer. */
  waiting: Map<string, (at: number) => void>;
  lastChunkAt: Map<string, number>;
  chunkEvents: number;
};

async function run(order: VisitorClientsOrder): Promise<VisitorClientsResult> {
  const visitors: Visitor[] = [];
  for (let wave = 0; wave < order.visitors; wave += order.connectWave) {
    const size = Math.min(order.connectWave, order.visitors - wave);
    visitors.push(
      ...(await Promise.all(Array.from({ length: size }, (_, index) => connectVisitor(order, wave + index)))),
    );
  }

  process.send?.("connected");
  await new Promise((resolve) => process.once("message", resolve));

  const askToChunk: number[] = [];
  const askToAnswer: number[] = [];
  let lost = 0;
  let failed = 0;
  const startedAt = performance.now();
  await Promise.all(
    visitors.map(async (visitor, index) => {
      let chatID: string | null = null;
      for (let turn = 0; turn < order.questionsPerVisitor; turn++) {
        await untilTurn(order, startedAt, index, turn);
        const question = order.questions[(index + turn) % order.questions.length] as string;
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
  const clientRssMb = process.memoryUsage().rss / 1024 / 1024;
  for (const visitor of visitors) visitor.socket.close();
  const chunkEvents = visitors.reduce((sum, visitor) => sum + visitor.chunkEvents, 0);
  return { askToChunk, askToAnswer, lost, failed, chunkEvents, elapsedS, clientRssMb };
}

/** Waits for the visitor's turn: its slot in the open-loop schedule, or a random think time. */
async function untilTurn(order: VisitorClientsOrder, startedAt: number, visitor: number, turn: number) {
  let waitMs = Math.random() * order.thinkMs;
  if (order.ratePerSecond) {
    // Slots interleave the visitors: every visitor's first question, then every second one, …
    const slot = turn * order.visitors + visitor;
    waitMs = startedAt + (slot * 1000) / order.ratePerSecond - performance.now();
  }
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** Visitor n's address as the load balancer would report it (a header only: every byte stays on loopback). */
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function connectVisitor(order: VisitorClientsOrder, n: number): Promise<Visitor> {
  const forwardedFor = { "x-forwarded-for": visitorAddress(n) };
  const response = await fetch(`${order.url}/api/widget/get`, {
    method: "POST",
    headers: { "content-type": "application/json", ...forwardedFor },
    body: JSON.stringify({ widgetID: order.widgetID }),
  });
  const got = (await response.json()) as { data: WidgetGetResponse | null; message: string };
  if (!got.data) throw new Error(`widget/get refused visitor ${n}: ${got.message}`);
  const socket: Socket<VisitorServerEvents> = io(`${order.url}/visitor`, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { widgetID: order.widgetID, visitorToken: got.data.visitorToken },
    extraHeaders: forwardedFor,
    forceNew: true,
  });
  const visitor: Visitor = {
    socket: socket as unknown as Socket,
    answers: new Map(),
    waiting: new Map(),
    lastChunkAt: new Map(),
    chunkEvents: 0,
  };
  socket.on("answer-chunk", (payload) => {
    visitor.chunkEvents++;
    visitor.lastChunkAt.set(payload.questionID, performance.now());
  });
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

process.once("message", (order: VisitorClientsOrder) => {
  run(order).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
