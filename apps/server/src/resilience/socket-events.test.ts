import {
  askQuestionSchema,
  continueChatSchema,
  joinChatRoomSchema,
  resetAnswerSchema,
  restartChatSchema,
  sendChatHistorySchema,
  staffTypingSchema,
  visitorEventSchema,
  visitorTypingSchema,
} from "@harbor/contract/realtime";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createHarness, type Harness } from "../../test/harness";
import { type JsonSchema, samplesOf } from "../../test/json-schema-samples";
import { deeplyNestedJson, isIdPath, leafPaths, ODD_FIELD_VALUES, withValueAt } from "../../test/odd-input";
import { ackData, askQuestion, connectStaff, connectVisitor } from "../../test/realtime-clients";
import { SESSION_COOKIE } from "../platform/session";

/**
 * The resilience sweep over the realtime channel: every event the /visitor and /staff sockets
 * listen to (read from a live server socket, so a new event is swept without being listed), and
 * their handshakes, fed what a stranger can send. Each ack must be an answer the client can show
 * (never the catch-all of an unexpected error), and after each case the server must still answer
 * /api/health over HTTP and open a new socket.
 */

/** What the socket guard answers when a listener threw: the realtime form of a 500. */
const UNEXPECTED_FAILURE = "Something went wrong. Please try again.";
/** Events socket.io reserves for itself; a client can't send them. */
const RESERVED_EVENTS = new Set(["connect", "connect_error", "disconnect", "disconnecting", "error"]);
const ACK_TIMEOUT_MS = 5_000;

/** Whole payloads of the wrong kind, where an event reads one object. */
const ODD_PAYLOADS: Record<string, unknown[]> = {
  "no payload": [],
  null: [null],
  number: [42],
  string: ["text"],
  array: [["a", "b"]],
  "empty object": [{}],
  "huge string": ["x".repeat(500_000)],
  "binary data": [Buffer.from([0, 1, 2, 255])],
  "prototype key": [JSON.parse('{"__proto__":{"isAdmin":true}}')],
  "two payloads": [{}, {}],
};

let h: Harness;
let url: string;
let admin: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
let otherTenant: { widgetID: string; visitorToken: string; ids: string[]; cookie: string };
const failures: string[] = [];

/** Whether the server still serves: health over HTTP and a new visitor socket. */
async function expectStillServing(where: string) {
  const health = await fetch(`${url}/api/health`).catch((error: Error) => ({ status: error.message }));
  if (health.status !== 200) failures.push(`${where}: /api/health answered ${health.status} afterwards`);
}

function ackProblem(ack: unknown): string | null {
  const answer = ack as { ok?: unknown; message?: unknown } | null;
  if (typeof answer?.ok !== "boolean") return `acked ${JSON.stringify(ack)?.slice(0, 200)}`;
  if (answer.ok) return null;
  if (typeof answer.message !== "string" || answer.message === "") return `acked an error without a message`;
  if (answer.message === UNEXPECTED_FAILURE) return "failed unexpectedly (the guard's catch-all)";
  return null;
}

async function emitCase(socket: Socket, where: string, event: string, args: unknown[]) {
  if (!EVENT_SHAPES[event]?.hasAck) {
    socket.emit(event, ...args);
    await expectStillServing(where);
    return;
  }
  try {
    const ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, ...args);
    const problem = ackProblem(ack);
    if (problem) failures.push(`${where}: ${problem}`);
  } catch (error) {
    failures.push(`${where}: no ack (${(error as Error).message})`);
  }
  // The same event with no ack callback: handlers must not assume one.
  socket.emit(event, ...args);
  await expectStillServing(where);
}

/**
 * The contract's schema of each event a channel listens to, and whether the client waits for an
 * ack (typing is fire-and-forget). The sweep reads the events from a live socket and fails on one
 * missing here, so a new event can't go unswept.
 */
const EVENT_SHAPES: Record<string, { schema: z.ZodType; hasAck: boolean }> = {
  "join-chat-room": { schema: joinChatRoomSchema, hasAck: true },
  "ask-question": { schema: askQuestionSchema, hasAck: true },
  "add-event": { schema: visitorEventSchema, hasAck: true },
  "restart-chat": { schema: restartChatSchema, hasAck: true },
  "reset-answer": { schema: resetAnswerSchema, hasAck: true },
  "continue-chat": { schema: continueChatSchema, hasAck: true },
  "send-ai-chat-history": { schema: sendChatHistorySchema, hasAck: true },
  typing: { schema: visitorTypingSchema, hasAck: false },
  "staff-typing": { schema: staffTypingSchema, hasAck: false },
};

