import { afterEach, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createVirtualClock } from "../virtual-clock";
import { createShopifyClient, type ShopifyProduct } from "./shopify.client";
import { type FakeShopifyProduct, generateFakeProducts } from "./shopify.fake-products";
import { type FakeShopify, type FakeShopifyOptions, startFakeShopify } from "./shopify.fake-server";

const TOKEN = "shpat_test_token";
let fake: FakeShopify | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Partial<FakeShopifyOptions> = {}, clientOptions: { timeoutMs?: number } = {}) {
  const clock = createVirtualClock();
  fake = await startFakeShopify({ accessToken: TOKEN, products: generateFakeProducts(20), now: clock.now, ...options });
  const client = createShopifyClient({ baseUrl: fake.url, accessToken: TOKEN, sleep: clock.sleep, ...clientOptions });
  return { fake, client, clock };
}

async function collect(pages: AsyncGenerator<ShopifyProduct[]>) {
  const sizes: number[] = [];
  const products: ShopifyProduct[] = [];
  for await (const page of pages) {
    sizes.push(page.length);
    products.push(...page);
  }
  return { sizes, products };
}

async function failureOf(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

/** A raw GraphQL call with the real fetch, for what the client never sends. */
async function rawQuery(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${fake?.url}/admin/api/2025-07/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-access-token": TOKEN },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    version: response.headers.get("x-shopify-api-version"),
    body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] },
  };
}

describe("Shopify client against the fake Admin API", () => {
  it("reads the shop to verify credentials", async () => {
    const { client } = await setup({ shopName: "Kestrel and Pine", currencyCode: "EUR" });
    expect(await client.getShop()).toEqual({
      name: "Kestrel and Pine",
      currencyCode: "EUR",
      primaryDomainUrl: "https://kestrel-and-pine.myshopify.com",
    });
  });

  it("pages through 600 products by cursor, each exactly once, in pages Shopify's cost limit allows", async () => {
    const { client, fake } = await setup({ products: generateFakeProducts(600) });
    const { sizes, products } = await collect(client.iterateProducts());
    expect(products).toHaveLength(600);
    expect(new Set(products.map((product) => product.id)).size).toBe(600);
    expect(sizes).toHaveLength(Math.ceil(600 / 9));
    expect(Math.max(...sizes)).toBe(9);
    expect(fake.requestCount()).toBe(sizes.length);

    const first = generateFakeProducts(1)[0]!;
    expect(products[0]).toEqual({
      id: first.id,
      handle: first.handle,
      title: first.title,
      descriptionHtml: first.descriptionHtml,
      productType: first.productType,
      vendor: first.vendor,
      tags: first.tags,
      updatedAt: first.updatedAt,
      onlineStoreUrl: first.onlineStoreUrl,
      featuredImageUrl: first.featuredImageUrl,
      variants: first.variants,
    });
  });

  it("follows smaller pages too, and refuses page sizes Shopify would reject for cost", async () => {
    const { client } = await setup({ products: generateFakeProducts(25) });
    expect((await collect(client.iterateProducts({ pageSize: 5 }))).sizes).toEqual([5, 5, 5, 5, 5]);
    await expect(collect(client.iterateProducts({ pageSize: 250 }))).rejects.toThrow(RangeError);
  });

  it("syncs only active products", async () => {
    const statuses: FakeShopifyProduct["status"][] = ["ACTIVE", "DRAFT", "ARCHIVED"];
    const products = generateFakeProducts(30).map((product, index) => ({
      ...product,
      status: statuses[index % 3] ?? "ACTIVE",
    }));
    const { client } = await setup({ products });
    const { products: synced } = await collect(client.iterateProducts());
    expect(synced.map((product) => product.id)).toEqual(
      products.filter((product) => product.status === "ACTIVE").map((product) => product.id),
    );
  });

  it("waits for the leaky bucket when throttled (HTTP 200), then carries on", async () => {
    // 9 products request 938 points; with 100 available and 50/s restored, the bucket needs 16.76 s.
    const { client, clock, fake } = await setup({
      throttle: { maximumAvailable: 1000, restoreRate: 50, currentlyAvailable: 100 },
    });
    const { products } = await collect(client.iterateProducts());
    expect(products).toHaveLength(20);
    expect(clock.waits[0]).toBe(16_760);
    expect(fake.requestCount()).toBe(3 + clock.waits.length);
  });

  it("copes with a throttled answer sent as HTTP 429, using the bucket in its body", async () => {
    const { client, clock } = await setup({
      throttle: { maximumAvailable: 1000, restoreRate: 50, currentlyAvailable: 100 },
      throttledHttpStatus: 429,
    });
    const { products } = await collect(client.iterateProducts());
    expect(products).toHaveLength(20);
    expect(clock.waits[0]).toBe(16_760);
  });

  it("reports a wrong token as 'auth' with a message fit for the merchant", async () => {
    const { fake } = await setup();
    const client = createShopifyClient({ baseUrl: fake.url, accessToken: "wrong", sleep: async () => {} });
    const error = await failureOf(client.getShop());
    expect(error).toMatchObject({ kind: "auth", status: 401 });
    expect(error.message).toBe("Shopify rejected the access token.");
    expect(error.vendorMessage).toContain("Invalid API key or access token");
    expect(fake.requestCount()).toBe(1);
  });

  it("retries 500 and 503 answers, then succeeds", async () => {
    const { client, clock, fake } = await setup();
    fake.failNextRequests(1, { status: 500 });
    fake.failNextRequests(1, { status: 503 });
    expect((await client.getShop()).name).toBe("Fake Outdoor Shop");
    expect(clock.waits).toHaveLength(2);
  });

  it("honours Retry-After on a 429", async () => {
    const { client, clock, fake } = await setup();
    fake.failNextRequests(1, { status: 429, retryAfterSeconds: 2 });
    await client.getShop();
    expect(clock.waits).toEqual([2000]);
  });

  it("gives up as 'unavailable' once retries are exhausted", async () => {
    const { client, fake } = await setup();
    fake.failNextRequests(50, { status: 503 });
    const error = await failureOf(client.getShop());
    expect(error).toMatchObject({ kind: "unavailable", status: 503 });
    expect(fake.requestCount()).toBe(5);
  });

  it("times out when Shopify never answers", async () => {
    const { client, fake } = await setup({}, { timeoutMs: 50 });
    fake.stallNextRequests(5);
    const error = await failureOf(client.getShop());
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("Shopify took too long to answer.");
  });
});

