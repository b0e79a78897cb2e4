import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as text. */
  body?: unknown;
}

export interface InjectedFailure {
  status: number;
  retryAfterSeconds?: number;
}

export interface FakeHttpServerOptions {
  handle: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;
  /** The vendor's own body for an injected failure. */
  failureBody: (status: number) => unknown;
  /** Headers the vendor puts on every answer, failures included. */
  commonHeaders?: () => Record<string, string>;
}

/** What every vendor fake can be told to do, besides speaking its protocol. */
export interface FakeHttpServer {
  /** Base URL to hand to a client, e.g. http://127.0.0.1:54321. */
  url: string;
  requestCount(): number;
  /** The next `count` requests get `failure` instead of an answer. */
  failNextRequests(count: number, failure: InjectedFailure): void;
  /** The next `count` requests are never answered (for timeouts). */
  stallNextRequests(count: number): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback that the vendor fakes are built on: clients under test go
 * through real sockets, headers and status codes, never a mocked fetch.
 */
export async function startFakeHttpServer(options: FakeHttpServerOptions): Promise<FakeHttpServer> {
  const { handle, failureBody, commonHeaders = () => ({}) } = options;
  const failures: InjectedFailure[] = [];
  let stallCount = 0;
  let count = 0;

  const server = createServer(async (incoming, outgoing) => {
    count++;
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    if (stallCount > 0) {
      stallCount--;
      return;
    }

    let response: FakeResponse;
    const failure = failures.shift();
    if (failure) {
      response = {
        status: failure.status,
        headers: failure.retryAfterSeconds === undefined ? {} : { "retry-after": String(failure.retryAfterSeconds) },
        body: failureBody(failure.status),
      };
    } else {
      const request: FakeRequest = {
        method: incoming.method ?? "GET",
        url: new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "127.0.0.1"}`),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      try {
        response = await handle(request);
      } catch (error) {
        // A bug in a fake should fail the test loudly, not look like a vendor outage.
        console.error("fake server handler failed", error);
        response = { status: 500, body: { errors: `fake server bug: ${String(error)}` } };
      }
    }

    const isText = typeof response.body === "string";
    const payload = response.body === undefined ? "" : isText ? String(response.body) : JSON.stringify(response.body);
    outgoing.writeHead(response.status, {
      "content-type": isText ? "text/plain; charset=utf-8" : "application/json; charset=utf-8",
      ...commonHeaders(),
      ...response.headers,
    });
    outgoing.end(payload);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requestCount: () => count,
    failNextRequests(failureCount, failure) {
      for (let i = 0; i < failureCount; i++) failures.push(failure);
    },
    stallNextRequests(requestCount) {
      stallCount += requestCount;
    },
    close() {
      // Stalled requests and keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