/** Every payload shape of an event (one per branch of a union), about the given chat. */
function samplesFor(event: string, chatID: string): unknown[] {
  const shape = EVENT_SHAPES[event];
  if (!shape) throw new Error(`The sweep has no schema for the event "${event}": add it to EVENT_SHAPES.`);
  const jsonSchema = z.toJSONSchema(shape.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return samplesOf(jsonSchema).map((sample) =>
    typeof sample === "object" && sample !== null && "chatID" in sample ? { ...sample, chatID } : sample,
  );
}

function listenedEvents(socket: { eventNames(): (string | symbol)[] } | undefined) {
  return (socket?.eventNames() ?? []).filter(
    (name): name is string => typeof name === "string" && !RESERVED_EVENTS.has(name),
  );
}

/** Feeds one connected socket's every event every odd payload and every odd field value. */
async function sweepEvents(options: { socket: Socket; events: string[]; chatID: string; namespace: string }) {
  const { socket, events, chatID, namespace } = options;
  for (const event of events) {
    for (const [name, args] of Object.entries(ODD_PAYLOADS)) {
      await emitCase(socket, `${namespace} ${event} with ${name}`, event, args);
    }
    for (const sample of samplesFor(event, chatID)) {
      for (const path of leafPaths(sample)) {
        for (const [name, value] of Object.entries(ODD_FIELD_VALUES)) {
          await emitCase(socket, `${namespace} ${event} ${path.join(".")} = ${name}`, event, [
            withValueAt(sample, path, value),
          ]);
        }
        if (!isIdPath(path)) continue;
        for (const id of otherTenant.ids) {
          await emitCase(socket, `${namespace} ${event} ${path.join(".")} = company B's ${id}`, event, [
            withValueAt(sample, path, id),
          ]);
        }
      }
    }
  }
}

/**
 * Socket.IO packets no client library would write (the encoder would refuse or overflow first):
 * JSON nested past the call stack, broken JSON, an event name that is not a string.
 */
function rawPackets(namespace: string) {
  return {
    "deeply nested payload": `42${namespace},1["ask-question",${deeplyNestedJson()}]`,
    "deeply nested payload without ack": `42${namespace},["typing",${deeplyNestedJson()}]`,
    "broken JSON": `42${namespace},["ask-question",{not json`,
    "an event name that is a number": `42${namespace},[1,{}]`,
    "an event name that is an object": `42${namespace},[{"a":1},{}]`,
    "an event that is not an array": `42${namespace},{"event":"ask-question"}`,
    "an unknown packet type": `49${namespace},[]`,
  };
}

async function sendRawPackets(open: () => Promise<Socket>, namespace: string) {
  for (const [name, packet] of Object.entries(rawPackets(namespace))) {
    const socket = await open();
    (socket.io.engine as unknown as { send(data: string): void }).send(packet);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    await expectStillServing(`${namespace} raw packet with ${name}`);
  }
}

/** Opens a socket with whatever a client sends, and answers "connected" or the refusal it got. */
async function handshake(
  namespace: string,
  options: { auth?: unknown; headers?: Record<string, string>; query?: string },
) {
  const socket = io(`${url}${namespace}${options.query ?? ""}`, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: options.auth as Record<string, unknown>,
    extraHeaders: options.headers,
    forceNew: true,
    reconnection: false,
  });
  try {
    return await new Promise<string>((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
}

beforeAll(async () => {
  h = await createHarness({
    rateLimitMax: 1_000_000,
    visitorLimits: { eventsPerVisitor: 1_000_000, questionsPerVisitor: 1_000_000, questionsPerWidget: 1_000_000 },
  });
  url = await h.url();
  admin = await h.signUp("admin@resilience-sockets-a.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(admin.companyId)).widgetId;
  const b = await h.signUp("admin@resilience-sockets-b.example");
  const bWidget = (await h.app.services.widgetRepository.findOrCreate(b.companyId)).widgetId;
  const bVisitor = await connectVisitor(h, bWidget);
  const asked = ackData(await askQuestion(bVisitor.socket, "Do you ship to Belgium?"));
  bVisitor.socket.close();
  await h.app.services.visitorService.drain();
  otherTenant = {
    widgetID: bWidget,
    visitorToken: bVisitor.visitorToken,
    cookie: b.cookie,
    ids: [asked.chatID, b.companyId, b.userId, bWidget],
  };
}, 120_000);

beforeEach(() => {
  failures.length = 0;
});

afterAll(async () => {
  await h.app.services.visitorService.drain();
  await h?.close();
});

describe("every realtime event and handshake, fed what a stranger can send, is answered and the server stays up", () => {
  it("/visitor: every event", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const own = ackData(await askQuestion(visitor.socket, "Hello"));
    const events = listenedEvents(h.app.services.realtime.visitors.sockets.get(visitor.socket.id ?? ""));
    expect(events).toEqual(expect.arrayContaining(["ask-question", "join-chat-room", "typing"]));
    await sweepEvents({ socket: visitor.socket, events, chatID: own.chatID, namespace: "/visitor" });
    visitor.socket.close();
    await h.app.services.visitorService.drain();
    expect(failures).toEqual([]);
  }, 300_000);

  it("/staff: every event, signed in as company A's admin", async () => {
    const staff = await connectStaff(h, admin.cookie);
    const visitor = await connectVisitor(h, widgetID);
    const own = ackData(await askQuestion(visitor.socket, "Hello"));
    const events = listenedEvents(h.app.services.realtime.staff.sockets.get(staff.socket.id ?? ""));
    expect(events).toEqual(expect.arrayContaining(["staff-typing"]));
    await sweepEvents({ socket: staff.socket, events, chatID: own.chatID, namespace: "/staff" });
    staff.socket.close();
    visitor.socket.close();
    await h.app.services.visitorService.drain();
    expect(failures).toEqual([]);
  }, 300_000);

  it("both: packets no client library writes", async () => {
    await sendRawPackets(async () => (await connectVisitor(h, widgetID)).socket, "/visitor");
    await sendRawPackets(async () => (await connectStaff(h, admin.cookie)).socket, "/staff");
    expect(failures).toEqual([]);
  }, 120_000);

  it("/visitor: odd handshakes are refused with a message, none is let in with another widget's token", async () => {
    const { visitorToken } = await connectVisitor(h, widgetID);
    const cases: Record<string, { auth?: unknown; headers?: Record<string, string>; query?: string }> = {
      "no auth": {},
      "auth of the wrong types": { auth: { widgetID: 12, visitorToken: ["a"] } },
      "auth with objects": { auth: { widgetID: { $ne: "" }, visitorToken: { $ne: "" } } },
      "a huge widget id": { auth: { widgetID: "x".repeat(100_000), visitorToken } },
      "a forged token": { auth: { widgetID, visitorToken: "forged.token" } },
      "another company's widget with this token": { auth: { widgetID: otherTenant.widgetID, visitorToken } },
      "this widget with another company's token": { auth: { widgetID, visitorToken: otherTenant.visitorToken } },
      "Origin: null": { auth: { widgetID, visitorToken }, headers: { origin: "null" } },
      "an Origin that is not a URL": { auth: { widgetID, visitorToken }, headers: { origin: "::::" } },
      "an odd query": { auth: { widgetID, visitorToken }, query: "?a[]=1&__proto__[x]=1&b=%00" },
      "a prototype key in auth": { auth: JSON.parse('{"__proto__":{"widgetID":"x"}}') },
    };
    const outcomes: Record<string, string> = {};
    for (const [name, options] of Object.entries(cases)) {
      outcomes[name] = await handshake("/visitor", options);
      await expectStillServing(`/visitor handshake with ${name}`);
    }
    expect(failures).toEqual([]);
    for (const name of [
      "no auth",
      "auth of the wrong types",
      "auth with objects",
      "a huge widget id",
      "a forged token",
      "another company's widget with this token",
      "this widget with another company's token",
      "a prototype key in auth",
    ]) {
      expect({ name, outcome: outcomes[name] }).not.toEqual({ name, outcome: "connected" });
      expect(outcomes[name]?.length, name).toBeGreaterThan(0);
    }
  }, 120_000);

  it("/staff: odd handshake headers are refused with a message, and only the session's own company is let in", async () => {
    const session = `${SESSION_COOKIE}=${admin.cookie}`;
    const cases: Record<string, Record<string, string>> = {
      "no cookie": {},
      "a forged cookie": { cookie: `${SESSION_COOKIE}=forged` },
      "a cookie that is not percent-encoding": { cookie: `${SESSION_COOKIE}=%E0%A4%A` },
      "a huge cookie": { cookie: `${SESSION_COOKIE}=${"a".repeat(8000)}` },
      "Origin: null": { cookie: session, origin: "null" },
      "another site's Origin": { cookie: session, origin: "https://evil.example" },
      "an Origin that is not a URL": { cookie: session, origin: "https://[::1" },
      "an empty Origin": { cookie: session, origin: "" },
    };
    for (const [name, headers] of Object.entries(cases)) {
      const outcome = await handshake("/staff", { headers });
      if (outcome === "connected" && name !== "an empty Origin") failures.push(`/staff with ${name}: let in`);
      await expectStillServing(`/staff handshake with ${name}`);
    }
    expect(failures).toEqual([]);
    const staff = await connectStaff(h, admin.cookie);
    expect(staff.socket.connected).toBe(true);
    staff.socket.close();
  }, 120_000);
});
