import { VISITOR_TYPING_MS } from "@harbor/contract/constants";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { Ack, AddEventAck, AnswerPhase, AskQuestion, VisitorClientEvents } from "@harbor/contract/realtime";
import type { QuickReply } from "@harbor/contract/turn";
import type { VisitorChat, VisitorMessage } from "@harbor/contract/widget";
import type { Language } from "../i18n/pick-language";
import { newClientId } from "./client-id";
import type { VisitorSocket } from "./visitor-socket";

export type ChatInfo = Omit<VisitorChat, "messages">;

/**
 * A question not stored yet: "Sending…" until its ack; "Not sent · Retry" when none came within
 * SEND_TIMEOUT_MS (it is still sent again, with the same client id, when the connection returns).
 */
/** A portal link or suggested question that names a custom reply (the server knows which). */
export type PortalOrigin = Pick<AskQuestion, "portalLinkID" | "suggestedQuestionID">;

export type PendingMessage = {
  clientMessageID: string;
  question: string;
  attachments: VisitorAttachment[];
  /** Sent with a button under an offer: its meaning travels beside the label. */
  quickReply?: QuickReply;
  /** The portal entry this is the text of, naming a custom reply: its workflow runs instead of an answer. */
  origin?: PortalOrigin;
  timestamp: string;
  isSending: boolean;
  /**
   * Why it is not stored: the server's refusal (the visitor may retry), "" when no ack came in
   * time (retried by the visitor or at the next connect), null while it may still go through.
   */
  error: string | null;
};

/** The channel as the header shows it: not yet open, open, or lost and being reopened. */
export type Connection = "connecting" | "online" | "offline";

/** The answer being written: its phase, and the text streamed so far. */
export type StreamingAnswer = { questionID: string; phase: AnswerPhase; text: string };

export type SessionState = {
  connection: Connection;
  chat: ChatInfo | null;
  /** Stored messages, in the order they were written. */
  messages: VisitorMessage[];
  pending: PendingMessage[];
  answer: StreamingAnswer | null;
  /** The question whose answer the visitor stopped: whatever still comes of that answer is not shown. */
  stoppedQuestionID: string | null;
  /** The name of the staff member typing, if one is. */
  agentTyping: string | null;
  /** The answer failed (chat-error) or the server refused this visitor: the error screen shows. */
  error: string | null;
  /** The server refused the connection (switched-off widget, expired token): restart with a new token. */
  isRefused: boolean;
  /** The refusal was the visitor token's (it expired): the widget gets a new one by itself, no error shown. */
  isExpired: boolean;
  /** The shop switched the widget off while the visitor was here: the chat is over, the closed screen shows. */
  isClosed: boolean;
};

type EventPayload = Parameters<VisitorClientEvents["add-event"]>[0];
type WithoutIds<T> = T extends unknown ? Omit<T, "chatID" | "clientMessageID"> : never;
export type VisitorEventInput = WithoutIds<EventPayload>;

const ACK_TIMEOUT_MS = 15_000;
/** A question not acknowledged this long after it was sent says "Not sent · Retry" (issue #14: "a few seconds"). */
export const SEND_TIMEOUT_MS = 6000;

/** An ack, or null when none came (timed out, or the connection dropped first). */
const answerOf = <R extends Ack<unknown>>(promise: Promise<R>): Promise<R | null> => promise.catch(() => null);

/** What an ack carries; throws its message, or "" when no ack came (the screen says "Not sent."). */
function dataOf<T>(answer: Ack<T> | null): T {
  if (!answer) throw new Error("");
  if (!answer.ok) throw new Error(answer.message);
  return answer.data;
}

/** Written order (ISO times compare as text); equal times keep their order, as sorting is stable. */
export const byTime = (a: { timestamp: string }, b: { timestamp: string }) =>
  a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0;

/**
 * The visitor's side of one chat over the `/visitor` channel (docs/decisions/008). It holds what
 * the chat screen shows and keeps it whole across reconnects: on every `connect` it rejoins the
 * chat asking only for what came after the newest message it holds, then sends again the
 * questions that never got their ack (each keeps its client id, so the server stores it once).
 * The socket is a parameter so tests can run it against a real socket.io server.
 */
