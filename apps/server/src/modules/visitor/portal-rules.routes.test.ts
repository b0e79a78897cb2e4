import type {
  CancellationReasonsResponse,
  CancellationRule,
  ManageOrderGetResponse,
  RequestCancellationResponse,
} from "@harbor/contract/orders";
import type {
  CancellationConditions,
  CustomerAccountPortal,
  WidgetGetResponse,
  WidgetSettings,
} from "@harbor/contract/widget";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { orderActions } from "../../db/schema/index";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";

/**
 * The Shopify Customer Portal's Order Actions and Action Rules (issue #17 item 5, decision 048),
 * saved by an admin through the settings API and applied by the widget's manage-order calls,
 * against the Shopify fake on loopback and the real database.
 */
let h: Harness;
let shop: FakeShopify;
let owner: { companyId: string; cookie: string };
let agentCookie: string;
let widgetID: string;

const SAVE = "/api/widget-settings/save";
const GET = "/api/widget/manage-order/get";
const REASONS = "/api/widget/manage-order/get-cancellation-reasons";
const CANCEL = "/api/widget/manage-order/request-cancellation";

const RULES = {
  askReason: true,
  allowOther: false,
  reasons: [
    { _id: "late", text: "It will arrive too late" },
    { _id: "ordered_by_mistake", text: "I ordered by mistake" },
  ],
  conditions: { maxOrderAgeDays: null, paymentStatuses: [], excludedSkus: [] },
};

beforeAll(async () => {
  h = await createHarness({ visitorLimits: { eventsPerVisitor: 100, questionsPerVisitor: 100 } });
  const orders = demoShopOrders();
  const unshipped = orders.find((order) => order.name === "#1003");
  if (!unshipped) throw new Error("the demo shop has no #1003");
  // Not shipped, placed ten days ago, payment pending: for the age and payment conditions.
  orders.push({
    ...unshipped,
    id: "gid://shopify/Order/5002001",
    name: "#2001",
    createdAt: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString(),
    financialStatus: "PENDING",
  });
  shop = await startFakeShopify({ accessToken: "shpat_rules", products: [], orders });
  owner = await h.signUp("owner@rules-shop.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Agent", email: "agent@rules-shop.example", role: "agent" }))
    .cookie;
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_rules" },
    baseUrl: shop.url,
  });
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
});

function portalForm(portal: Record<string, unknown>) {
  const form = new FormData();
  form.set("customerAccountPortal", JSON.stringify(portal));
  return form;
}

/** The admin saves the portal section, as the Shopify Customer Portal page does. */
async function setPortal(portal: Partial<CustomerAccountPortal>) {
  const saved = await h.api<WidgetSettings>("POST", SAVE, {
    cookie: owner.cookie,
    body: portalForm({ isActive: true, authentication: "orderID", ...portal }),
  });
  expect(saved.status).toBe(200);
  return saved.body.data.customerAccountPortal;
}

async function newVisitor() {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
  return { widgetID, visitorToken: got.body.data.visitorToken };
}

const cancel = async (orderNumber: string, reason: string, otherReason?: string) =>
  h.api<RequestCancellationResponse>("POST", CANCEL, {
    body: {
      ...(await newVisitor()),
      orderNumber,
      email: "emma@example.com",
      reason,
      otherReason,
      clientKey: crypto.randomUUID(),
    },
  });

const actionsOf = (orderName: string) =>
  h.database.db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.companyId, owner.companyId), eq(orderActions.orderName, orderName)));

