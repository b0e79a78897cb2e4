import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeHttpServer, startFakeHttpServer } from "./fake-http-server";
import { createHttpClient } from "./http-client";
import { IntegrationError } from "./integration-error";
import { createVirtualClock } from "./virtual-clock";

const vendor = { name: "Acme", credential: "API key" };
let server: FakeHttpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A loopback server that echoes what it received, or answers `status` with `body`. */
async function startEchoServer(answer?: { status: number; body: unknown }) {
  server = await startFakeHttpServer({
    failureBody: (status) => ({ error: `injected ${status}` }),
    handle: ({ method, url, headers, body }) =>
      answer ?? {
        status: 200,
        body: {
          method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          key: headers["x-api-key"],
          body,
        },
      },
  });
  return server;
}

function clientFor(
  url: string,
  clock = createVirtualClock(),
  overrides: { timeoutMs?: number; maxRetries?: number } = {},
) {
  return createHttpClient({
    vendor,
    baseUrl: `${url}/api/v1`,
    headers: { "x-api-key": "k1" },
    sleep: clock.sleep,
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe("createHttpClient", () => {
  it("sends JSON with the vendor's headers under the base path and checks the answer's shape", async () => {
    const { url } = await startEchoServer();
    const answer = await clientFor(url).request({
      method: "POST",
      path: "/things",
      query: { "page[size]": 10, skipped: undefined },
      body: { name: "x" },
      schema: z.object({
        method: z.string(),
        path: z.string(),
        query: z.record(z.string(), z.string()),
        key: z.string(),
        body: z.string(),
      }),
    });
    expect(answer).toEqual({
      method: "POST",
      path: "/api/v1/things",
      query: { "page[size]": "10" },
      key: "k1",
      body: '{"name":"x"}',
    });
  });

  it("retries 503 with growing backoff, then succeeds", async () => {
    const fake = await startEchoServer();
    fake.failNextRequests(2, { status: 503 });
    const clock = createVirtualClock();
    await clientFor(fake.url, clock).request({ method: "GET", path: "/things" });
    expect(fake.requestCount()).toBe(3);
    expect(clock.waits).toHaveLength(2);
    // Equal jitter: retry n waits between half and all of 500 ms × 2^n.
    expect(clock.waits[0]).toBeGreaterThanOrEqual(250);
    expect(clock.waits[0]).toBeLessThanOrEqual(500);
    expect(clock.waits[1]).toBeGreaterThanOrEqual(500);
    expect(clock.waits[1]).toBeLessThanOrEqual(1000);
  });

  it("waits what Retry-After says, capped at 30 s", async () => {
    const fake = await startEchoServer();
    fake.failNextRequests(1, { status: 429, retryAfterSeconds: 7 });
    fake.failNextRequests(1, { status: 429, retryAfterSeconds: 3600 });
    const clock = createVirtualClock();
    await clientFor(fake.url, clock).request({ method: "GET", path: "/things" });
    expect(clock.waits).toEqual([7000, 30_000]);
  });

  it("gives up after maxRetries with a user-safe 'unavailable' error carrying the vendor's text", async () => {
    const fake = await startEchoServer();
    fake.failNextRequests(10, { status: 503 });
    const error = await failureOf(clientFor(fake.url).request({ method: "GET", path: "/things" }));
    expect(fake.requestCount()).toBe(5);
    expect(error).toMatchObject({ kind: "unavailable", status: 503, vendor: "Acme", vendorMessage: "injected 503" });
    expect(error.message).toBe("Acme is not available right now. Please try again later.");
  });

  it("does not repeat a POST after a 500 (it may have been processed), but does after a 503", async () => {
    const fake = await startEchoServer();
    fake.failNextRequests(1, { status: 500 });
    const error = await failureOf(clientFor(fake.url).request({ method: "POST", path: "/orders", body: {} }));
    expect(error.kind).toBe("unavailable");
    expect(fake.requestCount()).toBe(1);

    fake.failNextRequests(1, { status: 503 });
    await clientFor(fake.url).request({ method: "POST", path: "/orders", body: {} });
    expect(fake.requestCount()).toBe(3);
  });

  it("maps 401 to 'auth' and 422 to 'invalid', keeping the vendor's words out of the message", async () => {
    const { url } = await startEchoServer({ status: 401, body: { error: { code: "401", message: "Unauthorized." } } });
    const auth = await failureOf(clientFor(url).request({ method: "GET", path: "/x" }));
    expect(auth).toMatchObject({ kind: "auth", status: 401, vendorMessage: "Unauthorized." });
    expect(auth.message).toBe("Acme rejected the API key.");
    await server?.close();

    const invalid = await startEchoServer({ status: 422, body: { error: "RecordInvalid", description: "Bad email" } });
    const error = await failureOf(clientFor(invalid.url).request({ method: "GET", path: "/x" }));
    expect(error).toMatchObject({ kind: "invalid", status: 422, vendorMessage: "RecordInvalid: Bad email" });
    expect(invalid.requestCount()).toBe(1);
  });

  it("times out a request that is never answered", async () => {
    const fake = await startEchoServer();
    fake.stallNextRequests(1);
    const error = await failureOf(
      clientFor(fake.url, createVirtualClock(), { timeoutMs: 100, maxRetries: 0 }).request({
        method: "GET",
        path: "/slow",
      }),
    );
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("Acme took too long to answer.");
  });

  it("reports an unreachable vendor as 'network' after retrying", async () => {
    const { url } = await startEchoServer();
    await server?.close();
    server = undefined;
    const clock = createVirtualClock();
    const error = await failureOf(clientFor(url, clock, { maxRetries: 2 }).request({ method: "GET", path: "/x" }));
    expect(error.kind).toBe("network");
    expect(error.message).toBe("Acme could not be reached.");
    expect(clock.waits).toHaveLength(2);
  });

  it("rejects an answer of the wrong shape, saying where", async () => {
    const { url } = await startEchoServer({ status: 200, body: { items: "not a list" } });
    const error = await failureOf(
      clientFor(url).request({ method: "GET", path: "/x", schema: z.object({ items: z.array(z.string()) }) }),
    );
    expect(error.kind).toBe("unavailable");
    expect(error.vendorMessage).toContain("items");
    expect(error.message).toBe("Acme sent an answer Harbor did not understand.");
  });

  it("never follows a link to another origin with the vendor's credentials", async () => {
    const fake = await startEchoServer();
    await expect(clientFor(fake.url).request({ method: "GET", path: "https://evil.example/next" })).rejects.toThrow(
      /Refusing to follow a link/,
    );
    expect(fake.requestCount()).toBe(0);
  });
});
