import type { ManageOrderGetResponse } from "@harbor/contract/orders";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { orderActions } from "../../db/schema/index";
import { demoShopOrders } from "../../integrations/shopify/shopify.fake-orders";
import { type FakeShopify, startFakeShopify } from "../../integrations/shopify/shopify.fake-server";
import { type FakeTwilio, startFakeTwilio } from "../../integrations/twilio/twilio.fake-server";

/**
 * Phone one-time codes (portal method phone, decision 061) over HTTP: the code is texted through
 * the Twilio fake, only ever to the phone the order was placed with, with the e-mail codes' limits.
 */
let h: Harness;
let shop: FakeShopify;
let twilio: FakeTwilio;
let widgetID: string;

const SEND = "/api/widget/manage-order/send-code";
const GET = "/api/widget/manage-order/get";
const CANCEL = "/api/widget/manage-order/request-cancellation";
/** The demo customer's phone, as the shop keeps it. */
const ORDER_PHONE = "+31612345678";
const TWILIO = { accountSid: `AC${"0f".repeat(16)}`, authToken: "twilio-token", from: "+15005550006" };

beforeAll(async () => {
  twilio = await startFakeTwilio({ ...TWILIO, senders: [TWILIO.from] });
  h = await createHarness({
    visitorLimits: { eventsPerVisitor: 40 },
    twilio: { fake: twilio, settings: TWILIO },
  });
  shop = await startFakeShopify({ accessToken: "shpat_phone", products: [], orders: demoShopOrders() });
  const owner = await h.signUp("owner@phone-shop.example");
  await h.app.services.integrationsRepository.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_phone" },
    baseUrl: shop.url,
  });
  const widget = await h.app.services.widgetRepository.findOrCreate(owner.companyId);
  widgetID = widget.widgetId;
  await h.app.services.widgetRepository.saveSettings(owner.companyId, {
    ...widget.settings,
    customerAccountPortal: { isActive: true, authentication: "phone" },
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await shop?.close();
  await twilio?.close();
});

async function newVisitor() {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
  return { widgetID, visitorToken: got.body.data.visitorToken };
}

const textsToOrderPhone = () => twilio.receivedBy(ORDER_PHONE);
const codeIn = (text: string) => /^(\d{6}) /.exec(text)?.[1] ?? "";

describe("phone one-time codes (portal method phone)", () => {
  it("texts a code to the order's phone; only that code shows the order, within its tries", async () => {
    // The visitor types the number as the widget sends it; the shop keeps it as E.164.
    const proof = { ...(await newVisitor()), orderNumber: "1003", phone: "+31 6 1234 5678" };
    const noCode = await h.api("POST", GET, { body: proof });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe("Enter the code we sent to your phone.");

    const before = textsToOrderPhone().length;
    const sent = await h.api("POST", SEND, { body: { ...proof, language: "nl" } });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("We sent a code to your phone.");
    expect(sent.body.data).toEqual({ orderName: "#1003", expiresInMinutes: 10 });
    const texts = textsToOrderPhone().slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.from).toBe(TWILIO.from);
    expect(texts[0]?.body).toMatch(/^\d{6} is je code om bestelling #1003 in de chat te bekijken\. /);
    const code = codeIn(texts[0]?.body ?? "");

    const wrongCode = code === "000000" ? "000001" : "000000";
    const wrong = await h.api("POST", GET, { body: { ...proof, code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("That code is not right. 4 tries left.");
    const shown = await h.api<ManageOrderGetResponse>("POST", GET, { body: { ...proof, code } });
    expect(shown.status).toBe(200);
    expect(shown.body.data.order.order.name).toBe("#1003");
    // A phone code proves the order, not the customer's e-mail: no subscriptions through it.
    expect(shown.body.data.hasSubscriptions).toBe(false);

    // The request is recorded as verified by the texted code.
    const clientKey = crypto.randomUUID();
    const cancel = await h.api("POST", CANCEL, { body: { ...proof, code, reason: "changed_mind", clientKey } });
    expect(cancel.status).toBe(200);
    const [row] = await h.database.db.select().from(orderActions).where(eq(orderActions.clientKey, clientKey));
    expect(row?.verifiedBy).toBe("phone_code");

    // Five wrong tries spend the code: the right one no longer works.
    for (let tries = 0; tries < 4; tries += 1) {
      const again = await h.api("POST", GET, { body: { ...proof, code: wrongCode } });
      expect(again.status).toBe(400);
    }
    const spent = await h.api("POST", GET, { body: { ...proof, code } });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toBe("This code is not valid or has expired. Please ask for a new code.");
  });

  it("answers a phone that is not the order's as an unknown order, and texts no one", async () => {
    const visitor = await newVisitor();
    const before = twilio.received().length;
    const strangers = await h.api("POST", SEND, {
      body: { ...visitor, orderNumber: "1003", phone: "+31 6 9999 8888" },
    });
    const unknown = await h.api("POST", SEND, { body: { ...visitor, orderNumber: "4242", phone: ORDER_PHONE } });
    expect(strangers.status).toBe(404);
    expect(strangers.body).toEqual(unknown.body);
    expect(strangers.body).toEqual({
      hasError: true,
      message: "We couldn't find an order with these details.",
      data: null,
    });
    expect(twilio.received().length).toBe(before);

    // The e-mail does not stand in for the phone with this method, and is never texted or mailed.
    const byEmail = await h.api("POST", SEND, {
      body: { ...(await newVisitor()), orderNumber: "1003", email: "emma@example.com" },
    });
    expect(byEmail.status).toBe(400);
    expect(byEmail.body.message).toBe("Enter the phone number you ordered with.");
    expect(twilio.received().length).toBe(before);
  });

  it("texts at most three codes an hour per visitor and order, in the visitor's language", async () => {
    const proof = { ...(await newVisitor()), orderNumber: "1002", phone: ORDER_PHONE, language: "he" as const };
    const before = textsToOrderPhone().length;
    for (let sends = 0; sends < 3; sends += 1) {
      expect((await h.api("POST", SEND, { body: proof })).status).toBe(200);
    }
    const fourth = await h.api("POST", SEND, { body: proof });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe("Too many codes were asked for. Please try again later.");
    const texts = textsToOrderPhone().slice(before);
    expect(texts).toHaveLength(3);
    expect(texts[2]?.body).toMatch(/^\d{6} הוא הקוד שלכם לצפייה בהזמנה #1002 בצ׳אט\./);
    // Each new code replaces the one before.
    const [first, , last] = texts.map((text) => codeIn(text.body));
    if (first !== last) {
      expect((await h.api("POST", GET, { body: { ...proof, code: first } })).status).toBe(400);
    }
    expect((await h.api("POST", GET, { body: { ...proof, code: last } })).status).toBe(200);
  });

  it("says Twilio's refusal as a try-later, never a server error", async () => {
    twilio.failNextRequests(1, { status: 401 });
    const sent = await h.api("POST", SEND, {
      body: { ...(await newVisitor()), orderNumber: "1003", phone: ORDER_PHONE },
    });
    expect(sent.status).toBe(503);
    expect(sent.body.message).toBe("We couldn't send the text message. Please try again later or ask in the chat.");
  });
});