describe("saving the portal's rules", () => {
  it("keeps the Order Actions and the Action Rules, and keeps the rules from the widget", async () => {
    const saved = await setPortal({ allowTracking: false, allowCancellation: true, cancellationRules: RULES });
    expect(saved).toEqual({
      isActive: true,
      authentication: "orderID",
      allowTracking: false,
      allowCancellation: true,
      cancellationRules: RULES,
    });
    const widget = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
    expect(widget.body.data.widget.customerAccountPortal).toEqual({
      isActive: true,
      authentication: "orderID",
      allowTracking: false,
      allowCancellation: true,
    });
  });

  it("keeps the Order Issues as a two-level list, and refuses a child under a child", async () => {
    const parent = crypto.randomUUID();
    const child = crypto.randomUUID();
    const issues = [
      { _id: parent, question: "Where is my parcel?", category: null, answer: "" },
      { _id: child, question: "It says delivered", category: parent, answer: "Check with your neighbours." },
    ];
    const saved = await setPortal({ orderIssues: issues });
    expect(saved.orderIssues).toEqual(issues);
    const widget = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
    expect(widget.body.data.widget.customerAccountPortal).not.toHaveProperty("orderIssues");

    const nested = [...issues, { _id: crypto.randomUUID(), question: "Too deep", category: child, answer: "" }];
    const refused = await h.api("POST", SAVE, {
      cookie: owner.cookie,
      body: portalForm({ isActive: true, authentication: "orderID", orderIssues: nested }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("The category is not a top-level issue");
  });

  it("refuses an agent with 403, and bad rules with a 400 envelope naming the field", async () => {
    const asAgent = await h.api("POST", SAVE, {
      cookie: agentCookie,
      body: portalForm({ isActive: true, authentication: "orderID", allowCancellation: false }),
    });
    expect(asAgent.status).toBe(403);
    expect(asAgent.body).toMatchObject({ hasError: true, data: null });

    const cases: [Record<string, unknown>, string][] = [
      [{ ...RULES, reasons: [{ _id: "late", text: " " }] }, "Reason text is required"],
      [{ ...RULES, reasons: [], allowOther: false }, "Add a reason or offer Other"],
      [{ ...RULES, conditions: { ...RULES.conditions, maxOrderAgeDays: 0 } }, "At least 1 day"],
      [{ ...RULES, reasons: [{ _id: "other", text: "Other" }] }, "The ids other and none are kept"],
    ];
    for (const [rules, message] of cases) {
      const response = await h.api("POST", SAVE, {
        cookie: owner.cookie,
        body: portalForm({ isActive: true, authentication: "orderID", cancellationRules: rules }),
      });
      expect(response.status, message).toBe(400);
      expect(response.body.hasError).toBe(true);
      expect(response.body.message).toContain(message);
      expect(response.body.data).toBeNull();
    }
  });
});

describe("the widget's calls under the rules", () => {
  it("answers the default reasons in the visitor's language before any rules are saved", async () => {
    await setPortal({});
    const reasons = await h.api<CancellationReasonsResponse>("POST", REASONS, {
      body: { ...(await newVisitor()), language: "nl" },
    });
    expect(reasons.status).toBe(200);
    expect(reasons.body.data.allowOther).toBe(true);
    expect(reasons.body.data.reasons[0]).toEqual({ id: "ordered_by_mistake", text: "Ik heb per ongeluk besteld" });
  });

  it("answers the configured reasons: a kept default translated, the shop's own as written, no Other", async () => {
    await setPortal({ cancellationRules: RULES });
    const reasons = await h.api<CancellationReasonsResponse>("POST", REASONS, {
      body: { ...(await newVisitor()), language: "nl" },
    });
    expect(reasons.body.data).toEqual({
      askReason: true,
      allowOther: false,
      reasons: [
        { id: "late", text: "It will arrive too late" },
        { id: "ordered_by_mistake", text: "Ik heb per ongeluk besteld" },
      ],
    });
  });

  it("refuses a reason not in the list, and Other when it is not offered, before asking the shop", async () => {
    await setPortal({ cancellationRules: RULES });
    const before = shop.requestCount();
    for (const [reason, other] of [
      ["changed_mind", undefined],
      ["other", "Found a better one"],
    ] as const) {
      const refused = await cancel("1003", reason, other);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ hasError: true, message: "Choose one of the reasons offered.", data: null });
    }
    expect(shop.requestCount()).toBe(before);
    expect(await actionsOf("#1003")).toEqual([]);

    const accepted = await cancel("1003", "late");
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe("recorded");
    const [action] = await actionsOf("#1003");
    expect(action?.details).toMatchObject({ reason: "late", reasonText: "It will arrive too late" });
  });

  it("takes Other in the visitor's words when offered, and no reason when none is asked", async () => {
    await setPortal({ cancellationRules: { ...RULES, allowOther: true } });
    expect((await cancel("2001", "other", "Found a better one")).status).toBe(200);

    await setPortal({ cancellationRules: { ...RULES, askReason: false } });
    const reasons = await h.api<CancellationReasonsResponse>("POST", REASONS, { body: await newVisitor() });
    expect(reasons.body.data).toEqual({ askReason: false, allowOther: false, reasons: [] });
    expect((await cancel("2001", "late")).status).toBe(400);
    expect((await cancel("2001", "none")).status).toBe(200);
  });

  it.each<[Partial<CancellationConditions>, CancellationRule, string]>([
    [{ maxOrderAgeDays: 7 }, "too_old", "Not eligible: orders can be cancelled here only within 7 days of ordering."],
    [{ paymentStatuses: ["PAID"] }, "payment_status", "Not eligible: this order's payment status does not allow it."],
    [{ excludedSkus: ["tote"] }, "product", "Not eligible: this order has an item that cannot be cancelled here."],
  ])("refuses an order failing %o, says why in get, and lets one that passes", async (condition, rule, message) => {
    await setPortal({ cancellationRules: { ...RULES, conditions: { ...RULES.conditions, ...condition } } });
    // #2001: ten days old, payment pending, a tote. #1003: hours old, paid, a tote.
    const failing = rule === "product" ? "1003" : "2001";
    const got = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...(await newVisitor()), orderNumber: failing, email: "emma@example.com" },
    });
    expect(got.body.data.cancellation).toEqual({ isEligible: false, reason: message, isOffered: true, rule });

    const before = (await actionsOf(`#${failing}`)).length;
    const refused = await cancel(failing, "late");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ hasError: true, message, data: null });
    expect(await actionsOf(`#${failing}`)).toHaveLength(before);

    if (rule !== "product") {
      const passing = await h.api<ManageOrderGetResponse>("POST", GET, {
        body: { ...(await newVisitor()), orderNumber: "1003", email: "emma@example.com" },
      });
      expect(passing.body.data.cancellation).toMatchObject({ isEligible: true, rule: null });
    }
  });

  it("with cancellations off: no reasons, no request, and the order says it is not offered", async () => {
    await setPortal({ allowCancellation: false, cancellationRules: RULES });
    const message = "This shop does not take cancellation requests here. Please ask in the chat.";
    const reasons = await h.api("POST", REASONS, { body: await newVisitor() });
    expect(reasons.status).toBe(403);
    expect(reasons.body).toEqual({ hasError: true, message, data: null });
    const refused = await cancel("1003", "late");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ hasError: true, message, data: null });
    const got = await h.api<ManageOrderGetResponse>("POST", GET, {
      body: { ...(await newVisitor()), orderNumber: "1003", email: "emma@example.com" },
    });
    expect(got.body.data.cancellation).toEqual({ isEligible: false, reason: message, isOffered: false, rule: null });
  });

  it("with tracking off: the shipments come without carrier and tracking links", async () => {
    const visitor = await newVisitor();
    const body = { ...visitor, orderNumber: "1001", email: "emma@example.com" };
    await setPortal({ allowTracking: true });
    const tracked = await h.api<ManageOrderGetResponse>("POST", GET, { body });
    expect(tracked.body.data.order.fulfillments[0]).toMatchObject({
      company: "DHL Express",
      trackingNumber: "JD014600006281230981",
    });

    await setPortal({ allowTracking: false });
    const untracked = await h.api<ManageOrderGetResponse>("POST", GET, { body });
    expect(untracked.status).toBe(200);
    const [shipment] = untracked.body.data.order.fulfillments;
    expect(shipment).toMatchObject({ company: null, trackingNumber: null, trackingURL: null });
    // The shipment itself still shows: its status and items.
    expect(shipment?.status).toBe("success");
    expect(shipment?.items.length).toBeGreaterThan(0);
  });
});
