import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  CompanyWithSources,
  DocumentWithChunks,
  KnowledgeDocument,
  ListDocumentsResponse,
} from "@harbor/contract/knowledge";
import { DOCUMENT_SEARCH_COUNT_CAP } from "@harbor/contract/knowledge";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "../../../test/dns-server";
import { createHarness, type Harness } from "../../../test/harness";
import { knowledgeChunks, knowledgeDocuments, knowledgeSources } from "../../db/schema/index";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;
let site: Server;
let siteUrl: string;
/** Pages of the little shop website the tests crawl; tests change them between syncs. */
const pages = new Map<string, { status?: number; body: string }>();

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join("")}</main></body></html>`;

beforeAll(async () => {
  site = createServer((request, response) => {
    const entry = pages.get(request.url ?? "/");
    if (!entry) return void response.writeHead(404).end("missing");
    response.writeHead(entry.status ?? 200, { "content-type": "text/html; charset=utf-8" }).end(entry.body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  pages.set("/robots.txt", { body: "User-agent: *\nAllow: /" });
  pages.set("/", { body: page("Trail Shop help", "<p>Welcome to our help pages.</p>", ["/shipping", "/returns"]) });
  pages.set("/shipping", { body: page("Shipping", "<p>We ship with PostNL. Standard delivery costs €4.95.</p>") });
  pages.set("/returns", { body: page("Returns", "<p>You can return clothing within 30 days.</p>") });

  h = await createHarness();
  owner = await h.signUp("owner@trail-shop.example");
  rival = await h.signUp("owner@rival-shop.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Agent", email: "agent@trail-shop.example", role: "agent" }))
    .cookie;
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const call = <T>(url: string, body?: unknown, cookie = owner.cookie) =>
  h.api<T>(body === undefined ? "GET" : "POST", `/api/document${url}`, { cookie, body });
const idle = () => h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 60_000 });
const sourceNamed = (company: CompanyWithSources, name: string) => company.sources.find((s) => s.name === name)!;

async function addWebsite(name: string, path = "/") {
  const added = await call<CompanyWithSources>("/sources/add", {
    sourceType: "website",
    name,
    url: `${siteUrl}${path}`,
    updateFrequency: "weekly",
  });
  expect(added.status).toBe(200);
  const source = sourceNamed(added.body.data, name);
  expect(source.integrationStatus.inProgress).toBe(true);
  await idle();
  return source;
}

describe("sources", () => {
  it("lists the articles source for a new company", async () => {
    const response = await call<CompanyWithSources>("/sources");
    expect(response.status).toBe(200);
    expect(response.body.data.sources).toEqual([
      expect.objectContaining({ name: "Articles", sourceType: "macha-article", documentCount: 0 }),
    ]);
  });

  it("adds a website, syncs it in the background and becomes Active with its pages as documents", async () => {
    const source = await addWebsite("Help site");
    const after = await call<CompanyWithSources>("/sources");
    const synced = sourceNamed(after.body.data, "Help site");
    expect(synced.integrationStatus).toMatchObject({ inProgress: false, lastError: null, pageErrors: [] });
    expect(synced.documentCount).toBe(3);
    const documents = await call<ListDocumentsResponse>("/all", { sourceID: source._id, pageNumber: 1, pageSize: 20 });
    expect(documents.body.data.totalCount).toBe(3);
    expect(documents.body.data.documents.map((d) => d.title).sort()).toEqual([
      "Returns",
      "Shipping",
      "Trail Shop help",
    ]);
    const passages = await h.app.services.retriever.retrieve({
      companyId: owner.companyId,
      query: "how much is shipping?",
    });
    expect(passages[0]).toMatchObject({ title: "Shipping", url: `${siteUrl}/shipping`, sourceType: "website" });
  });

  it("refuses a duplicate source and validates each field", async () => {
    const duplicate = await call("/sources/add", {
      sourceType: "website",
      name: "Again",
      url: `${siteUrl}/`,
      updateFrequency: "weekly",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("This source is already in your knowledge base.");
    const cases: [unknown, string][] = [
      [{ sourceType: "website", name: "", url: siteUrl, updateFrequency: "weekly" }, "name: Name is required"],
      [{ sourceType: "website", name: "X", url: "not a url", updateFrequency: "weekly" }, "url: Enter a URL"],
      [{ sourceType: "website", name: "X", url: "javascript:alert(1)", updateFrequency: "weekly" }, "url: Enter a URL"],
      [{ sourceType: "website", name: "X", url: siteUrl, updateFrequency: "daily" }, "updateFrequency: "],
      [{ sourceType: "ftp", name: "X", url: siteUrl, updateFrequency: "none" }, "sourceType: "],
      [
        { sourceType: "macha-article", name: "X", url: siteUrl, updateFrequency: "none" },
        "sourceType: Choose a source type",
      ],
      [
        { sourceType: "shopify-products", name: "X", url: "https://x.myshopify.com", updateFrequency: "weekly" },
        "options.currency: Shop currency is required",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call("/sources/add", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message.startsWith(message), response.body.message).toBe(true);
    }
  });

  it("needs a connected shop or help desk for their source types", async () => {
    const shopify = await call("/sources/add", {
      sourceType: "shopify-products",
      name: "Products",
      url: "https://trail.myshopify.com",
      updateFrequency: "weekly",
      options: { currency: "EUR" },
    });
    expect(shopify.status).toBe(400);
    expect(shopify.body.message).toBe("Connect Shopify first: Settings → Integrations.");
    const zendesk = await call("/sources/add", {
      sourceType: "zendesk-hc",
      name: "Help Center",
      url: "https://trail.zendesk.com",
      updateFrequency: "auto",
    });
    expect(zendesk.body.message).toBe("Connect Zendesk first: Settings → Integrations.");
    const before = await h.api<CompanyWithSources>("GET", "/api/document/sources", { cookie: owner.cookie });
    expect(before.body.data.integrations).toEqual({ zendesk: null });
  });

  it("tells the Add Source form whether the help desk is connected, and its domain", async () => {
    const fresh = await h.signUp("owner@helpdesk-shop.example");
    await h.app.services.integrationsRepository.save({
      companyId: fresh.companyId,
      app: "zendesk",
      publicCredentials: { domainName: "helpdesk-shop.zendesk.com" },
      secrets: { apiToken: "zd-secret" },
      isActive: false,
    });
    const answer = await h.api<CompanyWithSources>("GET", "/api/document/sources", { cookie: fresh.cookie });
    expect(answer.body.data.integrations).toEqual({
      zendesk: { isActive: false, credentials: { domainName: "helpdesk-shop.zendesk.com" } },
    });
    // Secrets never travel to the dashboard.
    expect(JSON.stringify(answer.body)).not.toContain("zd-secret");
  });

  it("reports a site that cannot be read, and keeps the documents of the last good sync", async () => {
    pages.set("/broken/", { body: page("Broken", "<p>Once fine.</p>", ["/broken/child"]) });
    pages.set("/broken/child", { body: page("Child", "<p>A child page.</p>") });
    const source = await addWebsite("Flaky site", "/broken/");
    const before = await call<ListDocumentsResponse>("/all", { sourceID: source._id });
    const countBefore = before.body.data.totalCount;
    expect(countBefore).toBeGreaterThan(0);

    pages.set("/broken/", { status: 500, body: "oops" });
    await call("/sources/resync", { sourceID: source._id });
    await idle();
    const after = sourceNamed((await call<CompanyWithSources>("/sources")).body.data, "Flaky site");
    expect(after.integrationStatus.inProgress).toBe(false);
    expect(after.integrationStatus.lastError).toMatch(/No readable page/);
    expect(after.integrationStatus.pageErrors[0]).toMatchObject({ url: `${siteUrl}/broken/` });
    expect((await call<ListDocumentsResponse>("/all", { sourceID: source._id })).body.data.totalCount).toBe(
      countBefore,
    );
  });

  it("an inactive source's documents are not searchable; reactivating brings them back", async () => {
    const company = (await call<CompanyWithSources>("/sources")).body.data;
    const help = sourceNamed(company, "Help site");
    await call("/sources/update", { sourceID: help._id, isActive: false });
    const hidden = await h.app.services.retriever.retrieve({
      companyId: owner.companyId,
      query: "return clothing 30 days",
    });
    expect(hidden.some((p) => p.title === "Returns")).toBe(false);
    await call("/sources/update", { sourceID: help._id, isActive: true });
    const back = await h.app.services.retriever.retrieve({
      companyId: owner.companyId,
      query: "return clothing 30 days",
    });
    expect(back[0]?.title).toBe("Returns");
  });

  it("deletes a source with its documents and chunks; the articles source can't be deleted", async () => {
    pages.set("/temp/", { body: page("Temporary", "<p>Short-lived.</p>") });
    const source = await addWebsite("Temporary site", "/temp/");
    const response = await call<CompanyWithSources>("/sources/delete", { sourceID: source._id });
    expect(response.status).toBe(200);
    expect(response.body.data.sources.some((s) => s._id === source._id)).toBe(false);
    expect(await h.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.sourceId, source._id))).toEqual([]);
    const articles = sourceNamed(response.body.data, "Articles");
    const refused = await call("/sources/delete", { sourceID: articles._id });
    expect(refused.status).toBe(400);
  });
});

describe("documents", () => {
  let helpSourceId: string;
  beforeAll(async () => {
    helpSourceId = sourceNamed((await call<CompanyWithSources>("/sources")).body.data, "Help site")._id;
  });

  it("pages, searches and filters", async () => {
    const first = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, pageNumber: 1, pageSize: 2 });
    const second = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, pageNumber: 2, pageSize: 2 });
    const third = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, pageNumber: 3, pageSize: 2 });
    expect(first.body.data.documents).toHaveLength(2);
    expect(second.body.data.documents).toHaveLength(1);
    expect(third.body.data.documents).toEqual([]);
    const ids = [...first.body.data.documents, ...second.body.data.documents].map((d) => d.id);
    expect(new Set(ids).size).toBe(3);
    const search = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, searchTerm: "ship" });
    expect(search.body.data.documents.map((d) => d.title)).toEqual(["Shipping"]);
    const wildcard = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, searchTerm: "%" });
    expect(wildcard.body.data.totalCount).toBe(0);
  });

  it("toggles active and show-as-source together, and filters follow", async () => {
    const [shipping] = (await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, searchTerm: "Shipping" }))
      .body.data.documents;
    const toggled = await call<KnowledgeDocument>("/toggle", {
      sourceID: helpSourceId,
      referenceID: shipping!.reference_id,
      isActive: false,
      showAsSource: false,
    });
    expect(toggled.body.data).toMatchObject({ is_active: false, show_as_source: false });
    const inactive = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, filter: "inactive" });
    expect(inactive.body.data.documents.map((d) => d.title)).toEqual(["Shipping"]);
    // The counts kept on the source follow the toggle.
    const countOf = async (filter: string) =>
      (await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, filter })).body.data.totalCount;
    expect([await countOf("all"), await countOf("active"), await countOf("inactive")]).toEqual([3, 2, 1]);
    const chunks = await h.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, shipping!.id));
    expect(chunks.every((c) => !c.isSearchable)).toBe(true);
    await call("/toggle", {
      sourceID: helpSourceId,
      referenceID: shipping!.reference_id,
      isActive: true,
      showAsSource: true,
    });
  });

  it("gets a document with its chunks, and deletes it", async () => {
    const [returns] = (await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId, searchTerm: "Returns" }))
      .body.data.documents;
    const full = await call<DocumentWithChunks>("/get", { sourceID: helpSourceId, referenceID: returns!.reference_id });
    expect(full.body.data.chunks[0]!.content).toContain("30 days");
    expect((await call("/delete", { sourceID: helpSourceId, referenceID: returns!.reference_id })).status).toBe(200);
    expect((await call("/get", { sourceID: helpSourceId, referenceID: returns!.reference_id })).status).toBe(404);
    const after = await call<ListDocumentsResponse>("/all", { sourceID: helpSourceId });
    expect(after.body.data).toMatchObject({ totalCount: 2, isTotalCapped: false });
    const listed = sourceNamed((await call<CompanyWithSources>("/sources")).body.data, "Help site");
    expect(listed.documentCount).toBe(2);
  });

  it("counts a search's matches up to the cap, and says when there are more", async () => {
    const [source] = await h.db
      .insert(knowledgeSources)
      .values({
        companyId: owner.companyId,
        name: "Big catalogue",
        sourceType: "website",
        url: "https://catalogue.example/",
        updateFrequency: "none",
      })
      .returning();
    await h.db.insert(knowledgeDocuments).values(
      Array.from({ length: DOCUMENT_SEARCH_COUNT_CAP + 5 }, (_, i) => ({
        companyId: owner.companyId,
        sourceId: source!.id,
        referenceId: `item-${i}`,
        title: i % 2 === 0 ? `Rain jacket ${i}` : `Wool sweater ${i}`,
        url: `https://catalogue.example/item-${i}`,
        language: "en",
      })),
    );
    const all = await call<ListDocumentsResponse>("/all", { sourceID: source!.id });
    expect(all.body.data).toMatchObject({ totalCount: DOCUMENT_SEARCH_COUNT_CAP + 5, isTotalCapped: false });
    const many = await call<ListDocumentsResponse>("/all", { sourceID: source!.id, searchTerm: "item" });
    expect(many.body.data).toMatchObject({ totalCount: DOCUMENT_SEARCH_COUNT_CAP, isTotalCapped: true });
    expect(many.body.data.documents).toHaveLength(20);
    const some = await call<ListDocumentsResponse>("/all", { sourceID: source!.id, searchTerm: "jacket" });
    expect(some.body.data).toMatchObject({ totalCount: 503, isTotalCapped: false });
    await call("/sources/delete", { sourceID: source!.id });
  });
});

