import { findUnstorableText, unstorableTextMessage } from "@harbor/contract/storable-text";
import type { FastifyBaseLogger } from "fastify";
import type { Namespace, Socket } from "socket.io";

const REFUSED = "The connection could not be opened. Please reload the page.";
const FAILED = "Something went wrong. Please try again.";

type Middleware = (socket: Socket, next: (error?: Error) => void) => unknown;
type Listener = (...args: unknown[]) => unknown;

/**
 * socket.io calls middleware and event listeners and ignores what they return: a throw inside
 * one, or a rejected promise from an async one, escapes to the process and ends it (Node exits on
 * an unhandled rejection), taking every shop offline for one odd handshake. This wraps both at
 * the namespace, so no channel can forget it: a failing middleware refuses that one connection,
 * a failing listener answers its ack with an error (if it has one) and is logged.
 *
 * Call once per namespace, before any channel registers its middleware or listeners.
 */
export function guardNamespace(namespace: Namespace, log: FastifyBaseLogger) {
  const use = namespace.use.bind(namespace) as (middleware: Middleware) => Namespace;
  // Before any channel's middleware: a handshake carrying text the database can't store is refused.
  use(refuseUnstorableHandshake);
  (namespace as unknown as { use: typeof use }).use = (middleware) => use(guardMiddleware(middleware, log));
  // The first "connection" listener: every listener a channel adds afterwards goes through the guard.
  namespace.on("connection", (socket: Socket) => {
    const on = socket.on.bind(socket) as (event: string, listener: Listener) => Socket;
    // Sockets are Node event emitters: `once` and `off` go through `on` and find a wrapped
    // listener by its `listener` property, which guardListener sets.
    (socket as unknown as { on: typeof on }).on = (event, listener) => on(event, guardListener(event, listener, log));
  });
}

export function guardMiddleware(middleware: Middleware, log: FastifyBaseLogger): Middleware {
  return (socket, next) => {
    let isDone = false;
    const once = (error?: Error) => {
      if (isDone) return;
      isDone = true;
      next(error);
    };
    const refuse = (error: unknown) => {
      log.warn({ err: error, namespace: socket.nsp.name }, "a realtime handshake failed");
      once(new Error(REFUSED));
    };
    try {
      const result = middleware(socket, once);
      if (isPromise(result)) result.catch(refuse);
    } catch (error) {
      refuse(error);
    }
  };
}

export function guardListener(event: string, listener: Listener, log: FastifyBaseLogger): Listener {
  const guarded = (...args: unknown[]) => {
    const ack = typeof args.at(-1) === "function" ? (args.at(-1) as (reply: unknown) => void) : null;
    // Every client event is one payload and an optional ack. A client may send none or several;
    // handed on as they came, the ack would land where the payload is read and never be answered,
    // so a listener always gets (payload, ack): a missing payload is undefined, extras are dropped.
    const payload = ack ? (args.length > 1 ? args[0] : undefined) : args[0];
    let hasAcked = false;
    const guardedArgs = ack
      ? [
          payload,
          (reply: unknown) => {
            hasAcked = true;
            ack(reply);
          },
        ]
      : [payload];
    // The storable-text rule (storable-text-check.ts) for every event of every channel.
    const unstorable = findUnstorableText(payload);
    if (unstorable) {
      ack?.({ ok: false, message: unstorableTextMessage(unstorable) });
      return;
    }
    const fail = (error: unknown) => {
      log.error({ err: error, event }, "a realtime event failed");
      if (ack && !hasAcked) {
        hasAcked = true;
        ack({ ok: false, message: FAILED });
      }
    };
    try {
      const result = listener(...guardedArgs);
      if (isPromise(result)) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
  return Object.assign(guarded, { listener });
}

function refuseUnstorableHandshake(socket: Socket, next: (error?: Error) => void) {
  const path = findUnstorableText(socket.handshake.auth) ?? findUnstorableText(socket.handshake.query);
  next(path ? new Error(unstorableTextMessage(path)) : undefined);
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
