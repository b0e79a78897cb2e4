import type { ApiEnvelope } from "@harbor/contract/envelope";
import type {
  Ack,
  AskQuestionAck,
  StaffClientEvents,
  StaffServerEvents,
  VisitorClientEvents,
  VisitorServerEvents,
} from "@harbor/contract/realtime";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { io, type Socket } from "socket.io-client";
import { SESSION_COOKIE } from "../src/platform/session";
import type { Harness } from "./harness";

type Received = { event: string; payload: unknown };

/** Every server event a socket heard, in order, and a way to wait for one. */
function recorder(socket: Socket) {
  const received: Received[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  return {
    received,
    of<T>(event: string): T[] {
      return received.filter((entry) => entry.event === event).map((entry) => entry.payload as T);
    },
    /** Resolves with the first event (already heard or still to come) that matches. */
    async waitFor<T>(event: string, matches: (payload: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find((entry) => entry.event === event && matches(entry.payload as T));
        if (found) return found.payload as T;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`No ${event} within ${timeoutMs} ms; heard: ${received.map((entry) => entry.event).join(", ")}`);
    },
  };
}

function connected(socket: Socket) {
  return new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
}

/** Sends a client event and resolves with its ack. */
export function emitWithAck<T>(socket: Socket, event: string, payload: unknown): Promise<Ack<T>> {
  return socket.timeout(15_000).emitWithAck(event, payload) as Promise<Ack<T>>;
}

/** A visitor's question over the channel (a new chat when `chatID` is null), answered by its ack. */
export function askQuestion(socket: Socket, question: string, chatID: string | null = null) {
  return emitWithAck<AskQuestionAck>(socket, "ask-question", {
    chatID,
    clientMessageID: crypto.randomUUID(),
    question,
  });
}

export function ackData<T>(ack: Ack<T>): T {
  if (!ack.ok) throw new Error(`Ack failed: ${ack.message}`);
  return ack.data;
}

/** A visitor on a shop page: asks /api/widget/get for a token, then opens /visitor with it. */
export async function connectVisitor(
  h: Pick<Harness, "url">,
  widgetID: string,
  options: {
    visitorToken?: string;
    transports?: ("websocket" | "polling")[];
    /** Sent with the token request and the handshake (X-Forwarded-For plays another address). */
    headers?: Record<string, string>;
  } = {},
) {
  const url = await h.url();
  // Over the network like a shop page (the harness's inject would reach only its own app).
  const response = await fetch(`${url}/api/widget/get`, {
    method: "POST",
    headers: { "content-type": "application/json", ...options.headers },
    body: JSON.stringify({ widgetID, ...(options.visitorToken ? { visitorToken: options.visitorToken } : {}) }),
  });
  const got = (await response.json()) as ApiEnvelope<WidgetGetResponse>;
  if (response.status !== 200) throw new Error(`widget/get failed: ${got.message}`);
  const visitorToken = got.data.visitorToken;
  const socket: Socket<VisitorServerEvents, VisitorClientEvents> = io(`${url}/visitor`, {
    path: "/socket.io",
    transports: options.transports ?? ["websocket"],
    // Long-polling stays long-polling (a network that blocks websockets).
    upgrade: false,
    auth: { widgetID, visitorToken },
    extraHeaders: options.headers,
    forceNew: true,
    reconnection: false,
  });
  const events = recorder(socket as unknown as Socket);
  await connected(socket as unknown as Socket);
  return { socket: socket as unknown as Socket, events, visitorToken, widget: got.data };
}

/** Opens /visitor with whatever auth is given and answers the refusal message (or null when it connected). */
export async function visitorRefusal(
  h: Pick<Harness, "url">,
  auth: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<string | null> {
  const socket = io(`${await h.url()}/visitor`, {
    path: "/socket.io",
    transports: ["websocket"],
    auth,
    extraHeaders: headers,
    forceNew: true,
    reconnection: false,
  });
  try {
    await connected(socket);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    socket.close();
  }
}

/** A dashboard tab: /staff with the session cookie. */
export async function connectStaff(
  h: Pick<Harness, "url">,
  cookie: string | null,
  headers: Record<string, string> = {},
) {
  const socket: Socket<StaffServerEvents, StaffClientEvents> = io(`${await h.url()}/staff`, {
    path: "/socket.io",
    transports: ["websocket"],
    extraHeaders: { ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...headers },
    forceNew: true,
    reconnection: false,
  });
  const events = recorder(socket as unknown as Socket);
  await connected(socket as unknown as Socket);
  return { socket: socket as unknown as Socket, events };
}