describe("articles", () => {
  it("writes an article in blocks, edits one block, deletes another, and it is searchable", async () => {
    const created = await call<DocumentWithChunks>("/article/save", {
      deleteChunkIDs: [],
      document: {
        title: "Gift cards <script>alert(1)</script>",
        is_active: true,
        chunks: [{ content: "Gift cards never expire." }, { content: "You can use several gift cards in one order." }],
      },
    });
    expect(created.status).toBe(200);
    const article = created.body.data;
    expect(article.title).toBe("Gift cards <script>alert(1)</script>");
    expect(article.chunks.map((c) => c.content)).toEqual([
      "Gift cards never expire.",
      "You can use several gift cards in one order.",
    ]);
    const [first, second] = article.chunks;
    const edited = await call<DocumentWithChunks>("/article/save", {
      deleteChunkIDs: [second!.id],
      document: {
        reference_id: article.reference_id,
        title: "Gift cards",
        is_active: true,
        chunks: [{ id: first!.id }, { content: "Gift cards can't be exchanged for cash." }],
      },
    });
    expect(edited.body.data.chunks.map((c) => c.content)).toEqual([
      "Gift cards never expire.",
      "Gift cards can't be exchanged for cash.",
    ]);
    expect(edited.body.data.chunks[0]!.id).toBe(first!.id);
    const passages = await h.app.services.retriever.retrieve({
      companyId: owner.companyId,
      query: "do gift cards expire?",
    });
    expect(passages[0]).toMatchObject({ title: "Gift cards", sourceType: "macha-article" });
  });

  it("validates blocks and titles", async () => {
    const cases: [unknown, string][] = [
      [{ document: { title: " ", chunks: [{ content: "x" }] } }, "document.title: Title is required"],
      [{ document: { title: "T", chunks: [] } }, "document.chunks: An article needs at least one block"],
      [
        { document: { title: "T", chunks: [{ content: "x".repeat(1601) }] } },
        "document.chunks.0.content: A block can be at most 1600",
      ],
      [
        { document: { title: "T", chunks: Array.from({ length: 201 }, () => ({ content: "x" })) } },
        "document.chunks: An article can have at most 200",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call("/article/save", body);
      expect(response.status).toBe(400);
      expect(response.body.message.startsWith(message), response.body.message).toBe(true);
    }
    const unknown = await call("/article/save", {
      document: { reference_id: "nope", title: "T", chunks: [{ content: "x" }] },
    });
    expect(unknown.status).toBe(404);
  });

  it("accepts an article of 200 blocks", async () => {
    const response = await call<DocumentWithChunks>("/article/save", {
      document: {
        title: "Big article",
        chunks: Array.from({ length: 200 }, (_, i) => ({ content: `Block ${i} text.` })),
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.chunks).toHaveLength(200);
  });
});

describe("roles and tenancy", () => {
  it("agents and signed-out users are refused", async () => {
    expect((await call("/sources", undefined, agentCookie)).status).toBe(403);
    expect((await call("/all", { sourceID: "00000000-0000-4000-8000-000000000000" }, agentCookie)).status).toBe(403);
    expect((await h.api("GET", "/api/document/sources")).status).toBe(401);
  });

  it("another company can neither see nor change this company's sources and documents", async () => {
    const company = (await call<CompanyWithSources>("/sources")).body.data;
    const help = sourceNamed(company, "Help site");
    const [doc] = (await call<ListDocumentsResponse>("/all", { sourceID: help._id })).body.data.documents;
    const attempts = [
      call("/all", { sourceID: help._id }, rival.cookie),
      call("/get", { sourceID: help._id, referenceID: doc!.reference_id }, rival.cookie),
      call(
        "/toggle",
        { sourceID: help._id, referenceID: doc!.reference_id, isActive: false, showAsSource: false },
        rival.cookie,
      ),
      call("/delete", { sourceID: help._id, referenceID: doc!.reference_id }, rival.cookie),
      call("/sources/delete", { sourceID: help._id }, rival.cookie),
      call("/sources/resync", { sourceID: help._id }, rival.cookie),
      call("/sources/update", { sourceID: help._id, name: "Hacked" }, rival.cookie),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("This source does not exist.");
    }
    const [row] = await h.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, help._id));
    expect(row).toMatchObject({ name: "Help site", isActive: true });
  });
});

const refusedMessage = (host: string) =>
  `${host} points to a private or reserved network address; Harbor reads public websites only.`;

describe("private networks", () => {
  it("refuses website sources on loopback or private addresses unless the server allows it", async () => {
    const strict = await createHarness({ canCrawlPrivateNetworks: false });
    try {
      const admin = await strict.signUp("owner@strict-shop.example");
      for (const [url, host] of [
        ["http://127.0.0.1:8080/", "127.0.0.1"],
        // Through the system's resolver (hosts file).
        ["http://localhost/", "localhost"],
        ["http://169.254.169.254/latest/", "169.254.169.254"],
        ["http://10.0.0.5/", "10.0.0.5"],
        ["http://192.0.2.1/", "192.0.2.1"],
        ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
      ]) {
        const response = await strict.api("POST", "/api/document/sources/add", {
          cookie: admin.cookie,
          body: { sourceType: "website", name: `Internal ${url}`, url, updateFrequency: "none" },
        });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ hasError: true, message: refusedMessage(host!) });
      }
    } finally {
      await strict.close();
    }
  });
});

