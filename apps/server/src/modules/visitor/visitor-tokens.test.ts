import type { WidgetGetResponse } from "@harbor/contract/widget";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor } from "../../../test/realtime-clients";
import { createVisitorTokens, VISITOR_TOKEN_TTL_MS } from "./visitor-tokens";

const DAY_MS = 24 * 3600_000;
const SECRET = "test-secret-test-secret-test-secret-0123";

describe("visitor tokens", () => {
  it("last 30 days, renew for the same visitor, and can't have their expiry changed", () => {
    let nowMs = Date.parse("2026-03-01T00:00:00Z");
    const tokens = createVisitorTokens(SECRET, { now: () => new Date(nowMs) });
    const { visitorId, token } = tokens.issue("widget1");
    expect(tokens.verify("widget1", token)).toBe(visitorId);
    expect(tokens.verify("widget2", token)).toBeNull();

    nowMs += VISITOR_TOKEN_TTL_MS - 60_000;
    expect(tokens.verify("widget1", token)).toBe(visitorId);
    const renewed = tokens.renew("widget1", visitorId);
    nowMs += 2 * 60_000;
    expect(tokens.verify("widget1", token)).toBeNull();
    expect(tokens.verify("widget1", renewed)).toBe(visitorId);

    // A later expiry written into the token breaks its signature.
    const [id, , signature] = renewed.split(".");
    const pushedOut = `${id}.${Math.ceil((nowMs + 365 * DAY_MS) / 1000).toString(36)}.${signature}`;
    expect(tokens.verify("widget1", pushedOut)).toBeNull();
  });
});

describe("an expired visitor token", () => {
  let h: Harness;
  let widgetID: string;

  beforeAll(async () => {
    h = await createHarness();
    const owner = await h.signUp("owner@token-expiry.example");
    widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  /** A token the server issued 31 days ago (same secret, the clock set back). */
  const issuedLongAgo = () =>
    createVisitorTokens(h.config.appSecret, { now: () => new Date(Date.now() - 31 * DAY_MS) }).issue(widgetID).token;

  it("is refused by the widget's calls with a 401 and by the channel with the status the widget recovers on", async () => {
    const visitorToken = issuedLongAgo();
    const chat = await h.api("POST", "/api/widget/get-chat", {
      body: { widgetID, visitorToken, chatID: crypto.randomUUID() },
    });
    expect(chat.status).toBe(401);
    expect(chat.body).toEqual({
      hasError: true,
      message: "Your chat session has expired. Please restart the chat.",
      data: null,
    });

    const socket = io(`${await h.url()}/visitor`, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { widgetID, visitorToken },
      forceNew: true,
      reconnection: false,
    });
    const refusal = await new Promise<Error & { data?: unknown }>((resolve) => socket.once("connect_error", resolve));
    socket.close();
    expect(refusal.message).toBe("Your chat session has expired. Please restart the chat.");
    expect(refusal.data).toEqual({ status: 401 });
  });

  it("gets a new visitor from /api/widget/get, who can chat at once", async () => {
    const expired = issuedLongAgo();
    const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID, visitorToken: expired },
    });
    expect(got.status).toBe(200);
    const fresh = got.body.data.visitorToken;
    expect(fresh.split(".")[0]).not.toBe(expired.split(".")[0]);
    const visitor = await connectVisitor(h, widgetID, { visitorToken: fresh });
    expect(ackData(await askQuestion(visitor.socket, "Hello?")).chatID).toBeTruthy();
    visitor.socket.close();
  });

  it("never happens to a visitor who keeps coming back: each page view renews it for the same visitor", async () => {
    const clockAt = (offsetMs: number) =>
      createVisitorTokens(h.config.appSecret, { now: () => new Date(Date.now() + offsetMs) });
    // A token from 29 days ago, one day from expiring; the page view renews it.
    const old = clockAt(-29 * DAY_MS).issue(widgetID);
    const visitor = await connectVisitor(h, widgetID, { visitorToken: old.token });
    const { chatID } = ackData(await askQuestion(visitor.socket, "Where is my parcel?"));
    await h.app.services.visitorService.drain();
    visitor.socket.close();

    const renewed = visitor.visitorToken;
    expect(renewed.split(".")[0]).toBe(old.visitorId);
    const inTwoDays = clockAt(2 * DAY_MS);
    expect(inTwoDays.verify(widgetID, old.token)).toBeNull();
    expect(inTwoDays.verify(widgetID, renewed)).toBe(old.visitorId);

    const again = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID, visitorToken: renewed },
    });
    expect(again.body.data.activeChatID).toBe(chatID);
    const chat = await h.api("POST", "/api/widget/get-chat", { body: { widgetID, visitorToken: renewed, chatID } });
    expect(chat.status).toBe(200);
  });
});