export function createChatSession(options: {
  socket: VisitorSocket;
  chatID: string | null;
  /** The chat changed (started, or forgotten): the widget remembers it for the next page view. */
  onChatChange(chatID: string | null): void;
  /** A message from the AI or a person arrived live (for the unread badge and the sound). */
  onIncoming?(message: VisitorMessage): void;
  /** SEND_TIMEOUT_MS unless given (tests). */
  sendTimeoutMs?: number;
  /**
   * The language the widget speaks to this visitor (its setting, or the browser's): the AI replies
   * in it. Without it the server guesses from each message, and "Hallo" or "bedankt" read as English.
   */
  language?: Language;
}) {
  const { socket } = options;
  let chatID = options.chatID;
  let state: SessionState = {
    connection: socket.connected ? "online" : "connecting",
    chat: null,
    messages: [],
    pending: [],
    answer: null,
    stoppedQuestionID: null,
    agentTyping: null,
    error: null,
    isRefused: false,
    isExpired: false,
    isClosed: false,
  };
  const listeners = new Set<() => void>();
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Per question still pending: when it turns "Not sent". */
  const sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Questions whose answer is stored: progress of theirs that arrives late is not shown again. */
  const answered = new Set<string>();
  /**
   * Events of a chat this session does not know yet, kept while it has none: the first question's
   * ack names the chat, but the server put this socket in the chat's room before storing the
   * question, so the chat's events can come first. Over long-polling they even come in the same
   * response as the ack, and the socket hands out a response's packets in one go, before the code
   * awaiting the ack runs: dropped as another chat's, the answer would never show. The ack replays
   * those of its chat.
   */
  let early: { chatID: string; replay(): void }[] = [];

  const update = (change: Partial<SessionState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  const ack = () => socket.timeout(ACK_TIMEOUT_MS);
  const isCurrent = (id: string | null) => id !== null && id === chatID;
  /** Progress of an answer this chat shows (not one the visitor stopped, nor one already stored). */
  const isShown = (id: string, questionID: string) =>
    isCurrent(id) && questionID !== state.stoppedQuestionID && !answered.has(questionID);

  /** Adds stored messages once each, in written order, and retires the pending copies they replace. */
  function store(incoming: VisitorMessage[]): VisitorMessage[] {
    const known = new Set(state.messages.map((message) => message._id));
    const fresh = incoming.filter((message) => !known.has(message._id));
    const stored = new Set(incoming.map((message) => message.clientMessageID));
    for (const id of stored) if (id) clearTimeout(sendTimers.get(id));
    update({
      messages: fresh.length > 0 ? [...state.messages, ...fresh].sort(byTime) : state.messages,
      pending: state.pending.filter((pending) => !stored.has(pending.clientMessageID)),
    });
    return fresh;
  }

  function switchChat(id: string | null, chat: ChatInfo | null = null) {
    if (id !== chatID) options.onChatChange(id);
    chatID = id;
    early = [];
    update({ chat, messages: [], pending: id ? state.pending : [], answer: null, agentTyping: null });
  }

  const changePending = (clientMessageID: string, change: Partial<PendingMessage>) =>
    update({
      pending: state.pending.map((pending) =>
        pending.clientMessageID === clientMessageID ? { ...pending, ...change } : pending,
      ),
    });

  /** From now, a question not stored within SEND_TIMEOUT_MS shows "Not sent · Retry". */
  function watchSend(clientMessageID: string) {
    clearTimeout(sendTimers.get(clientMessageID));
    sendTimers.set(
      clientMessageID,
      setTimeout(() => {
        const pending = state.pending.find((waiting) => waiting.clientMessageID === clientMessageID);
        if (pending?.error === null) changePending(clientMessageID, { error: "" });
      }, options.sendTimeoutMs ?? SEND_TIMEOUT_MS),
    );
  }

  async function join() {
    const id = chatID;
    if (!id) return;
    const answer = await answerOf(
      ack().emitWithAck("join-chat-room", { chatID: id, afterMessageID: state.messages.at(-1)?._id }),
    );
    if (!answer || id !== chatID) return;
    if (answer.ok) {
      const { messages, ...chat } = answer.data;
      update({ chat });
      store(messages);
    } else {
      // The chat is gone or is not this visitor's: start afresh rather than stay stuck.
      switchChat(null);
    }
  }

  async function send(pending: PendingMessage) {
    changePending(pending.clientMessageID, { isSending: true, error: null });
    watchSend(pending.clientMessageID);
    const answer = await answerOf(
      ack().emitWithAck("ask-question", {
        chatID,
        clientMessageID: pending.clientMessageID,
        question: pending.question,
        attachments: pending.attachments.length > 0 ? pending.attachments : undefined,
        quickReply: pending.quickReply,
        ...pending.origin,
        language: options.language,
      }),
    );
    if (!answer) {
      // No ack (the connection dropped, or the server never answered): "Not sent"; it goes again
      // when the visitor retries or the connection returns.
      changePending(pending.clientMessageID, { isSending: false, error: "" });
      return;
    }
    if (!answer.ok) {
      changePending(pending.clientMessageID, { isSending: false, error: answer.message });
      return;
    }
    const held = early;
    if (answer.data.chatID !== chatID) {
      const { chatID: id, ticketID } = answer.data;
      switchChat(id, {
        chatID: id,
        ticketID,
        status: "open",
        resolved: false,
        isCompleted: false,
        preChatCompleted: false,
      });
    }
    store([answer.data.message]);
    for (const event of held) if (event.chatID === chatID) event.replay();
    flush();
  }

  /**
   * Sends what waits, in order. Without a chat, only the first question goes: its ack names the
   * chat. A fresh connection also sends again what got no ack ("Not sent"), but never a refusal.
   */
  function flush(isReconnect = false) {
    if (!socket.connected) return;
    for (const pending of state.pending) {
      if (pending.error !== null && !(isReconnect && pending.error === "")) continue;
      if (!chatID && state.pending.some((other) => other.isSending)) return;
      if (!pending.isSending) void send(pending);
      if (!chatID) return;
    }
  }

  socket.on("connect", () => {
    update({ connection: "online" });
    void join().then(() => flush(true));
  });
  socket.on("disconnect", () => update({ connection: "offline" }));
  socket.on("connect_error", (error) => {
    // A refusal by the server is final (the socket does not retry it); a network failure is retried.
    if (!socket.active) {
      const isExpired = (error.data as { status?: unknown } | undefined)?.status === 401;
      update({ error: isExpired ? null : error.message, isRefused: true, isExpired });
    } else if (state.connection === "online") update({ connection: "offline" });
  });

  /** A chat's event: kept for later while the session has no chat yet (see `early`). */
  const ofChat =
    <P extends { chatID: string | null }>(listener: (payload: P) => void) =>
    (payload: P) => {
      const id = payload.chatID;
      if (chatID === null && id !== null) early.push({ chatID: id, replay: () => listener(payload) });
      else listener(payload);
    };

  socket.on(
    "chat-message",
    ofChat(({ chatID: id, message }) => {
      if (!isCurrent(id)) return;
      if (message.senderRole !== "customer") {
        if (state.answer) answered.add(state.answer.questionID);
        update({ answer: null, agentTyping: message.senderRole === "agent" ? null : state.agentTyping });
      }
      for (const fresh of store([message])) {
        if (fresh.senderRole !== "customer") options.onIncoming?.(fresh);
      }
    }),
  );
  socket.on(
    "answer-phase",
    ofChat(({ chatID: id, questionID, phase }) => {
      if (!isShown(id, questionID)) return;
      const text = state.answer?.questionID === questionID ? state.answer.text : "";
      update({ answer: { questionID, phase, text } });
    }),
  );
  socket.on(
    "answer-chunk",
    ofChat(({ chatID: id, questionID, text }) => {
      if (!isShown(id, questionID)) return;
      const before = state.answer?.questionID === questionID ? state.answer.text : "";
      update({ answer: { questionID, phase: "writing", text: before + text } });
    }),
  );
  socket.on(
    "answer-replace",
    ofChat(({ chatID: id, questionID, text }) => {
      if (isShown(id, questionID)) update({ answer: { questionID, phase: "writing", text } });
    }),
  );
  socket.on(
    "agent-typing",
    ofChat(({ chatID: id, name, isTyping }) => {
      if (!isCurrent(id)) return;
      clearTimeout(typingTimer);
      update({ agentTyping: isTyping ? name : null });
      // A lost "stopped typing" never sticks.
      if (isTyping) typingTimer = setTimeout(() => update({ agentTyping: null }), VISITOR_TYPING_MS);
    }),
  );
  socket.on(
    "chat-status",
    ofChat(({ chatID: id, status, resolved }) => {
      if (isCurrent(id) && state.chat) update({ chat: { ...state.chat, status, resolved } });
    }),
  );
  socket.on(
    "chat-error",
    ofChat(({ chatID: id, message }) => {
      if (id === null || isCurrent(id)) update({ error: message, answer: null });
    }),
  );
  // The server closes the socket right after; nothing more comes, so nothing is left waiting.
  socket.on("widget-closed", () => {
    clearTimeout(typingTimer);
    update({ isClosed: true, answer: null, agentTyping: null });
  });

  if (socket.connected) void join().then(() => flush());

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Sends a question (starting the chat when there is none); it shows as sending until stored. */
    ask(question: string, attachments: VisitorAttachment[] = [], quickReply?: QuickReply, origin?: PortalOrigin) {
      const pending: PendingMessage = {
        clientMessageID: newClientId(),
        question,
        attachments,
        ...(quickReply ? { quickReply } : {}),
        ...(origin ? { origin } : {}),
        timestamp: new Date().toISOString(),
        isSending: false,
        error: null,
      };
      update({ pending: [...state.pending, pending] });
      watchSend(pending.clientMessageID);
      flush();
    },

    /**
     * Sends a question that says "Not sent" again, even while its first send still waits for an
     * ack: both carry the same client id, so the server stores it once and answers both alike.
     */
    retry(clientMessageID: string) {
      changePending(clientMessageID, { error: null, isSending: false });
      watchSend(clientMessageID);
      flush();
    },

    /**
     * The visitor's other actions (spec part 2 §4). A caller that may retry passes the same
     * `clientMessageID` again, so a ticket is raised once however often the button is pressed.
     */
    async sendEvent(event: VisitorEventInput, clientMessageID = newClientId()): Promise<AddEventAck> {
      const id = chatID;
      if (!id) throw new Error("");
      const payload = { ...event, chatID: id, clientMessageID } as EventPayload;
      const added = dataOf(await answerOf(ack().emitWithAck("add-event", payload)));
      store([added.message]);
      const chat = state.chat;
      if (chat && id === chatID) {
        const changes: Partial<Record<VisitorEventInput["event"], Partial<ChatInfo>>> = {
          IS_RESOLVED: { resolved: true, isCompleted: true },
          NEED_HELP: chat.status === "open" ? { status: "human" } : {},
          RAISE_TICKET: { status: "ticket", resolved: false },
          PRE_CHAT_FORM: { preChatCompleted: true },
        };
        update({ chat: { ...chat, ...changes[event.event] } });
      }
      return added;
    },

    /**
     * Stops the answer being written (reset-answer): its text goes at once and the visitor may ask
     * again. The server does not store a stopped answer; if the stop never reaches it, the answer
     * arrives as a stored message after all and shows then.
     */
    async stopAnswer() {
      const id = chatID;
      const questionID =
        state.answer?.questionID ??
        state.messages.findLast((message) => message.senderRole === "customer" && message.messageType === "question")
          ?._id;
      if (!id || !questionID) return;
      update({ answer: null, stoppedQuestionID: questionID });
      await answerOf(ack().emitWithAck("reset-answer", { chatID: id }));
    },

    /**
     * Shows another chat of this visitor (the one the server opened for a cancellation request):
     * its messages are fetched on joining, now or when the channel connects.
     */
    async openChat(id: string) {
      if (id === chatID) return;
      switchChat(id);
      if (socket.connected) await join();
    },

    /** Reopens the completed chat (continue-chat) so the visitor can ask more in it. */
    async continueChat() {
      const id = chatID;
      if (!id) throw new Error("");
      const { messages, ...chat } = dataOf(await answerOf(ack().emitWithAck("continue-chat", { chatID: id })));
      if (id !== chatID) return;
      update({ chat });
      store(messages);
    },

    /** Mails the conversation to an address the visitor gives (send-ai-chat-history). */
    async sendTranscript(email: string) {
      if (!chatID) throw new Error("");
      dataOf(await answerOf(ack().emitWithAck("send-ai-chat-history", { chatID, email })));
    },

    /** Leaves the chat (the server completes it); the next question starts a new one. */
    async restart() {
      const id = chatID;
      switchChat(null);
      update({ error: null });
      if (id) await answerOf(ack().emitWithAck("restart-chat", { chatID: id }));
    },

    /** The visitor is typing (shown to staff); only for a chat that exists. */
    typing(isTyping: boolean) {
      if (chatID && socket.connected) socket.emit("typing", { chatID, isTyping });
    },

    close() {
      clearTimeout(typingTimer);
      for (const timer of sendTimers.values()) clearTimeout(timer);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}

export type ChatSession = ReturnType<typeof createChatSession>;
