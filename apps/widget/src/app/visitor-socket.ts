import { SOCKET_PATH, VISITOR_NAMESPACE } from "@harbor/contract/constants";
import type { VisitorClientEvents, VisitorHandshake, VisitorServerEvents } from "@harbor/contract/realtime";

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
 * How long a websocket may take to open before the connection goes over long-polling instead: a
 * proxy that swallows the upgrade leaves it hanging rather than refusing it. Twice what a slow
 * mobile network ("fast 3G", 560 ms a round trip) needs.
 */
const WEBSOCKET_OPEN_MS = 4000;
/** Engine.IO v4 joins the packets of one long-polling request or response with the record separator. */
const SEPARATOR = "\x1e";

/** One Engine.IO transport as the connection uses it: packets out, and closing it. */
type Transport = { send(packet: string): void; close(): void };

/**
 * The `/visitor` channel, speaking Engine.IO v4 and Socket.IO v5 as socket.io-client does but only
 * what the widget needs: one namespace, JSON packets (no widget event carries binary), acks, the
 * server's heartbeat, reconnection with backoff, and connection state recovery (the server replays
 * what a quick reconnect missed). It opens a websocket; where one never opens (a proxy or firewall
 * that blocks them), it falls back to HTTP long-polling and, from there, probes for a websocket
 * again with Engine.IO's own upgrade. socket.io-client cost the visitor 12 kB gzip more
 * (docs/decisions/010, 020).
 */
