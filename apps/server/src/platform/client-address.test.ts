import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness";
import { connectVisitor } from "../../test/realtime-clients";
import { codeRequests } from "../db/schema/index";
import { clientAddress } from "./client-address";

/**
 * Behind one proxy of our own (TRUST_PROXY=1), the client's address is the last entry of
 * X-Forwarded-For, the one that proxy wrote: what the client put before it is its own word and
 * must not choose the key its per-address limits are counted under (issue #12 item 8).
 */
const PROXY = "127.0.0.1";
const CLIENT = "203.0.113.7";
const forgedChain = (n: number) => `198.51.100.${n}, ${CLIENT}`;

let h: Harness;
let widgetID: string;

beforeAll(async () => {
  h = await createHarness({ trustedProxyHops: 1, rateLimitMax: 5 });
  const owner = await h.signUp("owner@proxy-shop.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("one trusted proxy", () => {
  it("counts a client that forges a new leftmost X-Forwarded-For each time as one address", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const response = await h.app.inject({
        method: "GET",
        url: "/api/config",
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": forgedChain(n) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client behind the same proxy has an allowance of its own.
    const other = await h.app.inject({
      method: "GET",
      url: "/api/config",
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": "198.51.100.1, 192.0.2.44" },
    });
    expect(other.statusCode).toBe(200);
  });

  it("keys the sign-in code throttle by the real client's address", async () => {
    const email = "someone@proxy-shop.example";
    const asked = await h.app.inject({
      method: "POST",
      url: "/api/auth/get-email-otp",
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": "10.9.9.9, 192.0.2.55" },
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const rows = await h.db.select({ ip: codeRequests.ip }).from(codeRequests).where(eq(codeRequests.email, email));
    expect(rows).toEqual([{ ip: "192.0.2.55" }]);
  });

  it("gives a socket handshake the same client address as an HTTP request", async () => {
    const url = await h.url();
    const visitor = await connectVisitor(h, widgetID);
    visitor.socket.close();
    // A real socket.io client through "the proxy": the loopback connection and a forged chain.
    const socket = io(`${url}/visitor`, {
      path: "/socket.io",
      transports: ["websocket"],
      extraHeaders: { "x-forwarded-for": forgedChain(99) },
      auth: { widgetID, visitorToken: visitor.visitorToken },
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const live = await h.app.services.realtime.visitors.fetchSockets();
    expect(live.find((entry) => entry.id === socket.id)?.handshake.address).toBe(CLIENT);
    socket.close();
  });
});

describe("no trusted proxy (the default)", () => {
  it("ignores X-Forwarded-For altogether", async () => {
    const direct = await createHarness({ rateLimitMax: 2 });
    try {
      const statuses: number[] = [];
      for (let n = 1; n <= 3; n++) {
        const response = await direct.app.inject({
          method: "GET",
          url: "/api/config",
          remoteAddress: "192.0.2.200",
          headers: { "x-forwarded-for": `198.51.100.${n}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe("counting hops", () => {
  // What reaches Harbor from proxy 10.0.0.2, which was reached by proxy 10.0.0.1, which was
  // reached by the client 192.0.2.9, who had written a forged 6.6.6.6 of its own.
  const request = {
    headers: { "x-forwarded-for": "6.6.6.6, 192.0.2.9, 10.0.0.1" },
    socket: { remoteAddress: "10.0.0.2" },
  } as unknown as IncomingMessage;

  it("takes the entry as many hops back as there are trusted proxies, and no further than the list goes", () => {
    expect([0, 1, 2, 3, 4, 9].map((hops) => clientAddress(request, hops))).toEqual([
      "10.0.0.2",
      "10.0.0.1",
      "192.0.2.9",
      "6.6.6.6",
      "6.6.6.6",
      "6.6.6.6",
    ]);
  });
});
