import type { WidgetGetResponse } from "@harbor/contract/widget";
import { defaultWidgetSettings } from "@harbor/contract/widget-defaults";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor } from "../../../test/realtime-clients";
import { startSecondNode } from "../../../test/second-node";
import type { HarborApp } from "../../app";
import { chats } from "../../db/schema/index";
import type { WidgetRow } from "./widget.repository";
import { createWidgetCache } from "./widget-cache";

/**
 * The visitor side's widget cache (decision 081): a save is seen by the very next visitor call
 * and question, on this node and, in the scaled mode, on the others; one company's row never
 * answers for another's widget id; the cache stays bounded.
 */

function rowOf(widgetId: string, companyId: string): WidgetRow {
  return { companyId, widgetId, settings: defaultWidgetSettings(), updatedAt: new Date() };
}

/** A store of rows that counts its reads: the statements the cache saves. */
function countingStore(rows: WidgetRow[]) {
  const reads: string[] = [];
  return {
    reads,
    load: async (widgetId: string) => {
      reads.push(widgetId);
      return structuredClone(rows.find((row) => row.widgetId === widgetId) ?? null);
    },
  };
}

describe("the cache alone", () => {
  it("reads a widget once, answers each id with its own company's row, and forgets only the company written", async () => {
    const store = countingStore([rowOf("wa", "company-a"), rowOf("wb", "company-b")]);
    const cache = createWidgetCache({ load: store.load });
    const [a, b, a2] = await Promise.all([cache.get("wa"), cache.get("wb"), cache.get("wa")]);
    expect(a?.companyId).toBe("company-a");
    expect(b?.companyId).toBe("company-b");
    expect(a2).toBe(a);
    expect(store.reads).toEqual(["wa", "wb"]);
    cache.forgetCompany("company-a");
    expect((await cache.get("wb"))?.companyId).toBe("company-b");
    expect((await cache.get("wa"))?.companyId).toBe("company-a");
    expect(store.reads).toEqual(["wa", "wb", "wa"]);
  });

  it("does not keep unknown ids, forgets a read still under way, expires, and keeps at most its bound", async () => {
    let clock = 0;
    const store = countingStore([rowOf("w1", "c1"), rowOf("w2", "c2"), rowOf("w3", "c3")]);
    const cache = createWidgetCache({ load: store.load, ttlMs: 1_000, maxEntries: 2, now: () => clock });
    expect(await cache.get("nobody")).toBeNull();
    expect(await cache.get("nobody")).toBeNull();
    expect(store.reads.filter((id) => id === "nobody")).toHaveLength(2);

    // A read that began before a write committed is not kept, whatever company it turns out to be.
    const racing = cache.get("w1");
    cache.forgetCompany("c9");
    await racing;
    await cache.get("w1");
    expect(store.reads.filter((id) => id === "w1")).toHaveLength(2);

    clock = 1_000;
    await cache.get("w1");
    expect(store.reads.filter((id) => id === "w1")).toHaveLength(3);

    await cache.get("w2");
    await cache.get("w1"); // w1 is now the most recent, so w3 pushes out w2
    await cache.get("w3");
    expect(cache.size).toBe(2);
    const before = store.reads.length;
    await cache.get("w1");
    await cache.get("w3");
    expect(store.reads.length).toBe(before);
    await cache.get("w2");
    expect(store.reads.length).toBe(before + 1);
  });

  it("hands out frozen rows, so no caller can change what the next one reads", async () => {
    const cache = createWidgetCache(countingStore([rowOf("w1", "c1")]));
    const row = await cache.get("w1");
    expect(Object.isFrozen(row?.settings.handoff.channels.ticket)).toBe(true);
    expect(() => {
      (row as WidgetRow).settings.language = "nl";
    }).toThrow(TypeError);
  });
});

