import type { VisitorClientEvents, VisitorHandshake, VisitorServerEvents } from "@harbor/contract/realtime";
import { SOCKET_PATH, VISITOR_NAMESPACE } from "./contract-constants";

type Listeners = VisitorServerEvents & {
  connect(): void;
  /** "io server disconnect" and "io client disconnect" are final; after any other reason it reconnects. */
  disconnect(reason: string): void;
  /**
   * With `active` false afterwards the server refused the visitor (final), `data` saying why
   * (`{ status: 401 }`: the token is no good); otherwise an attempt failed and is retried.
   */
  connect_error(error: Error & { data?: unknown }): void;
};
type ClientEvent = keyof VisitorClientEvents;
type Payload<E extends ClientEvent> = Parameters<VisitorClientEvents[E]>[0];
type AckOf<E extends ClientEvent> =
  Parameters<VisitorClientEvents[E]> extends [unknown, (result: infer R) => void] ? R : never;
type AckedEvent = { [E in ClientEvent]: [AckOf<E>] extends [never] ? never : E }[ClientEvent];
type Listener = (...args: unknown[]) => void;

/** The part of socket.io-client's Socket the widget uses, typed by the contract's `/visitor` events. */
export type VisitorSocket = {
  readonly connected: boolean;
  /** False once the socket is done for good: refused, disconnected by the server, or by `disconnect()`. */
  readonly active: boolean;
  on<E extends keyof Listeners>(event: E, listener: Listeners[E]): VisitorSocket;
  /** Fire and forget; dropped while disconnected (only typing goes this way, and it is stale by then). */
  emit<E extends Exclude<ClientEvent, AckedEvent>>(event: E, payload: Payload<E>): void;
  /**
   * Waits at most `ms` for the server's ack. Made while disconnected, the emit waits for the
   * connection within that time; one already sent fails as soon as the connection drops (its ack
   * can no longer come).
   */
  timeout(ms: number): { emitWithAck<E extends AckedEvent>(event: E, payload: Payload<E>): Promise<AckOf<E>> };
  removeAllListeners(): VisitorSocket;
  disconnect(): VisitorSocket;
};

/** socket.io-client's defaults: the first retry after about a second, growing to five. */
const RECONNECT_DELAY = { min: 1000, max: 5000 };
/** How long a connection may take to open (socket.io-client's `timeout`). */
const OPEN_TIMEOUT_MS = 20_000;

/**
 * The `/visitor` channel over the browser's WebSocket, speaking Engine.IO v4 and Socket.IO v5 as
 * socket.io-client does but only what the widget needs: websocket transport, one namespace, JSON
 * packets (no widget event carries binary), acks, the server's heartbeat, reconnection with
 * backoff, and connection state recovery (the server replays what a quick reconnect missed).
 * socket.io-client cost the visitor 12 kB gzip more (docs/decisions/010).
 */
