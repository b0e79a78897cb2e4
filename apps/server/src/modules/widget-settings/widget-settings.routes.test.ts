import type { CompanyWithSources } from "@harbor/contract/knowledge";
import {
  type AvailableHours,
  type Handoff,
  type SelfServicePortal,
  SHOPIFY_NOT_CONNECTED,
  type WidgetGetResponse,
  type WidgetImageFlag,
  type WidgetSettings,
} from "@harbor/contract/widget";
import { defaultWidgetSettings } from "@harbor/contract/widget-defaults";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { customReplies } from "../../db/schema/index";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;
let ownReplyId: string;
let rivalReplyId: string;
let ownSourceId: string;
let rivalSourceId: string;

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000999";

function sectionsForm(sections: Record<string, unknown>, picture?: { flag: WidgetImageFlag; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(sections)) form.append(name, JSON.stringify(value));
  if (picture) {
    form.append("images", new Blob([picture.bytes], { type: "image/png" }), "picture.png");
    form.append(picture.flag, "true");
  }
  return form;
}

const getSettings = async (cookie = owner.cookie) =>
  (await h.api<WidgetSettings>("GET", "/api/widget-settings/", { cookie })).body.data;

const save = (body: FormData, cookie = owner.cookie) =>
  h.api<WidgetSettings>("POST", "/api/widget-settings/save", { cookie, body });

const post = <T = WidgetSettings>(path: string, body: unknown, cookie = owner.cookie) =>
  h.api<T>("POST", `/api/widget-settings/${path}`, { cookie, body });

async function sourceIdOf(cookie: string) {
  const company = await h.api<CompanyWithSources>("GET", "/api/document/sources", { cookie });
  const [source] = company.body.data.sources;
  if (!source) throw new Error("no source");
  return source._id;
}

async function insertCustomReply(companyId: string, name: string) {
  const [row] = await h.db.insert(customReplies).values({ companyId, name }).returning({ id: customReplies.id });
  if (!row) throw new Error("no custom reply");
  return row.id;
}

/** A handoff that passes every rule: both channels on, WhatsApp with availability shown. */
function validHandoff(): Handoff {
  const handoff = structuredClone(defaultWidgetSettings().handoff);
  handoff.channels.ticket.attributes = [{ notificationEmail: "team@kestrel.example" }];
  handoff.channels.agent = {
    ...handoff.channels.agent,
    isActive: true,
    appType: "whatsapp",
    attributes: [{ whatsapp: "+31612345678" }],
    humanAgent: {
      ...handoff.channels.agent.humanAgent,
      showAvailability: true,
      responseTime: "A few minutes",
      availabilityMessage: "We are here on weekdays",
    },
  };
  return handoff;
}

function portal(change: (value: SelfServicePortal) => void = () => {}): SelfServicePortal {
  const value = structuredClone(defaultWidgetSettings().selfServicePortal);
  change(value);
  return value;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@kestrel-widget.example");
  rival = await h.signUp("owner@rival-widget.example");
  agentCookie = (
    await h.addMember(owner.cookie, { name: "Agent", email: "agent@kestrel-widget.example", role: "agent" })
  ).cookie;
  ownReplyId = await insertCustomReply(owner.companyId, "Returns");
  rivalReplyId = await insertCustomReply(rival.companyId, "Rival returns");
  ownSourceId = await sourceIdOf(owner.cookie);
  rivalSourceId = await sourceIdOf(rival.cookie);
});

afterAll(async () => {
  await h?.close();
});