export function createVisitorSocket(options: {
  auth: VisitorHandshake;
  /** The Harbor server; the page's own origin when absent (the widget's iframe is served by it). */
  origin?: string;
  reconnectDelay?: { min: number; max: number };
}): VisitorSocket {
  const { min, max } = options.reconnectDelay ?? RECONNECT_DELAY;
  const httpUrl = `${options.origin ?? location.origin}${SOCKET_PATH}/?EIO=4`;
  const wsUrl = httpUrl.replace(/^http/, "ws");
  const namespace = `${VISITOR_NAMESPACE},`;
  const listeners = new Map<string, Listener[]>();
  const acks = new Map<number, (error: Error | null, result?: unknown) => void>();
  /** Acked emits waiting for the connection; each leaves when sent or when its time runs out. */
  let outbox: { id: number; frame: string }[] = [];
  /** Events that came before the CONNECT ack: a recovered session's missed ones, delivered at connect. */
  let early: unknown[][] = [];
  let transport: Transport | null = null;
  /** A websocket never opened here while long-polling did: later connections start with long-polling. */
  let isWebSocketBlocked = false;
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
  const send = (frame: string) => transport?.send(frame);
  const watch = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => drop("ping timeout"), silenceMs);
  };
  // The browser knows at once that the network went; the heartbeat would take up to a minute.
  const onOffline = () => transport && drop("transport close");

  function open() {
    silenceMs = OPEN_TIMEOUT_MS;
    watch();
    if (isWebSocketBlocked) openPolling();
    else transport = openWebSocket();
  }

  /**
   * A websocket transport: a fresh connection's (`ws` not given), or the one a long-polling
   * connection upgraded to. A fresh one that closes or hangs before the server's open packet gives
   * way to long-polling.
   */
  function openWebSocket(ws = new WebSocket(`${wsUrl}&transport=websocket`)): Transport {
    let isOpen = ws.readyState === WebSocket.OPEN;
    const self: Transport = { send: (packet) => ws.send(packet), close: () => ws.close() };
    const fallBack = () => {
      if (transport !== self || isOpen) return;
      ws.close();
      openPolling(true);
    };
    const timer = isOpen ? undefined : setTimeout(fallBack, WEBSOCKET_OPEN_MS);
    ws.addEventListener("message", (event) => {
      if (transport !== self) return;
      isOpen = true;
      clearTimeout(timer);
      receive(String(event.data));
    });
    ws.addEventListener("close", () => {
      clearTimeout(timer);
      if (isOpen) {
        if (transport === self) drop("transport close");
      } else fallBack();
    });
    return self;
  }

  /**
   * Engine.IO's long-polling: a GET waits for the server's packets, a POST carries ours (one of
   * each at a time, as the server requires). Once open it probes a websocket; when the server
   * answers the probe, it stops polling, says "upgrade" over the websocket and goes on there.
   */
  function openPolling(isFallback = false) {
    let sid = "";
    const queue: string[] = [];
    let writes: Promise<unknown> = Promise.resolve();
    let isPolling = false;
    let isWriting = false;
    /** Set while upgrading: nothing new goes over HTTP, and the probe waits for both requests to end. */
    let isPaused = false;
    let onIdle: (() => void) | null = null;
    let upgrade: WebSocket | null = null;
    const reading = new AbortController();
    const url = () => `${httpUrl}&transport=polling&t=${Date.now().toString(36)}${sid && `&sid=${sid}`}`;
    const request = (init?: RequestInit) =>
      fetch(url(), { cache: "no-store", ...init }).then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(`${response.status}`)),
      );
    const fail = () => {
      if (transport === self) drop("transport error");
    };
    const settle = () => {
      if (isPaused && !isPolling && !isWriting) onIdle?.();
    };
    const post = (packets: string[]) => {
      isWriting = true;
      return request({ method: "POST", body: packets.join(SEPARATOR) }).then(() => {
        isWriting = false;
        settle();
      }, fail);
    };
    const write = () => {
      writes = writes.then(() => (queue.length === 0 || isPaused ? undefined : post(queue.splice(0))));
    };
    const self: Transport = {
      send(packet) {
        queue.push(packet);
        write();
      },
      close() {
        reading.abort();
        upgrade?.close();
        // The server hears at once that this client has gone, instead of when its heartbeat fails.
        if (sid) writes = writes.then(() => post([...queue.splice(0), "1"])).catch(() => {});
      },
    };

    async function poll() {
      while (transport === self && !isPaused) {
        isPolling = true;
        const payload = await request({ signal: reading.signal }).catch(() => null);
        isPolling = false;
        if (payload === null) return void fail();
        for (const packet of payload.split(SEPARATOR)) {
          if (transport !== self) return;
          if (packet[0] === "0" && !sid) {
            sid = JSON.parse(packet.slice(1)).sid;
            // Long-polling works where the websocket did not: keep to it for this page view.
            if (isFallback) isWebSocketBlocked = true;
            probe();
          }
          receive(packet);
        }
      }
      settle();
    }

    /** Engine.IO's upgrade: ping "probe" over a websocket of this session; its pong means it works. */
    function probe() {
      const ws = new WebSocket(`${wsUrl}&transport=websocket&sid=${sid}`);
      upgrade = ws;
      const timer = setTimeout(() => ws.close(), WEBSOCKET_OPEN_MS * 2);
      const onProbe = (event: MessageEvent) => {
        clearTimeout(timer);
        if (transport !== self || event.data !== "3probe") return ws.close();
        isPaused = true;
        onIdle = () => {
          onIdle = null;
          upgrade = null;
          ws.removeEventListener("message", onProbe);
          ws.send("5");
          isWebSocketBlocked = false;
          transport = openWebSocket(ws);
          for (const packet of queue.splice(0)) send(packet);
        };
        // The server ends the waiting GET (with a noop) once it has answered the probe.
        settle();
      };
      ws.addEventListener("open", () => ws.send("2probe"));
      ws.addEventListener("close", () => clearTimeout(timer));
      ws.addEventListener("message", onProbe);
    }

    // The connection's transport from now on (the poll below runs while it is).
    transport = self;
    void poll();
    return self;
  }

  /** Leaves the connection; while still active, tries again after a growing, jittered delay. */
  function drop(reason: string) {
    clearTimeout(watchdog);
    clearTimeout(retry);
    transport?.close();
    transport = null;
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
