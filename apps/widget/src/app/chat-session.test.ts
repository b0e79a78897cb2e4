import { VISITOR_NAMESPACE } from "@harbor/contract/constants";
import type { VisitorMessage } from "@harbor/contract/widget";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeVisitorServer } from "../test/fake-visitor-server";
import { type ChatSession, createChatSession } from "./chat-session";
import { createVisitorSocket } from "./visitor-socket";

let server: FakeVisitorServer;
let url: string;
const sessions: ChatSession[] = [];

beforeEach(async () => {
  server = new FakeVisitorServer();
  url = await server.listen();
});

afterEach(async () => {
  for (const session of sessions.splice(0)) session.close();
  await server.close();
});

function start(chatID: string | null = null, options: { sendTimeoutMs?: number; language?: "en" | "nl" | "he" } = {}) {
  // The client the widget ships, through happy-dom's WebSocket (the `ws` package behind the browser's API).
  const socket = createVisitorSocket({
    auth: { widgetID: "w1", visitorToken: "token-of-the-visitor" },
    origin: url,
    reconnectDelay: { min: 50, max: 100 },
  });
  const chatIDs: (string | null)[] = [];
  const incoming: VisitorMessage[] = [];
  const session = createChatSession({
    socket,
    chatID,
    onChatChange: (id) => chatIDs.push(id),
    onIncoming: (message) => incoming.push(message),
    sendTimeoutMs: options.sendTimeoutMs,
    language: options.language,
  });
  sessions.push(session);
  return { session, socket, chatIDs, incoming };
}

const texts = (session: ChatSession) => session.getState().messages.map((m) => m.message);