describe("fake Shopify Admin API", () => {
  it("rejects a query for a field Shopify's schema does not have", async () => {
    await setup();
    const { status, body } = await rawQuery("{ products(first: 1) { nodes { id bodyHtml } } }");
    expect(status).toBe(200);
    expect(body.errors?.[0]?.message).toBe('Cannot query field "bodyHtml" on type "Product".');
  });

  it("rejects more than 250 per page, and queries over the single-query cost limit", async () => {
    await setup();
    const tooMany = await rawQuery("{ products(first: 251) { nodes { id } } }");
    expect(tooMany.body.errors?.[0]?.message).toMatch(/at most 250/);

    const tooCostly = await rawQuery(
      "query($n: Int!) { products(first: $n) { nodes { id variants(first: 100) { nodes { sku } } } } }",
      { n: 250 },
    );
    expect(tooCostly.body.errors?.[0]).toMatchObject({
      message: "Query cost is 25752, which exceeds the single query max cost limit (1000).",
      extensions: { code: "MAX_COST_EXCEEDED" },
    });
  });

  it("answers with the API version and the query cost", async () => {
    await setup();
    const { version, body } = await rawQuery("{ shop { name } }");
    expect(version).toBe("2025-07");
    expect(body).toMatchObject({
      data: { shop: { name: "Fake Outdoor Shop" } },
      extensions: {
        cost: {
          requestedQueryCost: 1,
          actualQueryCost: 1,
          throttleStatus: { maximumAvailable: 2000, restoreRate: 100 },
        },
      },
    });
  });
});

describe("the Online Store's script tags (Activation, vintage themes)", () => {
  const SRC = "https://support.example/widget/shopify-loader.js?widgetID=abc";

  it("creates a tag loaded on the store's pages, finds it by its address only, and deletes it", async () => {
    const { client } = await setup();
    expect(await client.findScriptTags(SRC)).toEqual([]);
    const created = await client.createScriptTag(SRC);
    expect(created).toEqual({ id: expect.stringMatching(/^gid:\/\/shopify\/ScriptTag\/\d+$/), src: SRC });
    await client.createScriptTag("https://elsewhere.example/app.js");
    expect(fake?.scriptTags()).toEqual([
      expect.objectContaining({ id: created.id, src: SRC, displayScope: "ONLINE_STORE", cache: false }),
      expect.objectContaining({ src: "https://elsewhere.example/app.js" }),
    ]);
    expect(await client.findScriptTags(SRC)).toEqual([created]);

    await client.deleteScriptTag(created.id);
    expect(await client.findScriptTags(SRC)).toEqual([]);
    expect(fake?.scriptTags().map((tag) => tag.src)).toEqual(["https://elsewhere.example/app.js"]);
  });

  it("reports Shopify's userErrors as invalid with its words", async () => {
    const { client } = await setup();
    const missing = await failureOf(client.deleteScriptTag("gid://shopify/ScriptTag/999"));
    expect(missing.kind).toBe("invalid");
    expect(missing.vendorMessage).toBe("Script tag does not exist");
    const bad = await failureOf(client.createScriptTag("javascript:alert(1)"));
    expect(bad.vendorMessage).toBe("Source is invalid");
  });

  it("the fake refuses a script tag query without a page size, as Shopify does", async () => {
    await setup();
    const answer = await rawQuery('{ scriptTags(src: "https://x.example/a.js") { nodes { id } } }');
    expect(answer.body.errors?.[0]?.message).toBe("you must provide one of first or last");
  });
});
