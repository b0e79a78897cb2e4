import { type ListSubscriptionsResponse, type ManageOrderGetResponse, orderCardSchema } from "@harbor/contract/orders";
import { type TurnRecord, turnOf } from "@harbor/contract/turn";
import type { VisitorMessage, WidgetGetResponse } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import { DEMO_SHOP_DOMAIN } from "./demo-shop";

/** HARBOR_DEMO both ways: on, a new workspace tracks the demo shop's orders; off, nothing fake answers. */

async function ask(h: Harness, widgetID: string, question: string) {
  const visitor = await connectVisitor(h, widgetID);
  const ack = ackData(
    await emitWithAck<{ chatID: string; message: VisitorMessage }>(visitor.socket, "ask-question", {
      chatID: null,
      clientMessageID: crypto.randomUUID(),
      question,
      language: "en",
    }),
  );
  const reply = await visitor.events.waitFor<{ chatID: string; message: VisitorMessage }>(
    "chat-message",
    (payload) => payload.message.senderRole === "ai" && payload.message.messageData.questionID === ack.message._id,
    15_000,
  );
  visitor.socket.close();
  return { reply: reply.message, turn: turnOf(reply.message.messageData) as TurnRecord };
}

async function newWorkspace(h: Harness, email: string) {
  const owner = await h.signUp(email);
  await h.app.services.demoContent.drain();
  const widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  return { companyId: owner.companyId, widgetID };
}