describe("widget settings API", () => {
  it("answers the defaults on first use, with a random public widget id that stays", async () => {
    const settings = await getSettings();
    const { widgetID, ...sections } = settings;
    expect(widgetID).toMatch(/^[a-z0-9]{20}$/);
    // Tickets, on by default, are mailed to the admin who made the company until someone changes it.
    const expected = defaultWidgetSettings();
    expected.handoff.channels.ticket.attributes = [{ notificationEmail: "owner@kestrel-widget.example" }];
    expect(sections).toEqual(expected);
    expect(settings.theme.brand.brandColor).toBe("#4e45dd");
    expect(settings.theme.chatBubble.aiAgent.textColor).toBe("#ffffff");
    expect(settings.availableHours.availableDays.map((day) => day.isActive)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect((await getSettings()).widgetID).toBe(widgetID);
    // So the Handoff page saves as it first loads: no required field is left empty.
    const saved = await save(sectionsForm({ handoff: settings.handoff }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.handoff).toEqual(settings.handoff);
  });

  it("is for signed-in admins only, on every call", async () => {
    const calls: [method: "GET" | "POST", path: string, body?: unknown][] = [
      ["GET", "/api/widget-settings/"],
      ["POST", "/api/widget-settings/save", sectionsForm({ isActive: true })],
      ["POST", "/api/widget-settings/active-hours/save", defaultWidgetSettings().availableHours],
      [
        "POST",
        "/api/widget-settings/custom-reply/save",
        { icon: "box", title: "Returns", description: "Start a return", customReplyID: ownReplyId },
      ],
      ["POST", "/api/widget-settings/custom-reply/delete", { replyID: UNKNOWN_ID }],
      ["POST", "/api/widget-settings/suggested-question/save", { question: "Q", category: null, answer: ["A"] }],
      ["POST", "/api/widget-settings/suggested-question/move", { questionID: UNKNOWN_ID, category: null, index: 0 }],
      ["POST", "/api/widget-settings/suggested-question/delete", { questionID: UNKNOWN_ID }],
      ["GET", "/api/widget-settings/shopify-widget/toggle"],
    ];
    for (const [method, path, body] of calls) {
      const signedOut = await h.api(method, path, { body });
      expect(signedOut.status, `${path} signed out`).toBe(401);
      expect(signedOut.body.hasError).toBe(true);
      const asAgent = await h.api(method, path, { cookie: agentCookie, body });
      expect(asAgent.status, `${path} as agent`).toBe(403);
      expect(asAgent.body).toMatchObject({ hasError: true, message: "Only admins of this workspace can do that." });
    }
    expect(await getSettings()).toMatchObject({
      isActive: true,
      openingMessages: defaultWidgetSettings().openingMessages,
    });
  });

  it("saves the sections sent and leaves every other section as it was", async () => {
    const before = await getSettings();
    const theme = {
      brand: { brandColor: "#0b7a75" },
      chatBubble: {
        customer: { backgroundColor: "#0b7a75", textColor: "#ffffff" },
        aiAgent: { backgroundColor: "", textColor: "#111111" },
      },
    };
    const openingMessages = ["Welcome to Kestrel!", "Ask me about sizes."];
    const saved = await save(sectionsForm({ theme, openingMessages }));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Widget saved");
    expect(saved.body.data).toEqual({ ...before, theme, openingMessages });
    expect(await getSettings()).toEqual(saved.body.data);

    const button = {
      ...before.button,
      size: "small",
      zIndex: 50,
      position: { top: null, left: 16, bottom: 16, right: null },
    };
    const notifications = { enableSound: true, enableWelcomeMessage: false };
    const again = await save(sectionsForm({ button, notifications, language: "nl", isActive: false }));
    expect(again.body.data).toEqual({
      ...before,
      theme,
      openingMessages,
      button,
      notifications,
      language: "nl",
      isActive: false,
    });
    await save(sectionsForm({ isActive: true }));
  });

  it("saves an opening message per language; the public widget carries only the languages with one", async () => {
    const before = await getSettings();
    expect(before.openingMessageTranslations).toBeUndefined();
    const openingMessageTranslations = { nl: "  Welkom bij Kestrel! Stel je vraag.  ", he: "", en: "Welcome!" };
    const saved = await save(sectionsForm({ openingMessageTranslations }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.openingMessageTranslations).toEqual({
      nl: "Welkom bij Kestrel! Stel je vraag.",
      he: "",
      en: "Welcome!",
    });
    const visitorSide = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID: before.widgetID },
    });
    expect(visitorSide.body.data.widget.openingMessageTranslations).toEqual({
      nl: "Welkom bij Kestrel! Stel je vraag.",
      en: "Welcome!",
    });
    expect(visitorSide.body.data.widget.openingMessages).toEqual(before.openingMessages);

    const tooLong = await save(sectionsForm({ openingMessageTranslations: { nl: "x".repeat(501) } }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe("openingMessageTranslations.nl: A message can be at most 500 characters");
    await save(sectionsForm({ openingMessageTranslations: {} }));
  });

  it("saves the handoff and portal texts per language; the public widget carries only the languages with one", async () => {
    const before = await getSettings();
    expect(before.handoff.channels.ticket.handoffMessageTranslations).toBeUndefined();
    const handoff = validHandoff();
    handoff.channels.ticket.handoffMessageTranslations = { nl: "  Laat je gegevens achter.  ", he: "", en: "" };
    const translated = portal((value) => {
      value.messages.titleTranslations = { nl: "Helpcentrum", he: "מרכז עזרה" };
      value.messages.descriptionTranslations = { he: "  " };
      value.aiSearch.placeholderTranslations = { en: "Search our answers" };
    });
    const saved = await save(sectionsForm({ handoff, selfServicePortal: translated }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.handoff.channels.ticket.handoffMessageTranslations).toEqual({
      nl: "Laat je gegevens achter.",
      he: "",
      en: "",
    });
    expect(saved.body.data.selfServicePortal.messages).toMatchObject({
      titleTranslations: { nl: "Helpcentrum", he: "מרכז עזרה" },
      descriptionTranslations: { he: "" },
    });
    expect((await getSettings()).selfServicePortal.aiSearch.placeholderTranslations).toEqual({
      en: "Search our answers",
    });

    const visitorSide = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
      body: { widgetID: before.widgetID },
    });
    const widget = visitorSide.body.data.widget;
    expect(widget.handoff.ticket).toMatchObject({
      handoffMessage: before.handoff.channels.ticket.handoffMessage,
      handoffMessageTranslations: { nl: "Laat je gegevens achter." },
    });
    expect(widget.selfServicePortal.messages).toEqual({
      title: before.selfServicePortal.messages.title,
      description: before.selfServicePortal.messages.description,
      titleTranslations: { nl: "Helpcentrum", he: "מרכז עזרה" },
      descriptionTranslations: {},
    });
    expect(widget.selfServicePortal.aiSearch.placeholderTranslations).toEqual({ en: "Search our answers" });

    const stored = await getSettings();
    const longHandoff = validHandoff();
    longHandoff.channels.ticket.handoffMessageTranslations = { he: "א".repeat(501) };
    const tooLong = await save(sectionsForm({ handoff: longHandoff }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(
      "handoff.channels.ticket.handoffMessageTranslations.he: A text can be at most 500 characters",
    );
    const longTitle = portal((value) => {
      value.messages.titleTranslations = { nl: "x".repeat(121) };
    });
    const titleTooLong = await save(sectionsForm({ selfServicePortal: longTitle }));
    expect(titleTooLong.status).toBe(400);
    expect(titleTooLong.body.message).toBe(
      "selfServicePortal.messages.titleTranslations.nl: A text can be at most 120 characters",
    );
    expect(await getSettings()).toEqual(stored);
    await save(sectionsForm({ handoff: validHandoff(), selfServicePortal: portal() }));
  });

  it("refuses a save with nothing in it, or sent as JSON", async () => {
    const empty = await save(new FormData());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^Send at least one of: isActive, language, openingMessages/);
    const json = await h.api("POST", "/api/widget-settings/save", { cookie: owner.cookie, body: { theme: {} } });
    expect(json.status).toBe(400);
    expect(json.body.hasError).toBe(true);
  });

  it("stores an uploaded picture for each flag, serves it, and ignores URLs a client sends", async () => {
    const fields = {
      customIconAdded: (settings: WidgetSettings) => settings.button.customIconURL,
      agentImageAdded: (settings: WidgetSettings) => settings.handoff.channels.agent.humanAgent.profilePictureURL,
      selfServiceIconAdded: (settings: WidgetSettings) => settings.selfServicePortal.thumbnailURL,
    } as const;
    for (const [flag, urlOf] of Object.entries(fields) as [WidgetImageFlag, (s: WidgetSettings) => string | null][]) {
      const before = await getSettings();
      const saved = await save(sectionsForm({}, { flag, bytes: PNG }));
      expect(saved.status, flag).toBe(200);
      const url = urlOf(saved.body.data);
      expect(url, flag).toMatch(/^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}$/);
      // Only that picture changed.
      for (const [otherFlag, otherUrlOf] of Object.entries(fields)) {
        if (otherFlag !== flag) expect(otherUrlOf(saved.body.data)).toBe(otherUrlOf(before));
      }
      const served = await h.app.inject({ method: "GET", url: new URL(url ?? "").pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.rawPayload.equals(PNG)).toBe(true);
    }

    // A URL sent in a section is not taken; the stored one stays.
    const settings = await getSettings();
    const iconUrl = settings.button.customIconURL;
    const forged = await save(
      sectionsForm({
        button: { ...settings.button, customIconURL: "https://evil.example/x.png" },
        handoff: {
          ...settings.handoff,
          channels: {
            ...settings.handoff.channels,
            ticket: { ...settings.handoff.channels.ticket, isActive: false },
            agent: {
              ...settings.handoff.channels.agent,
              humanAgent: {
                ...settings.handoff.channels.agent.humanAgent,
                profilePictureURL: "https://evil.example/y.png",
              },
            },
          },
        },
        selfServicePortal: { ...settings.selfServicePortal, thumbnailURL: null },
      }),
    );
    expect(forged.status).toBe(200);
    expect(forged.body.data.button.customIconURL).toBe(iconUrl);
    expect(forged.body.data.handoff.channels.agent.humanAgent.profilePictureURL).toBe(
      settings.handoff.channels.agent.humanAgent.profilePictureURL,
    );
    expect(forged.body.data.selfServicePortal.thumbnailURL).toBe(settings.selfServicePortal.thumbnailURL);

    // A new icon replaces the file of the old one.
    const replaced = await save(sectionsForm({}, { flag: "customIconAdded", bytes: PNG }));
    expect(replaced.body.data.button.customIconURL).not.toBe(iconUrl);
    const old = await h.app.inject({ method: "GET", url: new URL(iconUrl ?? "").pathname });
    expect(old.statusCode).toBe(404);
  });

  it("removes an uploaded picture and its file; refuses an unknown flag or removing while adding", async () => {
    const uploaded = await save(sectionsForm({}, { flag: "customIconAdded", bytes: PNG }));
    const iconUrl = uploaded.body.data.button.customIconURL;
    const agentUrl = uploaded.body.data.handoff.channels.agent.humanAgent.profilePictureURL;
    expect(iconUrl).not.toBeNull();

    const both = sectionsForm({}, { flag: "agentImageAdded", bytes: PNG });
    both.append("removePicture", "customIconAdded");
    const refusedBoth = await save(both);
    expect(refusedBoth.status).toBe(400);
    expect(refusedBoth.body.message).toBe("removePicture: remove or add a picture, not both");
    const unknown = new FormData();
    unknown.append("removePicture", "logo");
    expect((await save(unknown)).status).toBe(400);
    expect((await getSettings()).button.customIconURL).toBe(iconUrl);

    const removal = new FormData();
    removal.append("removePicture", "customIconAdded");
    const removed = await save(removal);
    expect(removed.status).toBe(200);
    expect(removed.body.data.button.customIconURL).toBeNull();
    expect(removed.body.data.handoff.channels.agent.humanAgent.profilePictureURL).toBe(agentUrl);
    const gone = await h.app.inject({ method: "GET", url: new URL(iconUrl ?? "").pathname });
    expect(gone.statusCode).toBe(404);
    // Removing again, with nothing saved, is a no-op.
    expect((await save(removal)).status).toBe(200);
  });

  it("refuses pictures without their flag, with two flags, of another type or too large, saving nothing", async () => {
    const before = await getSettings();
    const theme = { ...before.theme, brand: { brandColor: "#123456" } };

    const noFlag = new FormData();
    noFlag.append("theme", JSON.stringify(theme));
    noFlag.append("images", new Blob([PNG], { type: "image/png" }), "icon.png");
    const withoutFlag = await save(noFlag);
    expect(withoutFlag.status).toBe(400);
    expect(withoutFlag.body.message).toContain("images: say which picture this is");

    const flagOnly = new FormData();
    flagOnly.append("theme", JSON.stringify(theme));
    flagOnly.append("customIconAdded", "true");
    const missing = await save(flagOnly);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("images: the new picture is missing");

    const twoFlags = sectionsForm({ theme }, { flag: "customIconAdded", bytes: PNG });
    twoFlags.append("agentImageAdded", "true");
    const both = await save(twoFlags);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe("images: send one picture at a time");

    const text = await save(sectionsForm({ theme }, { flag: "customIconAdded", bytes: Buffer.from("not a picture") }));
    expect(text.status).toBe(400);
    expect(text.body.message).toBe("images: the picture must be a JPG or PNG image");

    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const tooLarge = await save(sectionsForm({ theme }, { flag: "customIconAdded", bytes: huge }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("The picture is larger than 2 MB. Choose a smaller one.");

    expect(await getSettings()).toEqual(before);
  });

  it("answers 400 with the part named for bad JSON or an invalid section, and saves none of the request", async () => {
    const before = await getSettings();
    const cases: [Record<string, string>, string][] = [
      [{ theme: "{not json" }, "theme: not valid JSON"],
      [
        { theme: JSON.stringify({ ...before.theme, brand: { brandColor: "purple" } }) },
        "theme.brand.brandColor: Enter a colour like #4e45dd",
      ],
      [{ button: JSON.stringify({ ...before.button, size: undefined }) }, "button.size: Button size is required"],
      [{ button: JSON.stringify({ ...before.button, zIndex: "high" }) }, "button.zIndex: Z index is required"],
      [{ openingMessages: JSON.stringify([]) }, "openingMessages"],
      [
        { openingMessages: JSON.stringify(["x".repeat(501)]) },
        "openingMessages.0: A message can be at most 500 characters",
      ],
      [
        { customerAccountPortal: JSON.stringify({ isActive: true }) },
        "customerAccountPortal.authentication: Authentication method is required",
      ],
      [{ language: JSON.stringify("fr") }, "language"],
    ];
    for (const [parts, message] of cases) {
      const form = new FormData();
      // A valid section in the same request is not saved either.
      form.append("notifications", JSON.stringify({ enableSound: true, enableWelcomeMessage: true }));
      for (const [name, value] of Object.entries(parts)) form.append(name, value);
      const response = await save(form);
      expect(response.status, message).toBe(400);
      expect(response.body.hasError).toBe(true);
      expect(response.body.message.startsWith(message), `${response.body.message} ~ ${message}`).toBe(true);
    }
    expect(await getSettings()).toEqual(before);
  });

  it("keeps Tawk's and Zendesk Classic's ids checked to their shapes; the visitor gets only the chosen app's (decision 067)", async () => {
    const tawk = "5f1e2d3c4b5a69788796a5b4/1abc2def";
    const zendeskKey = "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d";
    const withApp = (appType: "tawk" | "zendesk-classic", ids: { tawk?: string; zendeskKey?: string }) => {
      const value = validHandoff();
      value.channels.agent.appType = appType;
      value.channels.agent.attributes = [{ whatsapp: "", ...ids }];
      value.ticketStatus.chatHistory = "open";
      return value;
    };
    const publicAgent = async () => {
      const { widgetID } = await getSettings();
      const response = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID } });
      return response.body.data.widget.handoff.agent;
    };

    const saved = await save(sectionsForm({ handoff: withApp("tawk", { tawk, zendeskKey }) }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.handoff.channels.agent.attributes).toEqual([{ whatsapp: "", tawk, zendeskKey }]);
    // Only the chosen app's id reaches the shop's page.
    expect(await publicAgent()).toMatchObject({ appType: "tawk", tawk, zendeskKey: null, whatsapp: null });
    expect((await save(sectionsForm({ handoff: withApp("zendesk-classic", { zendeskKey }) }))).status).toBe(200);
    expect(await publicAgent()).toMatchObject({ appType: "zendesk-classic", tawk: null, zendeskKey });

    const before = await getSettings();
    const cases: [Handoff, string][] = [
      [withApp("tawk", { tawk: "https://evil.example/x.js?" }), "handoff.channels.agent.attributes.0.tawk:"],
      [withApp("tawk", { tawk: "5f1e2d3c4b5a69788796a5b4/../x" }), "handoff.channels.agent.attributes.0.tawk:"],
      [withApp("zendesk-classic", { zendeskKey: "abc&x=1" }), "handoff.channels.agent.attributes.0.zendeskKey:"],
    ];
    for (const [handoff, message] of cases) {
      const response = await save(sectionsForm({ handoff }));
      expect(response.status, message).toBe(400);
      expect(response.body.message.startsWith(message), response.body.message).toBe(true);
    }
    expect(await getSettings()).toEqual(before);
  });

  it("checks each handoff rule", async () => {
    const handoff = validHandoff();
    const ok = await save(sectionsForm({ handoff }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.handoff.channels.agent.attributes).toEqual([{ whatsapp: "+31612345678" }]);

    const change = (edit: (value: Handoff) => void) => {
      const value = validHandoff();
      edit(value);
      return value;
    };
    const cases: [Handoff, string][] = [
      [
        change((v) => {
          v.channels.ticket.handoffMessage = " ";
        }),
        "handoff.channels.ticket.handoffMessage: Handoff message is required",
      ],
      [
        change((v) => {
          v.channels.ticket.appType = null;
        }),
        "handoff.channels.ticket.appType: Ticket app is required",
      ],
      [
        change((v) => {
          v.channels.ticket.attributes = [{ notificationEmail: "" }];
        }),
        "handoff.channels.ticket.attributes.0.notificationEmail: Notification e-mail is required",
      ],
      [
        change((v) => {
          v.channels.ticket.attributes = [{ notificationEmail: "not-an-address" }];
        }),
        "handoff.channels.ticket.attributes.0.notificationEmail: Enter a valid e-mail address",
      ],
      [
        change((v) => {
          v.channels.ticket.appType = "zendesk";
        }),
        "handoff.ticketStatus.chatHistory: Ticket status is required",
      ],
      [
        change((v) => {
          v.channels.agent.appType = null;
        }),
        "handoff.channels.agent.appType: Agent app is required",
      ],
      [
        change((v) => {
          v.channels.agent.attributes = [{ whatsapp: "12" }];
        }),
        "handoff.channels.agent.attributes.0.whatsapp: Enter the WhatsApp number with its country code",
      ],
      [
        change((v) => {
          v.channels.agent.humanAgent.responseTime = "";
        }),
        "handoff.channels.agent.humanAgent.responseTime: Reply time is required",
      ],
      [
        change((v) => {
          v.channels.agent.humanAgent.availabilityMessage = "";
        }),
        "handoff.channels.agent.humanAgent.availabilityMessage: Availability message is required",
      ],
      [
        change((v) => {
          for (const day of v.channels.agent.humanAgent.availableDays) day.isActive = false;
        }),
        "handoff.channels.agent.humanAgent.availableDays: Schedule is required",
      ],
      [
        change((v) => {
          v.channels.agent.appType = "zendesk-classic";
        }),
        "handoff.ticketStatus.chatHistory: Ticket status is required",
      ],
      [
        change((v) => {
          v.ticketStatus.chatHistory = "closed" as never;
        }),
        "handoff.ticketStatus.chatHistory",
      ],
    ];
    for (const [value, message] of cases) {
      const response = await save(sectionsForm({ handoff: value }));
      expect(response.status, message).toBe(400);
      expect(response.body.message.startsWith(message), `${response.body.message} ~ ${message}`).toBe(true);
    }

    // Hidden sections don't count: with both channels off nothing else is required.
    const off = change((v) => {
      v.channels.ticket = { isActive: false, handoffMessage: "", appType: null, attributes: [] };
      v.channels.agent.isActive = false;
      v.channels.agent.appType = null;
      v.channels.agent.humanAgent.responseTime = "";
    });
    expect((await save(sectionsForm({ handoff: off }))).status).toBe(200);
    const zendesk = change((v) => {
      v.channels.ticket.appType = "zendesk";
      v.ticketStatus.chatHistory = "pending";
    });
    const saved = await save(sectionsForm({ handoff: zendesk }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.handoff.ticketStatus.chatHistory).toBe("pending");
  });

  it("checks the self serve portal rules and only takes the company's own sources", async () => {
    const cases: [SelfServicePortal, string][] = [
      [
        portal((v) => {
          v.messages.title = "";
        }),
        "selfServicePortal.messages.title: Title is required",
      ],
      [
        portal((v) => {
          v.messages.description = " ";
        }),
        "selfServicePortal.messages.description: Subtitle is required",
      ],
      [
        portal((v) => {
          v.aiSearch = { isActive: true, placeholder: "", activeSources: [ownSourceId] };
        }),
        "selfServicePortal.aiSearch.placeholder: Search bar text is required",
      ],
      [
        portal((v) => {
          v.aiSearch = { isActive: true, placeholder: "Search", activeSources: [] };
        }),
        "selfServicePortal.aiSearch.activeSources: Choose at least one source",
      ],
      [
        portal((v) => {
          v.aiSearch = { isActive: true, placeholder: "Search", activeSources: [rivalSourceId] };
        }),
        "selfServicePortal.aiSearch.activeSources: Choose sources of your knowledge base",
      ],
    ];
    for (const [value, message] of cases) {
      const response = await save(sectionsForm({ selfServicePortal: value }));
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const value = portal((v) => {
      v.isActive = true;
      v.messages = { title: "Help", description: "Answers in a minute" };
      v.aiSearch = { isActive: true, placeholder: "Search our help", activeSources: [ownSourceId] };
    });
    const saved = await save(sectionsForm({ selfServicePortal: value }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.selfServicePortal).toMatchObject({
      isActive: true,
      messages: value.messages,
      aiSearch: value.aiSearch,
    });
  });

  it("adds, edits and deletes custom reply links, only to the company's own custom replies", async () => {
    const link = { icon: "package", title: "Return an item", description: "Start a return", customReplyID: ownReplyId };
    const added = await post("custom-reply/save", link);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe("Custom reply saved");
    const [saved] = added.body.data.selfServicePortal.customReplies;
    expect(saved).toEqual({ _id: expect.any(String), ...link });

    // Saving the portal section keeps the links (they have their own calls).
    const settings = await getSettings();
    const portalSaved = await save(
      sectionsForm({ selfServicePortal: { ...settings.selfServicePortal, customReplies: [], suggestedQuestions: [] } }),
    );
    expect(portalSaved.body.data.selfServicePortal.customReplies).toEqual([saved]);

    const edited = await post("custom-reply/save", { ...link, replyID: saved?._id, title: "Returns" });
    expect(edited.body.data.selfServicePortal.customReplies).toEqual([{ ...saved, title: "Returns" }]);

    const foreign = await post("custom-reply/save", { ...link, customReplyID: rivalReplyId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe("customReplyID: Choose one of your custom replies");
    const gone = await post("custom-reply/save", { ...link, replyID: UNKNOWN_ID });
    expect(gone.status).toBe(404);
    const missingTitle = await post("custom-reply/save", { ...link, title: " " });
    expect(missingTitle.status).toBe(400);
    expect(missingTitle.body.message).toBe("title: Title is required");
    const missingIcon = await post("custom-reply/save", { ...link, icon: "" });
    expect(missingIcon.body.message).toBe("icon: Icon is required");

    // Another company can't see or delete the link.
    expect((await getSettings(rival.cookie)).selfServicePortal.customReplies).toEqual([]);
    const rivalDelete = await post("custom-reply/delete", { replyID: saved?._id }, rival.cookie);
    expect(rivalDelete.status).toBe(404);

    const deleted = await post("custom-reply/delete", { replyID: saved?._id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Custom reply deleted");
    expect(deleted.body.data.selfServicePortal.customReplies).toEqual([]);
    expect((await post("custom-reply/delete", { replyID: saved?._id })).status).toBe(404);
  });

  it("keeps suggested questions a two-level tree", async () => {
    const titles = (settings: WidgetSettings) =>
      settings.selfServicePortal.suggestedQuestions.map((q) => `${q.category ?? "-"} > ${q.question}`);
    const saveQuestion = (body: Record<string, unknown>) => post("suggested-question/save", body);

    const shipping = await saveQuestion({ question: "Shipping", category: null, answer: ["We ship worldwide."] });
    expect(shipping.status).toBe(200);
    expect(shipping.body.message).toBe("Question saved");
    const shippingId = shipping.body.data.selfServicePortal.suggestedQuestions[0]?._id;
    const child = await saveQuestion({
      question: "How long?",
      category: "Shipping",
      answer: ["1–3 days.", "Tracked."],
    });
    const childId = child.body.data.selfServicePortal.suggestedQuestions[1]?._id;
    const returns = await saveQuestion({ question: "Returns", category: null, answer: ["30 days."] });
    const returnsId = returns.body.data.selfServicePortal.suggestedQuestions[2]?._id;
    expect(titles(returns.body.data)).toEqual(["- > Shipping", "Shipping > How long?", "- > Returns"]);

    const refused: [Record<string, unknown>, string][] = [
      [{ question: "Q", category: "Nope", answer: ["A"] }, "category: Choose one of the top-level questions, or None"],
      // A child can't be a parent (two levels only).
      [
        { question: "Q", category: "How long?", answer: ["A"] },
        "category: Choose one of the top-level questions, or None",
      ],
      // Not under itself.
      [
        { questionID: returnsId, question: "Returns", category: "Returns", answer: ["A"] },
        "category: Choose one of the top-level questions, or None",
      ],
      // A parent can't get a category.
      [
        { questionID: shippingId, question: "Shipping", category: "Returns", answer: ["A"] },
        "category: A question with sub-questions stays at the top level",
      ],
      [{ question: "Returns", category: null, answer: ["A"] }, "question: Another question already has this title"],
      [{ question: " ", category: null, answer: ["A"] }, "question: Title is required"],
      [{ question: "Q", category: null, answer: [] }, "answer: Add at least one message"],
      [{ question: "Q", category: null, answer: [""] }, "answer.0: Message is required"],
    ];
    for (const [body, message] of refused) {
      const response = await saveQuestion(body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await saveQuestion({ questionID: UNKNOWN_ID, question: "Q", category: null, answer: ["A"] })).status).toBe(
      404,
    );

    // Renaming a parent renames its children's category.
    const renamed = await saveQuestion({ questionID: shippingId, question: "Delivery", category: null, answer: ["x"] });
    expect(titles(renamed.body.data)).toEqual(["- > Delivery", "Delivery > How long?", "- > Returns"]);

    // Dragging: the child goes under Returns, then Returns goes first at the top.
    const moved = await post("suggested-question/move", { questionID: childId, category: "Returns", index: 0 });
    expect(moved.status).toBe(200);
    expect(titles(moved.body.data)).toEqual(["- > Delivery", "- > Returns", "Returns > How long?"]);
    const first = await post("suggested-question/move", { questionID: returnsId, category: null, index: 0 });
    expect(titles(first.body.data)).toEqual(["- > Returns", "- > Delivery", "Returns > How long?"]);
    const nested = await post("suggested-question/move", { questionID: returnsId, category: "Delivery", index: 0 });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe("category: A question with sub-questions stays at the top level");

    // Deleting a parent moves its children to the top level, where the parent was.
    const deleted = await post("suggested-question/delete", { questionID: returnsId });
    expect(deleted.status).toBe(200);
    expect(titles(deleted.body.data)).toEqual(["- > How long?", "- > Delivery"]);
    expect((await post("suggested-question/delete", { questionID: returnsId })).status).toBe(404);

    // The portal section save keeps them; another company sees none.
    const settings = await getSettings();
    const portalSaved = await save(
      sectionsForm({ selfServicePortal: { ...settings.selfServicePortal, customReplies: [], suggestedQuestions: [] } }),
    );
    expect(titles(portalSaved.body.data)).toEqual(["- > How long?", "- > Delivery"]);
    expect((await getSettings(rival.cookie)).selfServicePortal.suggestedQuestions).toEqual([]);
    const rivalMove = await post(
      "suggested-question/move",
      { questionID: childId, category: null, index: 0 },
      rival.cookie,
    );
    expect(rivalMove.status).toBe(404);
  });

  it("saves active hours and keeps at least one slot on an active day", async () => {
    const before = await getSettings();
    const hours: AvailableHours = {
      isActive: true,
      showHandoff: true,
      availableDays: before.availableHours.availableDays.map((day) =>
        day.day === "Mon"
          ? {
              ...day,
              timeSlots: [
                { startTime: "07:00", endTime: "11:00" },
                { startTime: "22:00", endTime: "02:00" },
              ],
            }
          : day,
      ),
    };
    const saved = await post("active-hours/save", hours);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Active hours saved");
    expect(saved.body.data).toEqual({ ...before, availableHours: hours });

    const noSlot = structuredClone(hours);
    noSlot.availableDays[0] = { day: "Mon", isActive: true, timeSlots: [] };
    const refused = await post("active-hours/save", noSlot);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("availableDays.0.timeSlots: Add at least one time slot");
    const badTime = structuredClone(hours);
    badTime.availableDays[1] = { day: "Tue", isActive: true, timeSlots: [{ startTime: "9:00", endTime: "17:00" }] };
    expect((await post("active-hours/save", badTime)).body.message).toBe(
      "availableDays.1.timeSlots.0.startTime: Times are HH:mm",
    );
    expect((await getSettings()).availableHours).toEqual(hours);
  });

  it("says Shopify is not connected when the shop widget is toggled", async () => {
    const response = await h.api("GET", "/api/widget-settings/shopify-widget/toggle", { cookie: owner.cookie });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ hasError: true, message: SHOPIFY_NOT_CONNECTED });
  });

  it("never shows one company's widget to another", async () => {
    const mine = await getSettings();
    const theirs = await getSettings(rival.cookie);
    expect(theirs.widgetID).not.toBe(mine.widgetID);
    const { widgetID: _id, ...sections } = theirs;
    const expected = defaultWidgetSettings();
    expected.handoff.channels.ticket.attributes = [{ notificationEmail: "owner@rival-widget.example" }];
    expect(sections).toEqual(expected);
  });
});
