import type { Ack, AskQuestionAck, VisitorChat, VisitorServerEvents } from "@harbor/contract/realtime";
import type { VisitorMessage, WidgetGetResponse } from "@harbor/contract/widget";
import { io, type Socket } from "socket.io-client";

/**
 * A widget visitor over socket.io-client that survives its node going away, the way the widget's
 * own client does (`apps/widget/src/app/chat-session.ts`, `visitor-socket.ts`): it reconnects with
 * backoff (1 s doubling to 5 s, randomized, the widget's delays); on every connect it first joins
 * its chat again with the last message it has (`join-chat-room` + `afterMessageID`: what it missed
 * comes back, and a question left unanswered is answered by the node it reached), then sends again,
 * with the same client id, a question that got no ack. Used by the two-node failover test and
 * bench (decision 063).
 *
 * Times are wall-clock milliseconds (Date.now()), so a bench can set them beside a kill made in
 * another process.
 */
export type AskedQuestion = {
  clientMessageID: string;
  askedAt: number;
  /** How many times it was sent (more than once: the connection dropped before its ack). */
  sends: number;
  ackedAt: number | null;
  questionID: string | null;
  /** The server refused it (its message); the visitor does not send it again. */
  refused: string | null;
  lastChunkAt: number | null;
  answeredAt: number | null;
  /** The answer came as a live event, or in the messages of a rejoin after a reconnect. */
  answeredVia: "event" | "rejoin" | null;
  /** The connection dropped at least once between asking and the answer. */
  isInterrupted: boolean;
};

export type Disconnect = { at: number; reason: string; reconnectedAt: number | null };

const ACK_TIMEOUT_MS = 15_000;
const RECONNECT_DELAY = { min: 1000, max: 5000 };

export class ResumingVisitor {
  readonly questions: AskedQuestion[] = [];
  readonly disconnects: Disconnect[] = [];
  chatID: string | null = null;
  private lastMessageID: string | undefined;
  private readonly answers = new Map<string, { at: number; via: "event" | "rejoin" }>();
  private readonly lastChunks = new Map<string, number>();
  private readonly answerWaiters = new Map<string, () => void>();
  /** Questions whose ask() has not returned yet. */
  private readonly asking = new Set<AskedQuestion>();
  /** Connected and rejoined its chat; `ready` resolves when it next is (replaced on each disconnect). */
  private isReady = false;
  private ready: Promise<void>;
  private markReady: () => void = () => undefined;
  /** Counts connections, so a rejoin that outlived its connection marks nothing ready. */
  private connection = 0;

