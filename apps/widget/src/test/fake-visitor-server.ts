import { createServer, type Server as HttpServer } from "node:http";
import { SOCKET_PATH, VISITOR_NAMESPACE } from "@harbor/contract/constants";
import type { AddEventAck, AskQuestionAck, VisitorClientEvents, VisitorServerEvents } from "@harbor/contract/realtime";
import type { VisitorChat, VisitorMessage } from "@harbor/contract/widget";
import { Server, type Socket as ServerSocket } from "socket.io";

/**
 * A small /visitor server speaking the contract's events (the real one is tested in the server's
 * own suite): it stores messages once per client id, answers joins with what came after
 * `afterMessageID`, and records what it was asked so the tests can check the session's traffic.
 */
export class FakeVisitorServer {
  http: HttpServer = createServer();
  io: Server<VisitorClientEvents, VisitorServerEvents>;
  chats = new Map<string, VisitorChat>();
  joins: { chatID: string; afterMessageID?: string }[] = [];
  questions: string[] = [];
  /** Every ask-question payload as it arrived (what a portal click names travels beside the text). */
  asks: Parameters<VisitorClientEvents["ask-question"]>[0][] = [];
  events: Parameters<VisitorClientEvents["add-event"]>[0][] = [];
  /** The language each question was sent with (the widget's), in order. */
  questionLanguages: (string | undefined)[] = [];
  /** reset-answer, continue-chat and send-ai-chat-history as they arrived. */
  requests: { event: string; chatID: string; email?: string }[] = [];
  /** Set to refuse the next transcript, as the server does when the mail cannot go. */
  transcriptFailure: string | null = null;
  /** Set to hold the next ask-question's ack back (the connection drops before it is sent). */
  swallowNextAck = false;
  /** Set to store the next question but never acknowledge it, the connection staying up (a lost ack). */
  holdNextAck = false;
  refusal: string | null = null;
  /** The status a refusal carries, as the real server sends it (401: the visitor token is no good). */
  refusalStatus: number | null = null;
  /** When set, each question is answered like the AI does: two phases, streamed text, the stored answer. */
  autoAnswer: ((question: string) => string) | null = null;
  /** Milliseconds between the answer's steps (phases, text, stored answer). */
  answerPace = 10;
  /**
   * When set, a new question is answered with this text the moment it is acknowledged, as the real
   * server does with an answer it has ready: the stored question goes to the room first (telling
   * every tab, as the real server does), then the ack, then the stored answer in the same tick.
   */
  answerAtOnce: string | null = null;
  /** The steps still to come of the answer being written, per chat (reset-answer cancels them). */
  private answering = new Map<string, ReturnType<typeof setTimeout>[]>();
  private counter = 0;

  /** `transports: ["polling"]`: the server a network without websockets leaves the widget (its upgrades refused). */
  constructor(options: { transports?: ("polling" | "websocket")[] } = {}) {
    this.io = new Server(this.http, { path: SOCKET_PATH, ...options });
    const namespace = this.io.of(VISITOR_NAMESPACE);
    namespace.use((_socket, next) => {
      if (!this.refusal) return next();
      const refusal = new Error(this.refusal);
      next(this.refusalStatus ? Object.assign(refusal, { data: { status: this.refusalStatus } }) : refusal);
    });
    namespace.on("connection", (socket) => this.serve(socket));
  }

