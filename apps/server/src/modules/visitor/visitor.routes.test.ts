import type { Chat } from "@harbor/contract/chat";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { AskQuestionAck } from "@harbor/contract/realtime";
import type { VisitorChat, WidgetGetResponse } from "@harbor/contract/widget";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { chatMessages, chats } from "../../db/schema/index";

let h: Harness;
let widgetID: string;
let otherWidgetID: string;
let ownerCookie: string;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

beforeAll(async () => {
  h = await createHarness();
  const owner = await h.signUp("owner@widget-rest.example");
  ownerCookie = owner.cookie;
  const other = await h.signUp("owner@widget-rest-other.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  otherWidgetID = (await h.app.services.widgetRepository.findOrCreate(other.companyId)).widgetId;
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function startChat(question = "Hello") {
  const visitor = await connectVisitor(h, widgetID);
  const asked = ackData(
    await emitWithAck<AskQuestionAck>(visitor.socket, "ask-question", {
      chatID: null,
      clientMessageID: crypto.randomUUID(),
      question,
    }),
  );
  await h.app.services.visitorService.drain();
  return { ...visitor, chatID: asked.chatID };
}

describe("POST /api/widget/get", () => {
  it("answers the public widget and a token; a valid token is renewed for the same visitor, a bad one replaced", async () => {
    const first = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
    expect(first.status).toBe(200);
    const { widget, visitorToken, activeChatID } = first.body.data;
    expect(widget).toMatchObject({ widgetID, isWithinActiveHours: true, theme: { brand: { brandColor: "#4e45dd" } } });
    expect(activeChatID).toBeNull();
    // Staff-only settings never reach a shop page.
    expect(JSON.stringify(widget)).not.toContain("notificationEmail");
    expect(JSON.stringify(widget)).not.toContain("activeSources");

    const again = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID, visitorToken } });
    expect(again.body.data.visitorToken.split(".")[0]).toBe(visitorToken.split(".")[0]);
    const bad = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID, visitorToken: "forged.token-value" },
    });
    expect(bad.body.data.visitorToken).not.toBe("forged.token-value");
  });

  it("says the hours: outside the schedule the widget is inactive, with the handoff flag", async () => {
    const widget = await h.app.services.widgetRepository.findOrCreate(
      (await h.signUp("hours@widget-rest.example")).companyId,
    );
    const closed = structuredClone(widget.settings);
    closed.availableHours = {
      isActive: true,
      showHandoff: true,
      availableDays: closed.availableHours.availableDays.map((day) => ({ ...day, isActive: false, timeSlots: [] })),
    };
    await h.app.services.widgetRepository.saveSettings(widget.companyId, closed);
    const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID: widget.widgetId } });
    expect(got.body.data.widget).toMatchObject({ isWithinActiveHours: false, showHandoffWhenInactive: true });
  });

  it("answers 404 for an unknown widget and 400 for a malformed body", async () => {
    const unknown = await h.api("POST", "/api/widget/get", { body: { widgetID: "nosuchwidget" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ hasError: true, message: "This chat widget does not exist.", data: null });
    const malformed = await h.api("POST", "/api/widget/get", { body: { widgetID: 42 } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.hasError).toBe(true);
  });

  it("is open to other origins (CORS), preflight included; the staff API is not", async () => {
    const preflight = await h.app.inject({
      method: "OPTIONS",
      url: "/api/widget/get",
      headers: { origin: "https://shop.example", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-headers"]).toContain("content-type");
    const call = await h.app.inject({
      method: "POST",
      url: "/api/widget/get",
      headers: { origin: "https://shop.example" },
      payload: { widgetID },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers["access-control-allow-origin"]).toBe("*");
    const staffCall = await h.app.inject({
      method: "GET",
      url: "/api/user/",
      headers: { origin: "https://shop.example" },
    });
    expect(staffCall.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("the visitor's chat", () => {
  it("reads only the visitor's own chat", async () => {
    const mine = await startChat();
    const read = await h.api<VisitorChat>("POST", "/api/widget/get-chat", {
      body: { widgetID, visitorToken: mine.visitorToken, chatID: mine.chatID },
    });
    expect(read.status).toBe(200);
    expect(read.body.data.messages[0]).toMatchObject({ message: "Hello", senderRole: "customer" });

    const stranger = await connectVisitor(h, widgetID);
    const refused = await h.api("POST", "/api/widget/get-chat", {
      body: { widgetID, visitorToken: stranger.visitorToken, chatID: mine.chatID },
    });
    expect(refused.status).toBe(404);
    const otherShop = await connectVisitor(h, otherWidgetID);
    const crossShop = await h.api("POST", "/api/widget/get-chat", {
      body: { widgetID: otherWidgetID, visitorToken: otherShop.visitorToken, chatID: mine.chatID },
    });
    expect(crossShop.status).toBe(404);
    const wrongWidget = await h.api("POST", "/api/widget/get-chat", {
      body: { widgetID: otherWidgetID, visitorToken: mine.visitorToken, chatID: mine.chatID },
    });
    expect(wrongWidget.status).toBe(401);
    for (const socket of [mine.socket, stranger.socket, otherShop.socket]) socket.close();
  });

  it("saves the customer's details (unicode and right-to-left kept) and resolves with stars", async () => {
    const visitor = await startChat();
    const saved = await h.api("POST", "/api/widget/save-customer", {
      body: {
        widgetID,
        visitorToken: visitor.visitorToken,
        chatID: visitor.chatID,
        customer: {
          name: "דנה לוי",
          email: "dana@example.com",
          number: { countryCallingCode: "+972", number: "501234567" },
        },
      },
    });
    expect(saved.status).toBe(200);
    const badEmail = await h.api("POST", "/api/widget/save-customer", {
      body: { widgetID, visitorToken: visitor.visitorToken, chatID: visitor.chatID, customer: { email: "nope" } },
    });
    expect(badEmail.status).toBe(400);
    const resolved = await h.api("POST", "/api/widget/resolve-chat", {
      body: { widgetID, visitorToken: visitor.visitorToken, chatID: visitor.chatID, resolved: true, rating: 4 },
    });
    expect(resolved.status).toBe(200);
    const [chat] = await h.db.select().from(chats).where(eq(chats.id, visitor.chatID));
    expect(chat).toMatchObject({ resolved: true, rating: 4 });
    expect(chat?.completedAt).not.toBeNull();
    expect(chat?.customer).toMatchObject({ name: "דנה לוי", preChatCompleted: true });
    // Staff see the answers as the pre-chat form's card in the inbox.
    const opened = await h.api<Chat>("POST", "/api/chat/", { cookie: ownerCookie, body: { chatID: visitor.chatID } });
    expect(opened.body.data.workflows.preChat).toEqual({
      isCompleted: true,
      fields: [
        { key: "name", title: "Name", value: "דנה לוי" },
        { key: "email", title: "Email", value: "dana@example.com" },
      ],
    });
    expect(opened.body.data.customer.number).toEqual({ countryCallingCode: "+972", number: "501234567" });
    const badRating = await h.api("POST", "/api/widget/resolve-chat", {
      body: { widgetID, visitorToken: visitor.visitorToken, chatID: visitor.chatID, resolved: true, rating: 9 },
    });
    expect(badRating.status).toBe(400);
    visitor.socket.close();
  });
});

describe("POST /api/widget/upload", () => {
  async function upload(visitorToken: string, file: Blob, name: string) {
    const form = new FormData();
    form.append("widgetID", widgetID);
    form.append("visitorToken", visitorToken);
    form.append("file", file, name);
    return h.api<VisitorAttachment>("POST", "/api/widget/upload", { body: form });
  }

  it("stores a picture the visitor sends with a question, served back from its link", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const uploaded = await upload(visitor.visitorToken, new Blob([PNG], { type: "image/png" }), "photo.png");
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toMatchObject({ name: "photo.png", contentType: "image/png", byteSize: PNG.length });
    const served = await h.app.inject({ method: "GET", url: new URL(uploaded.body.data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const asked = ackData(
      await emitWithAck<AskQuestionAck>(visitor.socket, "ask-question", {
        chatID: null,
        clientMessageID: crypto.randomUUID(),
        question: "Is this the right size?",
        attachments: [uploaded.body.data],
      }),
    );
    expect(asked.message.messageData.attachments).toEqual([uploaded.body.data]);
    const foreignLink = await emitWithAck(visitor.socket, "ask-question", {
      chatID: asked.chatID,
      clientMessageID: crypto.randomUUID(),
      question: "Look",
      attachments: [{ url: "javascript:alert(1)", name: "x.png", contentType: "image/png", byteSize: 1 }],
    });
    expect(foreignLink).toEqual({ ok: false, message: "Attach files through the widget's upload." });
    await h.app.services.visitorService.drain();
    const stored = await h.db.select().from(chatMessages).where(eq(chatMessages.chatId, asked.chatID));
    expect(stored.some((m) => m.message === "Look")).toBe(false);
    visitor.socket.close();
  });

  it("refuses a file over 10 MB with the spec's message, a disguised file, and a bad token", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const bigPicture = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    const big = await upload(visitor.visitorToken, new Blob([bigPicture]), "big.png");
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("some files are larger than 10MB");
    const disguised = await upload(
      visitor.visitorToken,
      new Blob(["<script>alert(1)</script>"], { type: "image/png" }),
      "cat.png",
    );
    expect(disguised.status).toBe(400);
    const pdf = await upload(
      visitor.visitorToken,
      new Blob(["%PDF-1.4\n%…"], { type: "application/pdf" }),
      "invoice.pdf",
    );
    expect(pdf.body.data.contentType).toBe("application/pdf");
    const forged = await upload("forged.token-value", new Blob([PNG], { type: "image/png" }), "photo.png");
    expect(forged.status).toBe(401);
    visitor.socket.close();
  });
});

describe("GET /widget/demo", () => {
  it("embeds the loader for a widget ID, and never reflects anything else into the page", async () => {
    const page = await h.app.inject({ method: "GET", url: `/widget/demo?widgetID=${widgetID}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script src="/widget/loader.js" data-widget-id="${widgetID}" async></script>`);
    const hostile = await h.app.inject({
      method: "GET",
      url: `/widget/demo?widgetID=%22%3E%3Cscript%3Ealert(1)%3C/script%3E`,
    });
    expect(hostile.body).not.toContain("<script>alert(1)");
    expect(hostile.body).not.toContain("loader.js");
    // Shop pages on any site may frame the widget's pages.
    expect(page.headers["x-frame-options"]).toBeUndefined();
    expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors *");
  });

  it("lets the shop's own chat app (Tawk, Zendesk Classic) load on the sample page, and nothing else", async () => {
    const page = await h.app.inject({ method: "GET", url: `/widget/demo?widgetID=${widgetID}` });
    const directives = new Map(
      String(page.headers["content-security-policy"])
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources] as const),
    );
    const scriptSrc = directives.get("script-src") ?? [];
    expect(scriptSrc).toEqual(
      expect.arrayContaining(["'self'", "https://embed.tawk.to", "https://static.zdassets.com"]),
    );
    expect(scriptSrc).toEqual(expect.arrayContaining(["https://ekr.zdassets.com", "https://*.zendesk.com"]));
    expect(scriptSrc).not.toContain("*");
    expect(scriptSrc).not.toContain("https:");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(directives.get("connect-src")).toEqual(
      expect.arrayContaining(["'self'", "wss://*.tawk.to", "https://*.zendesk.com"]),
    );
    expect(directives.get("frame-src")).toEqual(expect.arrayContaining(["'self'", "https://*.tawk.to"]));
    expect(directives.get("style-src")).toEqual(
      expect.arrayContaining(["'self'", "'unsafe-inline'", "https://*.tawk.to"]),
    );
    // Each directive once: a second one would be ignored by the browser.
    expect(String(page.headers["content-security-policy"]).match(/script-src /g)).toHaveLength(1);
    // The widget's own files keep helmet's script-src.
    const frame = await h.app.inject({ method: "GET", url: "/widget/frame.html" });
    expect(String(frame.headers["content-security-policy"] ?? "")).not.toContain("tawk");
  });
});