  private constructor(readonly socket: Socket) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    socket.on("connect", () => {
      const last = this.disconnects.at(-1);
      if (last && last.reconnectedAt === null) last.reconnectedAt = Date.now();
      const connection = ++this.connection;
      void this.rejoin().then(() => {
        if (connection !== this.connection || !this.socket.connected) return;
        this.isReady = true;
        this.markReady();
      });
    });
    socket.on("disconnect", (reason) => {
      this.connection++;
      this.isReady = false;
      this.disconnects.push({ at: Date.now(), reason, reconnectedAt: null });
      for (const question of this.asking) {
        if (!(question.questionID && this.answers.has(question.questionID))) question.isInterrupted = true;
      }
      // Waiters wake, find it not ready, and wait for the next connection's promise.
      this.markReady();
      this.ready = new Promise((resolve) => {
        this.markReady = resolve;
      });
    });
    socket.on("answer-chunk", (payload: Parameters<VisitorServerEvents["answer-chunk"]>[0]) => {
      this.lastChunks.set(payload.questionID, Date.now());
    });
    socket.on("chat-message", (payload: Parameters<VisitorServerEvents["chat-message"]>[0]) => {
      this.heard(payload.message, "event");
    });
  }

  /** Asks /api/widget/get for a token (as the shop page does), then opens /visitor; resolves once connected. */
  static async connect(baseUrl: string, widgetID: string, address: string): Promise<ResumingVisitor> {
    const headers = { "x-forwarded-for": address };
    const response = await fetch(`${baseUrl}/api/widget/get`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ widgetID }),
    });
    const got = (await response.json()) as { data: WidgetGetResponse | null; message: string };
    if (!got.data) throw new Error(`widget/get refused ${address}: ${got.message}`);
    const socket = io(`${baseUrl}/visitor`, {
      path: "/socket.io",
      // Websocket only: the load balancer routes by address anyway (decision 063).
      transports: ["websocket"],
      auth: { widgetID, visitorToken: got.data.visitorToken },
      extraHeaders: headers,
      forceNew: true,
      reconnectionDelay: RECONNECT_DELAY.min,
      reconnectionDelayMax: RECONNECT_DELAY.max,
    });
    const visitor = new ResumingVisitor(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    await visitor.ready;
    return visitor;
  }

  /**
   * Asks a question and resolves when its answer arrived, or after `answerTimeoutMs` without one
   * (`answeredAt` stays null), or when the server refused it. A send whose connection drops, or
   * whose ack does not come within 15 s, goes again with the same client id once connected.
   */
  async ask(question: string, answerTimeoutMs = 30_000): Promise<AskedQuestion> {
    const asked = this.newQuestion();
    this.asking.add(asked);
    try {
      await this.carry(asked, question, answerTimeoutMs);
    } finally {
      this.asking.delete(asked);
    }
    return asked;
  }

  private newQuestion(): AskedQuestion {
    const asked: AskedQuestion = {
      clientMessageID: crypto.randomUUID(),
      askedAt: Date.now(),
      sends: 0,
      ackedAt: null,
      questionID: null,
      refused: null,
      lastChunkAt: null,
      answeredAt: null,
      answeredVia: null,
      isInterrupted: false,
    };
    this.questions.push(asked);
    return asked;
  }

  private async carry(asked: AskedQuestion, question: string, answerTimeoutMs: number) {
    const deadline = asked.askedAt + answerTimeoutMs;
    while (asked.ackedAt === null) {
      if (!(await this.untilReady(deadline)) || Date.now() >= deadline) return;
      asked.sends++;
      const ack = await this.emitUnlessDropped(
        "ask-question",
        { chatID: this.chatID, clientMessageID: asked.clientMessageID, question },
        Math.min(ACK_TIMEOUT_MS, deadline - Date.now()),
      );
      if (ack === null) continue;
      if (!ack.ok) {
        asked.refused = ack.message;
        return;
      }
      const data = ack.data as AskQuestionAck;
      asked.ackedAt = Date.now();
      asked.questionID = data.message._id;
      this.chatID = data.chatID;
      this.lastMessageID = data.message._id;
    }
    const questionID = asked.questionID as string;
    if (!this.answers.has(questionID)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.answerWaiters.set(questionID, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.answerWaiters.delete(questionID);
    }
    const answer = this.answers.get(questionID);
    if (answer) {
      asked.answeredAt = answer.at;
      asked.answeredVia = answer.via;
      asked.lastChunkAt = this.lastChunks.get(questionID) ?? null;
    }
  }

  close() {
    this.socket.close();
  }

  private heard(message: VisitorMessage, via: "event" | "rejoin") {
    const questionID = (message.messageData as { questionID?: unknown }).questionID;
    if (message.senderRole !== "ai" || typeof questionID !== "string" || this.answers.has(questionID)) return;
    this.answers.set(questionID, { at: Date.now(), via });
    this.lastMessageID = message._id;
    this.answerWaiters.get(questionID)?.();
  }

  /** join-chat-room with the last message this visitor has: the messages since come back. */
  private async rejoin() {
    if (!this.chatID) return;
    const ack = await this.emitUnlessDropped(
      "join-chat-room",
      { chatID: this.chatID, afterMessageID: this.lastMessageID },
      ACK_TIMEOUT_MS,
    );
    if (ack?.ok) for (const message of (ack.data as VisitorChat).messages) this.heard(message, "rejoin");
  }

  /** Waits for a connected, rejoined socket until the deadline; false when it passed first. */
  private async untilReady(deadline: number): Promise<boolean> {
    for (;;) {
      if (this.isReady) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.ready, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  }

  /** The ack, or null when the connection dropped first or no ack came in time. */
  private emitUnlessDropped(event: string, payload: unknown, timeoutMs: number): Promise<Ack<unknown> | null> {
    return new Promise((resolve) => {
      const onDrop = () => settle(null);
      const settle = (result: Ack<unknown> | null) => {
        this.socket.off("disconnect", onDrop);
        resolve(result);
      };
      this.socket.once("disconnect", onDrop);
      (this.socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<Ack<unknown>>).then(settle, () =>
        settle(null),
      );
    });
  }
}