async function widgetGet(url: string, widgetID: string) {
  const response = await fetch(`${url}/api/widget/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgetID }),
  });
  return { status: response.status, body: (await response.json()) as { data: WidgetGetResponse; message: string } };
}

function languageForm(language: string) {
  const form = new FormData();
  form.append("language", JSON.stringify(language));
  return form;
}

async function chatLanguage(h: Pick<Harness, "db">, chatId: string) {
  const [chat] = await h.db.select({ language: chats.language }).from(chats).where(eq(chats.id, chatId));
  return chat?.language;
}

describe("one node", () => {
  let h: Harness;
  let owner: Awaited<ReturnType<Harness["signUp"]>>;
  let rival: Awaited<ReturnType<Harness["signUp"]>>;
  let platformAdmin: Awaited<ReturnType<Harness["signUp"]>>;
  let widgetID: string;
  let rivalWidgetID: string;

  beforeAll(async () => {
    h = await createHarness({ withDemoContent: true, platformAdmins: ["ops@cache-shop.example"] });
    owner = await h.signUp("owner@cache-shop.example");
    rival = await h.signUp("owner@cache-rival.example");
    platformAdmin = await h.signUp("ops@cache-shop.example");
    widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
    rivalWidgetID = (await h.app.services.widgetRepository.findOrCreate(rival.companyId)).widgetId;
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it("a saved setting reaches the next widget load and the next question of a visitor already connected", async () => {
    const url = await h.url();
    const visitor = await connectVisitor(h, widgetID);
    expect((await widgetGet(url, widgetID)).body.data.widget.language).toBeNull();

    const saved = await h.api("POST", "/api/widget-settings/save", { cookie: owner.cookie, body: languageForm("nl") });
    expect(saved.status).toBe(200);
    expect((await widgetGet(url, widgetID)).body.data.widget.language).toBe("nl");
    // A first question without a language opens its chat in the widget's: the setting saved after
    // the socket connected.
    const asked = ackData(await askQuestion(visitor.socket, "How long does standard delivery take?"));
    expect(await chatLanguage(h, asked.chatID)).toBe("nl");
    await h.app.services.visitorService.drain();
    visitor.socket.close();
  });

  it("never answers one company's widget id with another's settings", async () => {
    const url = await h.url();
    await h.api("POST", "/api/widget-settings/save", { cookie: owner.cookie, body: languageForm("he") });
    await h.api("POST", "/api/widget-settings/save", { cookie: rival.cookie, body: languageForm("nl") });
    for (let round = 0; round < 3; round += 1) {
      const [own, other] = await Promise.all([widgetGet(url, widgetID), widgetGet(url, rivalWidgetID)]);
      expect(own.body.data.widget).toMatchObject({ widgetID, language: "he" });
      expect(other.body.data.widget).toMatchObject({ widgetID: rivalWidgetID, language: "nl" });
    }
    // A save of one company leaves the other's as it was.
    await h.api("POST", "/api/widget-settings/save", { cookie: rival.cookie, body: languageForm("en") });
    expect((await widgetGet(url, widgetID)).body.data.widget.language).toBe("he");
    expect((await widgetGet(url, rivalWidgetID)).body.data.widget.language).toBe("en");
  });

  it("switching the widget off refuses the next event of a socket that connected before", async () => {
    const visitor = await connectVisitor(h, rivalWidgetID);
    const widget = await h.app.services.widgetRepository.findOrCreate(rival.companyId);
    await h.app.services.widgetRepository.saveSettings(rival.companyId, { ...widget.settings, isActive: false });
    try {
      const refused = await askQuestion(visitor.socket, "Is delivery free?");
      expect(refused).toMatchObject({ ok: false, message: "This chat widget is switched off." });
    } finally {
      visitor.socket.close();
      await h.app.services.widgetRepository.saveSettings(rival.companyId, widget.settings);
    }
  });

  it("a deleted company's widget is gone for the next visitor at once", async () => {
    const url = await h.url();
    const doomed = await h.signUp("owner@cache-doomed.example");
    const doomedWidgetID = (await h.app.services.widgetRepository.findOrCreate(doomed.companyId)).widgetId;
    expect((await widgetGet(url, doomedWidgetID)).status).toBe(200);
    const deleted = await h.api("POST", "/api/admin/delete-company", {
      cookie: platformAdmin.cookie,
      body: { companyID: doomed.companyId },
    });
    expect(deleted.status).toBe(200);
    const gone = await widgetGet(url, doomedWidgetID);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("This chat widget does not exist.");
  });
});

/** Scaled mode: a save on node A reaches node B's cache through Redis. Runs when TEST_REDIS_URL is set. */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("two nodes behind one Redis", () => {
  let nodeA: Harness;
  let nodeB: HarborApp;
  let nodeBUrl: string;
  let owner: Awaited<ReturnType<Harness["signUp"]>>;
  let widgetID: string;

  beforeAll(async () => {
    nodeA = await createHarness({ withDemoContent: true, redisUrl });
    ({ app: nodeB, url: nodeBUrl } = await startSecondNode(nodeA));
    owner = await nodeA.signUp("owner@cache-scaled.example");
    widgetID = (await nodeA.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  }, 120_000);

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it("a save on node A reaches node B's next widget load and its connected visitor's next question", async () => {
    const onB = await connectVisitor({ url: async () => nodeBUrl }, widgetID);
    expect((await widgetGet(nodeBUrl, widgetID)).body.data.widget.language).toBeNull();

    const saved = await nodeA.api("POST", "/api/widget-settings/save", {
      cookie: owner.cookie,
      body: languageForm("nl"),
    });
    expect(saved.status).toBe(200);
    // Redis carries the news after the save's answer: wait for it, well inside the cache's 30 s
    // bound, so only the message (not the expiry) can make node B see the new language.
    const deadline = Date.now() + 10_000;
    let language = (await widgetGet(nodeBUrl, widgetID)).body.data.widget.language;
    while (language !== "nl" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      language = (await widgetGet(nodeBUrl, widgetID)).body.data.widget.language;
    }
    expect(language).toBe("nl");
    const asked = ackData(await askQuestion(onB.socket, "How long does standard delivery take?"));
    expect(await chatLanguage(nodeA, asked.chatID)).toBe("nl");
    await nodeB.services.visitorService.drain();
    onB.socket.close();
  });
});