describe("chat session", () => {
  it("sends each question in the widget's language, so a short 'Hallo' is answered in Dutch", async () => {
    const { session } = start(null, { language: "nl" });
    session.ask("Hallo");
    await vi.waitFor(() => expect(server.questionLanguages).toEqual(["nl"]));
  });

  it("shows a question as sending until its ack, then starts the chat and sends the next one into it", async () => {
    const { session, chatIDs } = start();
    session.ask("Where is my parcel?");
    session.ask("It was order 1043.");
    expect(session.getState().pending.map((p) => p.question)).toEqual(["Where is my parcel?", "It was order 1043."]);

    await vi.waitFor(() => expect(texts(session)).toEqual(["Where is my parcel?", "It was order 1043."]));
    expect(session.getState().pending).toEqual([]);
    expect(server.chats.size).toBe(1);
    const chatID = [...server.chats.keys()][0];
    expect(chatIDs).toEqual([chatID]);
    expect(session.getState().chat).toMatchObject({ chatID, ticketID: "T1", status: "open" });
  });

  it("streams the answer in two phases, then shows the stored answer once and reports it as incoming", async () => {
    const { session, incoming } = start();
    session.ask("How long is delivery?");
    await vi.waitFor(() => expect(session.getState().chat).not.toBeNull());
    const chatID = session.getState().chat?.chatID as string;
    const questionID = session.getState().messages[0]?._id as string;
    const room = server.io.of(VISITOR_NAMESPACE).to(chatID);

    room.emit("answer-phase", { chatID, questionID, phase: "understanding" });
    await vi.waitFor(() => expect(session.getState().answer).toEqual({ questionID, phase: "understanding", text: "" }));
    room.emit("answer-phase", { chatID, questionID, phase: "writing" });
    room.emit("answer-chunk", { chatID, questionID, text: "Two to " });
    room.emit("answer-chunk", { chatID, questionID, text: "three days." });
    await vi.waitFor(() => expect(session.getState().answer?.text).toBe("Two to three days."));
    room.emit("answer-replace", { chatID, questionID, text: "Two or three working days." });
    await vi.waitFor(() => expect(session.getState().answer?.text).toBe("Two or three working days."));

    const answer = server.say(chatID, { message: "Two or three working days." });
    await vi.waitFor(() => expect(session.getState().answer).toBeNull());
    expect(texts(session)).toEqual(["How long is delivery?", "Two or three working days."]);
    expect(incoming.map((m) => m._id)).toEqual([answer._id]);

    // Events of another chat never reach this one.
    server.io.of(VISITOR_NAMESPACE).emit("chat-error", { chatID: "another", message: "Not yours" });
    server.io.of(VISITOR_NAMESPACE).emit("answer-chunk", { chatID: "another", questionID, text: "x" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(session.getState().error).toBeNull();
    expect(session.getState().answer).toBeNull();
  });

  it("after a dropped connection rejoins asking only for what it missed, and sends what waited", async () => {
    const { session, socket } = start();
    session.ask("First question");
    await vi.waitFor(() => expect(session.getState().messages).toHaveLength(1));
    const chatID = session.getState().chat?.chatID as string;
    const held = session.getState().messages[0]?._id;

    // The connection drops; meanwhile an answer is written and the visitor asks again.
    const disconnected = new Promise((resolve) => socket.on("disconnect", resolve));
    for (const serverSocket of server.io.of(VISITOR_NAMESPACE).sockets.values()) serverSocket.conn.close();
    await disconnected;
    server.store(chatID, { message: "Answer written while away" });
    session.ask("Second question");
    expect(session.getState().pending[0]).toMatchObject({ question: "Second question", isSending: false });

    await vi.waitFor(() =>
      expect(texts(session)).toEqual(["First question", "Answer written while away", "Second question"]),
    );
    expect(server.joins.at(-1)).toEqual({ chatID, afterMessageID: held });
    expect(session.getState().connection).toBe("online");
  });

  it("sends a question again after a lost ack, with the same client id, and it is stored once", async () => {
    const { session } = start();
    server.swallowNextAck = true;
    session.ask("Is the sale still on?");
    await vi.waitFor(() => expect(texts(session)).toEqual(["Is the sale still on?"]));
    expect(server.questions).toEqual(["Is the sale still on?", "Is the sale still on?"]);
    expect(server.chats.size).toBe(1);
    expect([...server.chats.values()][0]?.messages).toHaveLength(1);
    expect(session.getState().pending).toEqual([]);

    // Later in the chat, the rejoin after the drop brings the stored question back: nothing is sent twice.
    server.swallowNextAck = true;
    session.ask("And on shoes?");
    await vi.waitFor(() => expect(texts(session)).toEqual(["Is the sale still on?", "And on shoes?"]));
    expect([...server.chats.values()][0]?.messages.map((m) => m.message)).toEqual([
      "Is the sale still on?",
      "And on shoes?",
    ]);
    expect(session.getState().pending).toEqual([]);
  });

  it("keeps a refused question with the server's message until the visitor retries", async () => {
    const { session } = start();
    session.ask("refuse me");
    await vi.waitFor(() => expect(session.getState().pending[0]?.error).toBe("You are sending messages too quickly."));
    session.retry(session.getState().pending[0]?.clientMessageID as string);
    await vi.waitFor(() => expect(server.questions).toEqual(["refuse me", "refuse me"]));
  });

  it("continues a stored chat after a reload and forgets one that no longer exists", async () => {
    const first = start();
    first.session.ask("Remember me");
    await vi.waitFor(() => expect(first.session.getState().chat).not.toBeNull());
    const chatID = first.session.getState().chat?.chatID as string;
    server.store(chatID, { message: "Of course." });

    const reloaded = start(chatID);
    await vi.waitFor(() => expect(texts(reloaded.session)).toEqual(["Remember me", "Of course."]));
    expect(server.joins.at(-1)).toEqual({ chatID, afterMessageID: undefined });

    const stale = start("20000000-0000-4000-8000-000000000000");
    await vi.waitFor(() => expect(stale.chatIDs).toEqual([null]));
    expect(stale.session.getState().chat).toBeNull();
  });

  it("marks the chat completed after 'Yes, thank you', and raises a ticket once however often it is sent", async () => {
    const { session } = start();
    session.ask("Can I return shoes?");
    await vi.waitFor(() => expect(session.getState().chat).not.toBeNull());

    const clientMessageID = "ticket-client-id-1";
    const form = { name: "Dana", email: "dana@example.com", number: "", message: "Please call me" };
    const first = await session.sendEvent({ event: "RAISE_TICKET", form }, clientMessageID);
    const again = await session.sendEvent({ event: "RAISE_TICKET", form }, clientMessageID);
    expect(first.ticket).toMatchObject({ ticketID: "T1", email: "dana@example.com", message: "Please call me" });
    expect(again.message._id).toBe(first.message._id);
    expect(session.getState().chat?.status).toBe("ticket");

    await session.sendEvent({ event: "IS_RESOLVED" });
    expect(session.getState().chat).toMatchObject({ resolved: true, isCompleted: true });
    expect(session.getState().messages.map((m) => m.eventType)).toEqual([null, "RAISE_TICKET", "IS_RESOLVED"]);
  });

  it("shows the error screen on chat-error, and restarting forgets the chat", async () => {
    const { session, chatIDs } = start();
    session.ask("Hi");
    await vi.waitFor(() => expect(session.getState().chat).not.toBeNull());
    const chatID = session.getState().chat?.chatID as string;
    server.io.of(VISITOR_NAMESPACE).to(chatID).emit("chat-error", { chatID, message: "Our servers hiccuped." });
    await vi.waitFor(() => expect(session.getState().error).toBe("Our servers hiccuped."));

    await session.restart();
    expect(session.getState()).toMatchObject({ error: null, chat: null, messages: [] });
    expect(chatIDs).toEqual([chatID, null]);
    expect(server.chats.get(chatID)?.isCompleted).toBe(true);
  });

  it("shows the chat as closed when the shop switches the widget off, the answer being written gone", async () => {
    server.autoAnswer = (question) => `About ${question}: it ships today.`;
    server.answerPace = 80;
    const { session } = start();
    session.ask("Do you ship to Norway?");
    await vi.waitFor(() => expect(session.getState().answer?.text).toMatch(/About/));

    server.io.of(VISITOR_NAMESPACE).emit("widget-closed", { message: "This chat has been closed by the shop." });
    server.io.of(VISITOR_NAMESPACE).disconnectSockets();

    await vi.waitFor(() => expect(session.getState()).toMatchObject({ isClosed: true, answer: null }));
  });

  it("stops the answer being written: its text goes, what is still on its way is not shown, the next question is answered", async () => {
    server.autoAnswer = (question) => `About ${question}: it ships today.`;
    server.answerPace = 80;
    const { session } = start();
    session.ask("Does it ship today?");
    await vi.waitFor(() => expect(session.getState().answer?.text).toBe("About Does it ship to"));
    const chatID = session.getState().chat?.chatID as string;
    const questionID = session.getState().answer?.questionID as string;

    await session.stopAnswer();
    expect(session.getState()).toMatchObject({ answer: null, stoppedQuestionID: questionID });
    expect(server.requests).toEqual([{ event: "reset-answer", chatID }]);
    // Progress of the stopped answer that was already under way changes nothing.
    server.io.of(VISITOR_NAMESPACE).to(chatID).emit("answer-chunk", { chatID, questionID, text: " late" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.getState().answer).toBeNull();
    expect(texts(session)).toEqual(["Does it ship today?"]);

    session.ask("And tomorrow?");
    await vi.waitFor(() => expect(session.getState().answer?.phase).toBe("writing"));
    await vi.waitFor(() =>
      expect(texts(session)).toEqual(["Does it ship today?", "And tomorrow?", "About And tomorrow?: it ships today."]),
    );
  });

  it("stops an answer before its first phase arrived (the question is stored, nothing streamed yet)", async () => {
    const { session } = start();
    session.ask("Quick one");
    await vi.waitFor(() => expect(session.getState().messages).toHaveLength(1));
    await session.stopAnswer();
    expect(session.getState().stoppedQuestionID).toBe(session.getState().messages[0]?._id);
    expect(server.requests.map((request) => request.event)).toEqual(["reset-answer"]);
  });

  it("continues a completed chat: the same chat reopens and takes the next question", async () => {
    const { session, chatIDs } = start();
    session.ask("Can I pay by invoice?");
    await vi.waitFor(() => expect(session.getState().chat).not.toBeNull());
    const chatID = session.getState().chat?.chatID as string;
    await session.sendEvent({ event: "IS_RESOLVED" });
    expect(session.getState().chat).toMatchObject({ isCompleted: true, resolved: true });

    await session.continueChat();
    expect(session.getState().chat).toMatchObject({ chatID, isCompleted: false, resolved: false });
    expect(server.requests).toEqual([{ event: "continue-chat", chatID }]);
    session.ask("And in instalments?");
    await vi.waitFor(() =>
      expect(texts(session)).toEqual(["Can I pay by invoice?", "IS_RESOLVED", "And in instalments?"]),
    );
    expect(server.chats.size).toBe(1);
    expect(chatIDs).toEqual([chatID]);

    // A chat the server no longer knows: its message, for the screen to show.
    server.chats.delete(chatID);
    await expect(session.continueChat()).rejects.toThrow("This chat does not exist.");
  });

  it("mails the conversation to the address given, and passes on the server's refusal", async () => {
    const { session } = start();
    session.ask("Please send me this");
    await vi.waitFor(() => expect(session.getState().chat).not.toBeNull());
    const chatID = session.getState().chat?.chatID as string;

    await session.sendTranscript("dana@example.com");
    expect(server.requests).toEqual([{ event: "send-ai-chat-history", chatID, email: "dana@example.com" }]);
    server.transcriptFailure = "The transcript could not be sent. Please try again later.";
    await expect(session.sendTranscript("dana@example.com")).rejects.toThrow(
      "The transcript could not be sent. Please try again later.",
    );
  });

  it("reports a refused connection (switched-off widget) as final", async () => {
    server.refusal = "This chat widget is switched off.";
    server.refusalStatus = 403;
    const { session } = start();
    await vi.waitFor(() =>
      expect(session.getState()).toMatchObject({
        isRefused: true,
        isExpired: false,
        error: "This chat widget is switched off.",
      }),
    );
  });

  it("reports an expired token as such, with no error to show (the widget gets a new token by itself)", async () => {
    server.refusal = "Your chat session has expired. Please restart the chat.";
    server.refusalStatus = 401;
    const { session } = start();
    await vi.waitFor(() => expect(session.getState()).toMatchObject({ isRefused: true, isExpired: true, error: null }));
  });

  it("says 'Not sent' when no server is reachable within the send timeout, and sends it when one is", async () => {
    const port = Number(new URL(url).port);
    await server.close();
    const { session } = start(null, { sendTimeoutMs: 150 });
    session.ask("Anyone there?");
    expect(session.getState()).toMatchObject({ connection: "connecting", pending: [{ error: null }] });
    await vi.waitFor(() => expect(session.getState().pending[0]?.error).toBe(""));
    const clientMessageID = session.getState().pending[0]?.clientMessageID;

    server = new FakeVisitorServer();
    await server.listen(port);
    await vi.waitFor(() => expect(texts(session)).toEqual(["Anyone there?"]), { timeout: 5000 });
    expect(session.getState()).toMatchObject({ connection: "online", pending: [] });
    expect([...server.chats.values()][0]?.messages[0]?.clientMessageID).toBe(clientMessageID);
  });

  it("says 'Not sent' when the ack does not come in time, and Retry stores the question once", async () => {
    const { session } = start(null, { sendTimeoutMs: 150 });
    server.holdNextAck = true;
    session.ask("Is the sale still on?");
    await vi.waitFor(() => expect(session.getState().pending[0]).toMatchObject({ isSending: true, error: "" }));
    expect(session.getState().connection).toBe("online");

    session.retry(session.getState().pending[0]?.clientMessageID as string);
    expect(session.getState().pending[0]?.error).toBeNull();
    await vi.waitFor(() => expect(texts(session)).toEqual(["Is the sale still on?"]));
    expect(session.getState().pending).toEqual([]);
    expect(server.questions).toEqual(["Is the sale still on?", "Is the sale still on?"]);
    expect([...server.chats.values()][0]?.messages).toHaveLength(1);
  });

  it("tells the connection's state: connecting, online, then offline while it is lost", async () => {
    const { session, socket } = start();
    expect(session.getState().connection).toBe("connecting");
    await vi.waitFor(() => expect(session.getState().connection).toBe("online"));
    const disconnected = new Promise((resolve) => socket.on("disconnect", resolve));
    await server.close();
    await disconnected;
    expect(session.getState().connection).toBe("offline");
  });

  it("never brings back an answer that is already stored when its progress arrives late", async () => {
    const { session } = start();
    session.ask("How long is delivery?");
    await vi.waitFor(() => expect(session.getState().messages).toHaveLength(1));
    const chatID = session.getState().chat?.chatID as string;
    const questionID = session.getState().messages[0]?._id as string;
    const room = server.io.of(VISITOR_NAMESPACE).to(chatID);
    room.emit("answer-chunk", { chatID, questionID, text: "Two to " });
    await vi.waitFor(() => expect(session.getState().answer?.text).toBe("Two to "));
    server.say(chatID, { message: "Two to three days." });
    await vi.waitFor(() => expect(session.getState().answer).toBeNull());
    room.emit("answer-chunk", { chatID, questionID, text: "three days." });
    room.emit("answer-phase", { chatID, questionID, phase: "writing" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(session.getState().answer).toBeNull();
    expect(texts(session)).toEqual(["How long is delivery?", "Two to three days."]);
  });
});

describe("chat session over long-polling", () => {
  it("shows the answer that came in the same response as the first question's ack", async () => {
    // A network that blocks websockets: the widget's socket falls back to long-polling, where
    // everything the server sent while no request was waiting comes in one response.
    await server.close();
    server = new FakeVisitorServer({ transports: ["polling"] });
    url = await server.listen();
    // Long-polling is same-origin, as the widget's frame is served by the server it talks to.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${url}/widget/frame.html`);
    server.answerAtOnce = "Two or three working days.";
    const { session, incoming } = start();
    await vi.waitFor(() => expect(session.getState().connection).toBe("online"), { timeout: 5000 });
    expect([...server.io.of(VISITOR_NAMESPACE).sockets.values()][0]?.conn.transport.name).toBe("polling");

    session.ask("How long is delivery?");
    await vi.waitFor(() => expect(texts(session)).toEqual(["How long is delivery?", "Two or three working days."]));
    expect(session.getState().pending).toEqual([]);
    expect(incoming.map((message) => message.message)).toEqual(["Two or three working days."]);
    // Leaves over HTTP before the server closes, so no request is left to fail.
    session.close();
    await vi.waitFor(() => expect(server.io.engine.clientsCount).toBe(0));
  });
});
