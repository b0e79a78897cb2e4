import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CompanyWithSources, ListDocumentsResponse } from "@harbor/contract/knowledge";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../../test/harness";
import { buildApp } from "../../../app";
import { knowledgeDocuments, knowledgeSources } from "../../../db/schema/index";
import { generateFakeProducts } from "../../../integrations/shopify/shopify.fake-products";
import { type FakeShopify, startFakeShopify } from "../../../integrations/shopify/shopify.fake-server";
import type { ZendeskArticle } from "../../../integrations/zendesk/zendesk.client";
import { type FakeZendesk, startFakeZendesk } from "../../../integrations/zendesk/zendesk.fake-server";
import { createMailer } from "../../../platform/mailer";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let shop: FakeShopify;
let zendesk: FakeZendesk;

const article = (id: number, title: string, body: string, updatedAt = "2026-01-01T00:00:00Z"): ZendeskArticle => ({
  id,
  html_url: `https://trail.zendesk.com/hc/en-us/articles/${id}`,
  title,
  body,
  locale: "en-us",
  section_id: 1,
  label_names: [],
  draft: false,
  updated_at: updatedAt,
});

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@trail.example");
  shop = await startFakeShopify({ accessToken: "shpat_good", products: generateFakeProducts(25) });
  zendesk = await startFakeZendesk({
    token: "zd_good",
    articles: [
      article(1, "Opening hours", "<p>Our stores open at <strong>9:00</strong>.</p>"),
      article(2, "Draft", "<p>Secret</p>"),
    ].map((a) => (a.id === 2 ? { ...a, draft: true } : a)),
    macros: [
      {
        id: 10,
        title: "Where is my order",
        actions: [{ field: "comment_value", value: "Your order ships within 2 days." }],
      },
      { id: 11, title: "Set priority", actions: [{ field: "priority", value: "high" }] },
    ],
  });
  const integrations = h.app.services.integrationsRepository;
  await integrations.save({
    companyId: owner.companyId,
    app: "shopify",
    publicCredentials: { shopName: shop.shopDomain },
    secrets: { adminApiAccessToken: "shpat_good" },
    baseUrl: shop.url,
  });
  await integrations.save({
    companyId: owner.companyId,
    app: "zendesk",
    publicCredentials: { domainName: `${zendesk.subdomain}.zendesk.com` },
    secrets: { accessToken: "zd_good" },
    baseUrl: zendesk.url,
  });
});

afterAll(async () => {
  await h?.close();
  await shop?.close();
  await zendesk?.close();
});

const call = <T>(url: string, body?: unknown) =>
  h.api<T>(body === undefined ? "GET" : "POST", `/api/document${url}`, { cookie: owner.cookie, body });
const idle = () => h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 60_000 });
const sources = async () => (await call<CompanyWithSources>("/sources")).body.data.sources;
const documentsOf = async (sourceID: string) =>
  (await call<ListDocumentsResponse>("/all", { sourceID, pageSize: 100 })).body.data;

describe("Shopify products", () => {
  let sourceId: string;

  it("reads every product through the GraphQL API into one document each, with price and variants", async () => {
    const added = await call<CompanyWithSources>("/sources/add", {
      sourceType: "shopify-products",
      name: "Products",
      url: `https://${shop.shopDomain}`,
      updateFrequency: "weekly",
      options: { currency: "EUR" },
    });
    expect(added.status).toBe(200);
    sourceId = added.body.data.sources.find((s) => s.sourceType === "shopify-products")!._id;
    await idle();
    const { documents, totalCount } = await documentsOf(sourceId);
    expect(totalCount).toBe(25);
    const first = generateFakeProducts(25)[0]!;
    const stored = documents.find((d) => d.reference_id === first.id)!;
    expect(stored).toMatchObject({ title: first.title, image: first.featuredImageUrl, has_content: true });
    const full = await call<{ chunks: { content: string }[] }>("/get", { sourceID: sourceId, referenceID: first.id });
    const text = full.body.data.chunks.map((c) => c.content).join("\n");
    expect(text).toContain(`EUR ${first.variants[0]!.price}`);
    expect(text).toContain(first.variants[0]!.title);
    const source = (await sources()).find((s) => s._id === sourceId)!;
    expect(source.integrationStatus).toMatchObject({ inProgress: false, lastError: null });
  });

  it("a resync rewrites only what changed and removes products the shop no longer has", async () => {
    const products = generateFakeProducts(25);
    const before = await h.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.sourceId, sourceId));
    const untouched = before.find((d) => d.referenceId === products[1]!.id)!;
    shop.setProducts([{ ...products[0]!, title: "Renamed product" }, ...products.slice(1, 24)]);
    await call("/sources/resync", { sourceID: sourceId });
    await idle();
    const after = await h.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.sourceId, sourceId));
    expect(after).toHaveLength(24);
    expect(after.find((d) => d.referenceId === products[0]!.id)?.title).toBe("Renamed product");
    expect(after.find((d) => d.referenceId === products[24]!.id)).toBeUndefined();
    expect(after.find((d) => d.referenceId === untouched.referenceId)?.updatedAt).toEqual(untouched.updatedAt);
  });

  it("revoked credentials fail the sync with Shopify's reason and keep the documents", async () => {
    await h.app.services.integrationsRepository.save({
      companyId: owner.companyId,
      app: "shopify",
      publicCredentials: { shopName: shop.shopDomain },
      secrets: { adminApiAccessToken: "shpat_revoked" },
      baseUrl: shop.url,
    });
    await call("/sources/resync", { sourceID: sourceId });
    await idle();
    const source = (await sources()).find((s) => s._id === sourceId)!;
    expect(source.integrationStatus).toMatchObject({
      inProgress: false,
      lastError: "Shopify rejected the access token.",
    });
    expect((await documentsOf(sourceId)).totalCount).toBe(24);
  });
});