describe("website addresses, checked on every path that takes one (SSRF)", () => {
  let strict: Harness;
  let admin: Awaited<ReturnType<Harness["signUp"]>>;
  let dns: DnsServer;
  let internal: Server;
  let internalPort: number;
  const internalRequests: string[] = [];

  beforeAll(async () => {
    dns = await startDnsServer((name, timesAskedBefore) => {
      if (name === "help.careful-shop.example") return ["93.184.215.14"];
      if (name === "intranet.shop.example") return ["10.0.0.5"];
      if (name === "mixed.shop.example") return ["93.184.215.14", "127.0.0.1"];
      // Public for the check when the source is added, loopback for every later lookup.
      if (name === "rebind.shop.example") return [timesAskedBefore === 0 ? "93.184.215.14" : "127.0.0.1"];
      return null;
    });
    internal = createServer((request, response) => {
      internalRequests.push(request.url ?? "");
      response.writeHead(200, { "content-type": "text/html" }).end(page("Internal", "<p>Secrets.</p>"));
    });
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    internalPort = (internal.address() as AddressInfo).port;
    strict = await createHarness({ canCrawlPrivateNetworks: false, resolveHost: dns.resolveHost });
    admin = await strict.signUp("owner@careful-shop.example");
  });

  afterAll(async () => {
    await strict?.close();
    await dns?.close();
    await new Promise<void>((resolve) => internal.close(() => resolve()));
  });

  const strictCall = (url: string, body: unknown) =>
    strict.api<CompanyWithSources>("POST", `/api/document${url}`, { cookie: admin.cookie, body });

  /** A website source as an earlier sync left it (added when its address was public). */
  async function storedWebsite(name: string, url: string) {
    const [source] = await strict.db
      .insert(knowledgeSources)
      .values({ companyId: admin.companyId, name, sourceType: "website", url, updateFrequency: "none" })
      .returning();
    return source!;
  }

  it("sources/update refuses a new URL or page link that is not public, and keeps the old one", async () => {
    const source = await storedWebsite("Careful help", "https://help.careful-shop.example/");
    const refusals: [body: object, message: string][] = [
      [{ url: "http://10.0.0.5/" }, refusedMessage("10.0.0.5")],
      [{ url: "http://intranet.shop.example/" }, refusedMessage("intranet.shop.example")],
      [{ url: "http://mixed.shop.example/" }, refusedMessage("mixed.shop.example")],
      [{ url: "http://198.18.0.1/" }, refusedMessage("198.18.0.1")],
      [{ url: "http://[64:ff9b::a9fe:a9fe]/" }, refusedMessage("64:ff9b::a9fe:a9fe")],
      [{ options: { pageLinks: ["http://intranet.shop.example/faq"] } }, refusedMessage("intranet.shop.example")],
      [
        { url: "http://missing.shop.example/" },
        "missing.shop.example could not be found (no address for it in DNS). Check the web address.",
      ],
    ];
    for (const [change, message] of refusals) {
      const response = await strictCall("/sources/update", { sourceID: source.id, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body).toEqual({ hasError: true, message, data: null });
    }
    const [stored] = await strict.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    expect(stored).toMatchObject({ url: "https://help.careful-shop.example/", options: {}, isSyncing: false });
  });

  it("add, blog/add and resync refuse a host that is private or not found", async () => {
    const add = await strictCall("/sources/add", {
      sourceType: "website",
      name: "Nowhere",
      url: "https://missing.shop.example/",
      updateFrequency: "none",
    });
    expect(add.status).toBe(400);
    expect(add.body.message).toBe(
      "missing.shop.example could not be found (no address for it in DNS). Check the web address.",
    );
    const blog = await strictCall("/blog/add", { url: "http://intranet.shop.example/blog/" });
    expect(blog.status).toBe(400);
    expect(blog.body.message).toBe(refusedMessage("intranet.shop.example"));
    // Public when it was added; the name has since moved to a private address.
    const moved = await storedWebsite("Moved away", "http://intranet.shop.example/help/");
    const resync = await strictCall("/sources/resync", { sourceID: moved.id });
    expect(resync.status).toBe(400);
    expect(resync.body.message).toBe(refusedMessage("intranet.shop.example"));
    const names = (await strict.db.select().from(knowledgeSources)).map((source) => source.name);
    expect(names).not.toContain("Nowhere");
    expect(names.some((name) => name.startsWith("Blog"))).toBe(false);
  });

  it("a name that turns private after the check reaches nothing: the crawl connects only to checked addresses", async () => {
    const url = `http://rebind.shop.example:${internalPort}/`;
    const added = await strictCall("/sources/add", {
      sourceType: "website",
      name: "Rebinding",
      url,
      updateFrequency: "none",
    });
    expect(added.status).toBe(200);
    await strict.app.services.jobRunner.waitUntilIdle({ timeoutMs: 60_000 });
    const sources = await strict.api<CompanyWithSources>("GET", "/api/document/sources", { cookie: admin.cookie });
    const source = sourceNamed(sources.body.data, "Rebinding");
    expect(source.integrationStatus.lastError).toBe(`No readable page was found at ${url}.`);
    expect(source.integrationStatus.pageErrors).toEqual([{ url, message: refusedMessage("rebind.shop.example") }]);
    expect(dns.queries.filter((name) => name === "rebind.shop.example").length).toBeGreaterThan(1);
    expect(internalRequests).toEqual([]);
  });
});