describe("HARBOR_DEMO on", () => {
  let h: Harness;
  let workspace: { companyId: string; widgetID: string };

  beforeAll(async () => {
    h = await createHarness({ isDemo: true, withDemoContent: true });
    workspace = await newWorkspace(h, "owner@demo-on.example");
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it("connects a new workspace to the demo shop, a fake on a loopback port", async () => {
    const connection = await h.app.services.integrationsRepository.find(workspace.companyId, "shopify");
    expect(connection).toMatchObject({ isActive: true, publicCredentials: { shopName: DEMO_SHOP_DOMAIN } });
    expect(connection?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("tracks demo order #1001 with the demo customer's e-mail", async () => {
    const { reply, turn } = await ask(h, workspace.widgetID, "Where is my order #1001? emma@example.com");
    expect(turn.outcome).toBe("order_lookup");
    expect(reply.message).toMatch(/^Order #1001 has been shipped and is on its way\./);
    expect(orderCardSchema.parse(reply.messageData.order).fulfillments[0]?.company).toBe("DHL Express");
  });

  it("reaches the running demo shop even when the stored address is from an earlier start", async () => {
    const connection = await h.app.services.integrationsRepository.find(workspace.companyId, "shopify");
    await h.app.services.integrationsRepository.save({
      companyId: workspace.companyId,
      app: "shopify",
      publicCredentials: connection?.publicCredentials ?? {},
      secrets: connection?.secrets ?? {},
      baseUrl: "http://127.0.0.1:9",
    });
    const { reply } = await ask(h, workspace.widgetID, "order #1003, emma@example.com");
    expect(reply.message).toMatch(/^Order #1003 hasn't shipped yet/);
  });

  it("connects it to the demo Recharge too: a proven demo order lists the customer's subscriptions, whatever address was stored", async () => {
    const connection = await h.app.services.integrationsRepository.find(workspace.companyId, "recharge");
    expect(connection).toMatchObject({ isActive: true, publicCredentials: { demo: "harbor-demo-recharge" } });
    await h.app.services.integrationsRepository.save({
      companyId: workspace.companyId,
      app: "recharge",
      publicCredentials: connection?.publicCredentials ?? {},
      secrets: connection?.secrets ?? {},
      baseUrl: "http://127.0.0.1:9",
    });
    const visitor = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID: workspace.widgetID },
    });
    const listed = await h.api<ListSubscriptionsResponse>("POST", "/api/widget/manage-order/subscriptions", {
      body: {
        widgetID: workspace.widgetID,
        visitorToken: visitor.body.data.visitorToken,
        orderNumber: "1003",
        email: "emma@example.com",
      },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.subscriptions.map((item) => item.product_title)).toEqual([
      "House blend coffee beans",
      "Paper filters",
    ]);
  });

  it("connects it to the demo Loop too: a proven #1002 shows its open return, whatever address was stored", async () => {
    const connection = await h.app.services.integrationsRepository.find(workspace.companyId, "loop");
    expect(connection).toMatchObject({ isActive: true, publicCredentials: { demo: "harbor-demo-loop" } });
    await h.app.services.integrationsRepository.save({
      companyId: workspace.companyId,
      app: "loop",
      publicCredentials: connection?.publicCredentials ?? {},
      secrets: connection?.secrets ?? {},
      baseUrl: "http://127.0.0.1:9",
    });
    const visitor = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID: workspace.widgetID },
    });
    const order = async (orderNumber: string) =>
      h.api<ManageOrderGetResponse>("POST", "/api/widget/manage-order/get", {
        body: {
          widgetID: workspace.widgetID,
          visitorToken: visitor.body.data.visitorToken,
          orderNumber,
          email: "emma@example.com",
        },
      });
    const delivered = await order("1002");
    expect(delivered.status, delivered.body.message).toBe(200);
    expect(delivered.body.data.returns).toMatchObject({ isAvailable: true, items: [{ state: "open" }] });
    // An order with no return says so: Loop answered, with none.
    expect((await order("1001")).body.data.returns).toEqual({ isAvailable: true, items: [] });
  });

  it("tells the sample page's visitor what to try", async () => {
    const page = await h.app.inject({ method: "GET", url: `/widget/demo?widgetID=${workspace.widgetID}` });
    expect(page.body).toContain('id="demo-orders"');
    expect(page.body).toContain("emma@example.com");
    expect(page.body).toContain("#1001");
  });
});

describe("HARBOR_DEMO off", () => {
  let h: Harness;
  let lookalike: FakeShopify;

  beforeAll(async () => {
    h = await createHarness({ withDemoContent: true });
    // A shop at the demo shop's domain, answering: with the demo off, Harbor must not ask it.
    lookalike = await startFakeShopify({
      accessToken: "shpat_harbor_demo_shop",
      shopName: "Harbor Demo Shop",
      products: [],
      orders: demoShopOrders(),
    });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await lookalike?.close();
  });

  it("connects no shop and leaves the demo hint off the sample page", async () => {
    const workspace = await newWorkspace(h, "owner@demo-off.example");
    expect(await h.app.services.integrationsRepository.find(workspace.companyId, "shopify")).toBeNull();
    expect(await h.app.services.integrationsRepository.find(workspace.companyId, "recharge")).toBeNull();
    const page = await h.app.inject({ method: "GET", url: `/widget/demo?widgetID=${workspace.widgetID}` });
    expect(page.body).not.toContain("demo-orders");
    const { reply, turn } = await ask(h, workspace.widgetID, "Where is my order #1001? emma@example.com");
    expect(turn.outcome).toBe("order_lookup");
    expect(reply.messageData.order).toBeUndefined();
    expect(reply.message).toContain("#1001 (emma@example.com)");
  });

  it("treats a workspace still connected to the demo shop as not connected", async () => {
    const workspace = await newWorkspace(h, "owner@was-demo.example");
    expect(lookalike.shopDomain).toBe(DEMO_SHOP_DOMAIN);
    await h.app.services.integrationsRepository.save({
      companyId: workspace.companyId,
      app: "shopify",
      publicCredentials: { shopName: DEMO_SHOP_DOMAIN },
      secrets: { adminApiAccessToken: "shpat_harbor_demo_shop" },
      baseUrl: lookalike.url,
    });
    const { reply } = await ask(h, workspace.widgetID, "Where is my order #1001? emma@example.com");
    expect(reply.messageData.order).toBeUndefined();
    expect(reply.message).toContain("I can't open orders from this chat");
    expect(lookalike.requestCount()).toBe(0);
  });
});