export function createVisitorSocket(options: {
  auth: VisitorHandshake;
  /** The Harbor server; the page's own origin when absent (the widget's iframe is served by it). */
  origin?: string;
  reconnectDelay?: { min: number; max: number };
}): VisitorSocket {
  const { min, max } = options.reconnectDelay ?? RECONNECT_DELAY;
  const url = `${(options.origin ?? location.origin).replace(/^http/, "ws")}${SOCKET_PATH}/?EIO=4&transport=websocket`;
  const namespace = `${VISITOR_NAMESPACE},`;
  const listeners = new Map<string, Listener[]>();
  const acks = new Map<number, (error: Error | null, result?: unknown) => void>();
  /** Acked emits waiting for the connection; each leaves when sent or when its time runs out. */
  let outbox: { id: number; frame: string }[] = [];
  /** Events that came before the CONNECT ack: a recovered session's missed ones, delivered at connect. */
  let early: unknown[][] = [];
  let ws: WebSocket | null = null;
  let isConnected = false;
  let isActive = true;
  let attempts = 0;
  let ackIds = 0;
  /** Silence longer than this means a dead connection: the server pings every pingInterval and waits pingTimeout. */
  let silenceMs = OPEN_TIMEOUT_MS;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Connection state recovery: the server's session id and the offset of the last event it stored. */
  let pid: string | undefined;
  let offset: string | undefined;

  const fire = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
  };
  const send = (frame: string) => ws?.send(frame);
  const watch = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => drop("ping timeout"), silenceMs);
  };
  // The browser knows at once that the network went; the heartbeat would take up to a minute.
  const onOffline = () => ws && drop("transport close");

  function open() {
    const current = new WebSocket(url);
    ws = current;
    silenceMs = OPEN_TIMEOUT_MS;
    watch();
    current.addEventListener("message", (event) => {
      if (ws === current) receive(String(event.data));
    });
    current.addEventListener("close", () => {
      if (ws === current) drop("transport close");
    });
  }

  /** Leaves the connection; while still active, tries again after a growing, jittered delay. */
  function drop(reason: string) {
    clearTimeout(watchdog);
    clearTimeout(retry);
    ws?.close();
    ws = null;
    early = [];
    if (isConnected) {
      isConnected = false;
      fire("disconnect", reason);
    } else if (isActive) {
      fire("connect_error", new Error(reason));
    }
    for (const [id, settle] of acks) {
      if (!outbox.some((waiting) => waiting.id === id)) settle(new Error("disconnected"));
    }
    // Jitter under the cap too, so the widgets a server restart dropped do not all return at once.
    if (isActive) retry = setTimeout(open, Math.min(max, min * 2 ** attempts++) * (1 - Math.random() / 2));
  }

  function end(reason: string) {
    isActive = false;
    outbox = [];
    removeEventListener("offline", onOffline);
    drop(reason);
  }

  /** One Engine.IO packet: its type digit, then its data. */
  function receive(frame: string) {
    const type = frame[0];
    if (type === "0") {
      const { pingInterval, pingTimeout } = JSON.parse(frame.slice(1));
      silenceMs = pingInterval + pingTimeout;
      send(`40${namespace}${JSON.stringify(pid ? { ...options.auth, pid, offset } : options.auth)}`);
    }
    // Any packet shows the connection is alive; the server's ping asks for a pong.
    watch();
    if (type === "2") send("3");
    if (type === "1") drop("transport close");
    if (type === "4" && frame.startsWith(namespace, 2)) handle(frame[1], frame.slice(2 + namespace.length));
  }

  /** One Socket.IO packet of our namespace: its type, then an optional ack id and JSON data. */
  function handle(type: string | undefined, body: string) {
    const [, id, json] = /^(\d*)(.*)$/s.exec(body) ?? [];
    const data = json ? JSON.parse(json) : undefined;
    if (type === "0") {
      pid = data.pid;
      isConnected = true;
      attempts = 0;
      for (const args of early) fire(...(args as [string]));
      for (const waiting of outbox) send(waiting.frame);
      early = [];
      outbox = [];
      fire("connect");
    } else if (type === "1") {
      end("io server disconnect");
    } else if (type === "2") {
      // With recovery on, the server appends the event's offset to what it broadcasts.
      if (pid && data.length > 2 && typeof data.at(-1) === "string") offset = data.pop();
      if (isConnected) fire(...(data as [string]));
      else early.push(data);
    } else if (type === "3") {
      acks.get(Number(id))?.(null, data[0]);
    } else if (type === "4") {
      end("io server refusal");
      fire("connect_error", Object.assign(new Error(data.message ?? data), { data: data.data }));
    }
  }

  const socket: VisitorSocket = {
    get connected() {
      return isConnected;
    },
    get active() {
      return isActive;
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as Listener]);
      return socket;
    },
    emit(event, payload) {
      if (isConnected) send(`42${namespace}${JSON.stringify([event, payload])}`);
    },
    timeout: (ms) => ({
      emitWithAck: (event, payload) =>
        new Promise((resolve, reject) => {
          const id = ackIds++;
          const frame = `42${namespace}${id}${JSON.stringify([event, payload])}`;
          const timer = setTimeout(() => settle(new Error("operation has timed out")), ms);
          const settle = (error: Error | null, result?: unknown) => {
            clearTimeout(timer);
            acks.delete(id);
            outbox = outbox.filter((waiting) => waiting.id !== id);
            if (error) reject(error);
            else resolve(result as never);
          };
          acks.set(id, settle);
          if (isConnected) send(frame);
          else outbox.push({ id, frame });
        }),
    }),
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
    disconnect() {
      if (isConnected) send(`41${namespace}`);
      end("io client disconnect");
      return socket;
    },
  };

  addEventListener("offline", onOffline);
  open();
  return socket;
}