describe("Zendesk", () => {
  it("imports published Help Center articles, then incrementally picks up changes", async () => {
    const added = await call<CompanyWithSources>("/sources/add", {
      sourceType: "zendesk-hc",
      name: "Help Center",
      url: "https://ignored.example",
      updateFrequency: "weekly",
    });
    const source = added.body.data.sources.find((s) => s.sourceType === "zendesk-hc")!;
    // Locked to the connected help desk and to incremental updates.
    expect(source).toMatchObject({ url: `https://${zendesk.subdomain}.zendesk.com`, updateFrequency: "auto" });
    await idle();
    const first = await documentsOf(source._id);
    expect(first.documents.map((d) => d.title)).toEqual(["Opening hours"]);

    zendesk.setArticles([
      article(1, "Opening hours", "<p>Our stores open at 10:00.</p>", new Date(Date.now() + 60_000).toISOString()),
    ]);
    await call("/sources/resync", { sourceID: source._id });
    await idle();
    const full = await call<{ chunks: { content: string }[] }>("/get", { sourceID: source._id, referenceID: "1" });
    expect(full.body.data.chunks[0]!.content).toContain("10:00");

    const again = await call("/sources/add", {
      sourceType: "zendesk-hc",
      name: "Second",
      url: "https://x.example",
      updateFrequency: "auto",
    });
    expect(again.status).toBe(409);
  });

  it("imports macros that reply with text and skips the others", async () => {
    const added = await call<CompanyWithSources>("/sources/add", {
      sourceType: "zendesk-macro",
      name: "Macros",
      url: `https://${zendesk.subdomain}.zendesk.com`,
      updateFrequency: "weekly",
    });
    await idle();
    const source = added.body.data.sources.find((s) => s.sourceType === "zendesk-macro")!;
    const { documents } = await documentsOf(source._id);
    expect(documents.map((d) => d.title)).toEqual(["Where is my order"]);
  });
});

describe("durability", () => {
  let slowSite: Server;
  let siteUrl: string;
  /** Slow pages wait here, by site name, until the test lets them answer. */
  const heldPages = new Map<string, () => void>();

  beforeAll(async () => {
    slowSite = createServer((request, response) => {
      const html = (title: string, links = "") =>
        `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${title} text for the test.</p>${links}</main></body></html>`;
      const [, site, page] = (request.url ?? "").split("/");
      if (site && !page) {
        response
          .writeHead(200, { "content-type": "text/html" })
          .end(html(`Home of ${site}`, `<a href="/${site}/slow">slow</a>`));
      } else if (site && page === "slow") {
        heldPages.set(site, () =>
          response.writeHead(200, { "content-type": "text/html" }).end(html(`Slow page of ${site}`)),
        );
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => slowSite.listen(0, "127.0.0.1", resolve));
    siteUrl = `http://127.0.0.1:${(slowSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    slowSite.closeAllConnections();
    await new Promise<void>((resolve) => slowSite.close(() => resolve()));
  });

  it("a source left Syncing without a job (one queued in the job table the upgrade replaced) syncs at the next start", async () => {
    const [source] = await h.db
      .insert(knowledgeSources)
      .values({
        companyId: owner.companyId,
        name: "Queued before the upgrade",
        sourceType: "website",
        url: `${siteUrl}/upgraded/`,
        updateFrequency: "none",
        isSyncing: true,
      })
      .returning();
    // A second start of the server on this database (the first one keeps running beside it).
    const restarted = await buildApp({
      config: h.config,
      database: h.database,
      mailer: createMailer({
        smtpUrl: h.smtp.url,
        from: h.config.mailFrom,
        dataDir: h.config.dataDir,
        log: { info() {} },
      }),
      logger: false,
      demoContentSeeders: [],
    });
    try {
      await expect.poll(() => heldPages.has("upgraded"), { timeout: 10_000 }).toBe(true);
      heldPages.get("upgraded")!();
      await idle();
      await restarted.services.jobRunner.waitUntilIdle({ timeoutMs: 60_000 });
    } finally {
      await restarted.close();
    }
    const synced = (await sources()).find((s) => s._id === source!.id)!;
    expect(synced.integrationStatus.inProgress).toBe(false);
    expect(synced.documentCount).toBe(2);
  });

  it("deleting a source while it syncs leaves nothing behind", async () => {
    const added = await call<CompanyWithSources>("/sources/add", {
      sourceType: "website",
      name: "Deleted mid-sync",
      url: `${siteUrl}/deleted/`,
      updateFrequency: "none",
    });
    const source = added.body.data.sources.find((s) => s.name === "Deleted mid-sync")!;
    // The crawler has read the home page and waits for the slow one.
    await expect.poll(() => heldPages.has("deleted")).toBe(true);
    expect((await call("/sources/delete", { sourceID: source._id })).status).toBe(200);
    heldPages.get("deleted")!();
    await idle();
    expect(await h.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.sourceId, source._id))).toEqual([]);
    expect((await sources()).some((s) => s._id === source._id)).toBe(false);
  });
});
