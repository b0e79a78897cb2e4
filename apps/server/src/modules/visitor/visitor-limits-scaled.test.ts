import type { WidgetGetResponse } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { askQuestion, connectVisitor } from "../../../test/realtime-clients";
import { startSecondNode } from "../../../test/second-node";
import type { HarborApp } from "../../app";
import type { VisitorLimits } from "./visitor-limits";

/**
 * Scaled mode: two nodes on one database and one Redis count against the same limits, so a
 * script gains nothing by spreading its calls over the nodes behind a load balancer (decision
 * 029). Runs when TEST_REDIS_URL is set (CI sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const limits: Partial<VisitorLimits> = { newVisitorsPerAddress: 3, questionsPerAddressPerMinute: 4 };
const REQUESTS_PER_MINUTE = 30;

describe.runIf(redisUrl)("limits shared by two nodes through Redis", () => {
  let nodeA: Harness;
  let nodeB: HarborApp;
  let nodeBUrl: string;
  let widgetID: string;

  beforeAll(async () => {
    nodeA = await createHarness({
      redisUrl,
      isTrustingProxy: true,
      visitorLimits: limits,
      rateLimitMax: REQUESTS_PER_MINUTE,
    });
    ({ app: nodeB, url: nodeBUrl } = await startSecondNode(nodeA, {
      visitorLimits: limits,
      rateLimitMax: REQUESTS_PER_MINUTE,
    }));
    const owner = await nodeA.signUp("owner@scaled-limits.example");
    widgetID = (await nodeA.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  }, 120_000);

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  const getWidgetOn = async (node: HarborApp, ip: string) => {
    const response = await node.inject({
      method: "POST",
      url: "/api/widget/get",
      payload: { widgetID },
      remoteAddress: ip,
    });
    return { status: response.statusCode, body: response.json<{ message: string; data: WidgetGetResponse }>() };
  };

  it("counts new visitor tokens of one address on both nodes together", async () => {
    expect((await getWidgetOn(nodeA.app, "203.0.113.9")).status).toBe(200);
    expect((await getWidgetOn(nodeB, "203.0.113.9")).status).toBe(200);
    expect((await getWidgetOn(nodeA.app, "203.0.113.9")).status).toBe(200);
    const refused = await getWidgetOn(nodeB, "203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many new chats from your network. Please try again later.");
  });

  it("counts one address's questions on both nodes together", async () => {
    const headers = { "x-forwarded-for": "192.0.2.9" };
    const onA = await connectVisitor(nodeA, widgetID, { headers });
    const onB = await connectVisitor({ url: async () => nodeBUrl }, widgetID, { headers });
    const first = await askQuestion(onA.socket, "How long does delivery take?");
    const second = await askQuestion(onB.socket, "Is delivery free?");
    const third = await askQuestion(onA.socket, "Which payment methods do you accept?");
    const fourth = await askQuestion(onB.socket, "Can I return an item?");
    expect([first, second, third, fourth].map((ack) => ack.ok)).toEqual([true, true, true, true]);
    // Each node alone has seen two; together they have seen the address's four.
    expect(await askQuestion(onB.socket, "And exchanges?")).toEqual({
      ok: false,
      message: "You are sending messages too quickly. Please wait a moment.",
    });
    expect((await askQuestion(onA.socket, "And gift cards?")).ok).toBe(false);
    onA.socket.close();
    onB.socket.close();
    await nodeA.app.services.visitorService.drain();
    await nodeB.services.visitorService.drain();
  });

  it("counts one address's API requests on both nodes together", async () => {
    const health = (node: HarborApp) =>
      node.inject({ method: "GET", url: "/api/health", remoteAddress: "198.51.100.9" }).then((r) => r.statusCode);
    for (let i = 0; i < REQUESTS_PER_MINUTE / 2; i++) expect(await health(nodeA.app)).toBe(200);
    for (let i = 0; i < REQUESTS_PER_MINUTE / 2; i++) expect(await health(nodeB)).toBe(200);
    expect(await health(nodeB)).toBe(429);
    expect(await health(nodeA.app)).toBe(429);
  });
});