  /** Listens on `port` (a free one when 0), answering the server's address. */
  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.http.listen(port, "127.0.0.1", resolve));
    const address = this.http.address();
    if (!address || typeof address === "string") throw new Error("no port");
    return `http://127.0.0.1:${address.port}`;
  }

  async close() {
    await this.io.close();
  }

  /** A stored message; `clientMessageID` makes a retried one the same. */
  store(chatID: string, fields: Partial<VisitorMessage>): { message: VisitorMessage; isNew: boolean } {
    const chat = this.chats.get(chatID);
    if (!chat) throw new Error("no chat");
    const existing = chat.messages.find((m) => fields.clientMessageID && m.clientMessageID === fields.clientMessageID);
    if (existing) return { message: existing, isNew: false };
    this.counter += 1;
    const message: VisitorMessage = {
      _id: `00000000-0000-4000-8000-${String(this.counter).padStart(12, "0")}`,
      clientMessageID: null,
      message: "",
      messageType: "answer",
      senderRole: "ai",
      senderName: null,
      timestamp: new Date(Date.UTC(2025, 0, 1, 12, 0, this.counter)).toISOString(),
      eventType: null,
      messageData: {},
      references: [],
      ...fields,
    };
    chat.messages.push(message);
    return { message, isNew: true };
  }

  /** A message written while the visitor may be away: stored, and sent to whoever is in the room. */
  say(chatID: string, fields: Partial<VisitorMessage>) {
    const { message } = this.store(chatID, fields);
    this.io.of(VISITOR_NAMESPACE).to(chatID).emit("chat-message", { chatID, message });
    return message;
  }

  private answer(chatID: string, questionID: string, text: string) {
    const room = this.io.of(VISITOR_NAMESPACE).to(chatID);
    const steps = [
      () => room.emit("answer-phase", { chatID, questionID, phase: "understanding" }),
      () => room.emit("answer-phase", { chatID, questionID, phase: "writing" }),
      () => room.emit("answer-chunk", { chatID, questionID, text: text.slice(0, Math.ceil(text.length / 2)) }),
      () => room.emit("answer-chunk", { chatID, questionID, text: text.slice(Math.ceil(text.length / 2)) }),
      () => {
        this.answering.delete(chatID);
        this.say(chatID, { message: text });
      },
    ];
    this.answering.set(
      chatID,
      steps.map((step, index) => setTimeout(step, (index + 1) * this.answerPace)),
    );
  }

  private serve(socket: ServerSocket<VisitorClientEvents, VisitorServerEvents>) {
    socket.on("join-chat-room", ({ chatID, afterMessageID }, ack) => {
      this.joins.push({ chatID, afterMessageID });
      const chat = this.chats.get(chatID);
      if (!chat) return ack({ ok: false, message: "This chat does not exist." });
      void socket.join(chatID);
      const after = chat.messages.findIndex((m) => m._id === afterMessageID);
      ack({ ok: true, data: { ...chat, messages: chat.messages.slice(after + 1) } });
    });
    socket.on("ask-question", (payload, ack) => {
      this.questions.push(payload.question);
      this.asks.push(payload);
      this.questionLanguages.push(payload.language);
      if (payload.question === "refuse me") return ack({ ok: false, message: "You are sending messages too quickly." });
      // Like the real server, a retried first question finds the chat its first copy made.
      let chatID =
        payload.chatID ??
        [...this.chats.values()].find((chat) =>
          chat.messages.some((m) => m.clientMessageID === payload.clientMessageID),
        )?.chatID ??
        null;
      if (!chatID) {
        chatID = `10000000-0000-4000-8000-${String(this.chats.size + 1).padStart(12, "0")}`;
        this.chats.set(chatID, {
          chatID,
          ticketID: `T${this.chats.size + 1}`,
          status: "open",
          resolved: false,
          isCompleted: false,
          preChatCompleted: false,
          messages: [],
        });
      }
      void socket.join(chatID);
      const { message, isNew } = this.store(chatID, {
        clientMessageID: payload.clientMessageID,
        message: payload.question,
        messageType: "question",
        senderRole: "customer",
      });
      const chat = this.chats.get(chatID) as VisitorChat;
      const answer: AskQuestionAck = { chatID, ticketID: chat.ticketID, message };
      if (this.swallowNextAck) {
        this.swallowNextAck = false;
        socket.conn.close();
        return;
      }
      if (this.holdNextAck) {
        this.holdNextAck = false;
        return;
      }
      if (this.answerAtOnce && isNew) {
        this.io.of(VISITOR_NAMESPACE).to(chatID).emit("chat-message", { chatID, message });
        ack({ ok: true, data: answer });
        this.say(chatID, { message: this.answerAtOnce });
        return;
      }
      ack({ ok: true, data: answer });
      // As the real server does, a question sent again (same client id) is answered once.
      if (this.autoAnswer && isNew) this.answer(chatID, message._id, this.autoAnswer(payload.question));
    });
    socket.on("add-event", (payload, ack) => {
      this.events.push(payload);
      const chat = this.chats.get(payload.chatID);
      if (!chat) return ack({ ok: false, message: "This chat does not exist." });
      // The pre-chat form is kept as the real server keeps it: a form message with its values.
      const isForm = payload.event === "PRE_CHAT_FORM";
      const { message } = this.store(payload.chatID, {
        clientMessageID: payload.clientMessageID,
        messageType: isForm ? "form" : "widget_event",
        eventType: payload.event,
        senderRole: "customer",
        message: payload.event,
        messageData:
          payload.event === "FEEDBACK"
            ? { rating: payload.rating }
            : isForm
              ? { form: { title: "Customer details", values: { email: payload.customer.email ?? "" } } }
              : {},
      });
      if (payload.event === "IS_RESOLVED") Object.assign(chat, { resolved: true, isCompleted: true });
      const ticket =
        payload.event === "RAISE_TICKET"
          ? { ticketID: chat.ticketID, summary: "Summary", message: payload.form.message, email: payload.form.email }
          : null;
      const answer: AddEventAck = { message, ticket };
      ack({ ok: true, data: answer });
    });
    socket.on("restart-chat", ({ chatID }, ack) => {
      const chat = this.chats.get(chatID);
      if (chat) chat.isCompleted = true;
      ack({ ok: true, data: null });
    });
    socket.on("reset-answer", ({ chatID }, ack) => {
      this.requests.push({ event: "reset-answer", chatID });
      for (const timer of this.answering.get(chatID) ?? []) clearTimeout(timer);
      this.answering.delete(chatID);
      ack({ ok: true, data: null });
    });
    socket.on("continue-chat", ({ chatID }, ack) => {
      this.requests.push({ event: "continue-chat", chatID });
      const chat = this.chats.get(chatID);
      if (!chat) return ack({ ok: false, message: "This chat does not exist." });
      Object.assign(chat, { isCompleted: false, resolved: false });
      void socket.join(chatID);
      ack({ ok: true, data: { ...chat, messages: [...chat.messages] } });
    });
    socket.on("send-ai-chat-history", ({ chatID, email }, ack) => {
      this.requests.push({ event: "send-ai-chat-history", chatID, email });
      if (this.transcriptFailure) return ack({ ok: false, message: this.transcriptFailure });
      ack({ ok: true, data: null });
    });
  }
}
