import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Tokens a fake reply reports; null sends none at all (OpenAI-compatible servers may omit usage). */
export type FakeUsage = { inputTokens: number; outputTokens: number } | null;

/**
 * What the fake model does with the next request, in vendor-neutral terms; each vendor fake
 * puts it in its own protocol (JSON or server-sent events, text or tool calls, error bodies).
 */
export type FakeLlmReply =
  | {
      type: "text";
      /** Pieces are streamed one event each; a string streams word by word. */
      text: string | string[];
      usage?: FakeUsage;
      /** Pause between streamed events. */
      pauseMs?: number;
      /** The model's time to its first token: nothing is sent before it (a remote model's latency). */
      delayMs?: number;
      /** Streams the pieces, then neither ends nor answers again (a server that stalls mid-answer). */
      isLeftOpen?: boolean;
    }
  /** Structured output: JSON text, or a call of the tool the request forces, as the request asks. */
  | { type: "object"; value: unknown; usage?: FakeUsage; delayMs?: number }
  | { type: "tool-call"; toolName: string; input: unknown; usage?: FakeUsage; delayMs?: number }
  | { type: "error"; status: number; retryAfterSeconds?: number; message?: string; delayMs?: number }
  /** Reads the request and never answers (for timeouts). */
  | { type: "hang" };

export type FakeLlmRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it isn't JSON. */
  body: unknown;
  receivedAt: number;
};

export type FakeLlmScript = FakeLlmReply | ((request: FakeLlmRequest) => FakeLlmReply);

/** What a vendor fake asks the server to send. */
export type FakeWire =
  | { kind: "json"; status: number; headers?: Record<string, string>; body: unknown; delayMs?: number }
  | { kind: "sse"; events: { event?: string; data: string }[]; pauseMs: number; isLeftOpen: boolean; delayMs?: number }
  | { kind: "hang" };

export type FakeLlmServerOptions = {
  /**
   * The vendor's protocol. `nextReply` takes the script's next step; a vendor calls it only for
   * a request it accepted (auth and validation first, as the real API does).
   */
  handle: (request: FakeLlmRequest, nextReply: () => FakeLlmReply) => FakeWire;
  /** Headers the vendor puts on every answer. */
  commonHeaders?: () => Record<string, string>;
};

export type FakeLlmServer = {
  /** http://127.0.0.1:port, without the API version. */
  url: string;
  /** Every request received, in order, including refused ones. */
  requests: FakeLlmRequest[];
  /** Queues what the next accepted requests get, one script step each. */
  reply(...steps: FakeLlmScript[]): void;
  /** What accepted requests get once the queue is empty (default: the text "OK"). */
  setFallback(fallback: (request: FakeLlmRequest) => FakeLlmReply): void;
  close(): Promise<void>;
};

/**
 * The loopback server under the OpenAI and Anthropic fakes. Unlike integrations/fake-http-server
 * (one JSON body per answer), a model API streams: events are written one by one with real
 * pauses, and a stream can stall half-way, so clients are tested on real sockets and SSE framing.
 */
export async function startFakeLlmServer(options: FakeLlmServerOptions): Promise<FakeLlmServer> {
  const { handle, commonHeaders = () => ({}) } = options;
  const requests: FakeLlmRequest[] = [];
  const queue: FakeLlmScript[] = [];
  let fallback: (request: FakeLlmRequest) => FakeLlmReply = () => ({ type: "text", text: "OK" });

  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const request: FakeLlmRequest = {
      method: incoming.method ?? "GET",
      path: new URL(incoming.url ?? "/", "http://127.0.0.1").pathname,
      headers: incoming.headers,
      body: parseJson(text),
      receivedAt: Date.now(),
    };
    requests.push(request);

    const nextReply = (): FakeLlmReply => {
      const step = queue.shift();
      if (step === undefined) return fallback(request);
      return typeof step === "function" ? step(request) : step;
    };
    let wire: FakeWire;
    try {
      wire = handle(request, nextReply);
    } catch (error) {
      // A bug in a fake should fail the test loudly, not look like a vendor outage.
      console.error("fake LLM server handler failed", error);
      wire = { kind: "json", status: 500, body: { fakeServerBug: String(error) } };
    }
    await send(outgoing, wire, commonHeaders());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(...steps) {
      queue.push(...steps);
    },
    setFallback(next) {
      fallback = next;
    },
    close() {
      // Hung requests and open streams would otherwise hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function send(outgoing: ServerResponse, wire: FakeWire, commonHeaders: Record<string, string>) {
  if (wire.kind === "hang") return;
  if (wire.delayMs) await pause(wire.delayMs);
  if (outgoing.destroyed) return;
  if (wire.kind === "json") {
    outgoing.writeHead(wire.status, {
      "content-type": "application/json",
      ...commonHeaders,
      ...wire.headers,
    });
    outgoing.end(JSON.stringify(wire.body));
    return;
  }
  outgoing.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    ...commonHeaders,
  });
  for (const [index, event] of wire.events.entries()) {
    // The client hung up (a timeout or a reader that stopped): stop like a real server would.
    if (outgoing.destroyed) return;
    if (index > 0) await pause(wire.pauseMs);
    outgoing.write(`${event.event ? `event: ${event.event}\n` : ""}data: ${event.data}\n\n`);
  }
  if (!wire.isLeftOpen) outgoing.end();
}

/** Even a zero pause yields to the event loop, so each event leaves in its own write. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Pieces to stream: as given, or a text cut after each space (so "a b" → "a ", "b"). */
export function streamPieces(text: string | string[]): string[] {
  if (Array.isArray(text)) return text;
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function joinText(text: string | string[]): string {
  return Array.isArray(text) ? text.join("") : text;
}

/** A rough count (about four characters a token) for replies that give no usage of their own. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
