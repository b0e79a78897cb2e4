import { generateFakeProducts } from "../apps/server/src/integrations/shopify/shopify.fake-products";
import { startFakeShopify } from "../apps/server/src/integrations/shopify/shopify.fake-server";
import { startInProcessApp } from "./support/in-process-app";
import { printTable } from "./table";

/** Ingest N products from the fake Shopify end to end: GraphQL pages → text → chunks → vectors → rows. */
export async function benchKnowledgeIngest(productCount = 10_000) {
  const harbor = await startInProcessApp();
  const shop = await startFakeShopify({ accessToken: "shpat_bench", products: generateFakeProducts(productCount) });
  try {
    const auth = await harbor.createCompany("Bench Outdoor");
    await harbor.app.services.integrationsRepository.save({
      companyId: auth.companyId,
      app: "shopify",
      publicCredentials: { shopName: shop.shopDomain },
      secrets: { adminApiAccessToken: "shpat_bench" },
      baseUrl: shop.url,
    });
    const startedAt = performance.now();
    await harbor.app.services.knowledgeService.addSource(auth, {
      sourceType: "shopify-products",
      name: "Products",
      url: `https://${shop.shopDomain}`,
      updateFrequency: "weekly",
      options: { currency: "EUR" },
    });
    await harbor.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30 * 60_000 });
    const firstSync = performance.now() - startedAt;
    const firstSyncRequests = shop.requestCount();
    const company = await harbor.app.services.knowledgeService.companyWithSources(auth);
    const source = company.sources.find((s) => s.sourceType === "shopify-products")!;

    const resyncStartedAt = performance.now();
    await harbor.app.services.knowledgeService.resyncSource(auth, source._id);
    await harbor.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30 * 60_000 });
    const resync = performance.now() - resyncStartedAt;

    printTable(
      `Knowledge ingest (${harbor.database.kind}): ${productCount.toLocaleString("en")} products from the fake Shopify`,
      [
        ["measure", "value", "aim"],
        ["first sync, end to end", `${(firstSync / 1000).toFixed(1)} s`, "< 120 s"],
        ["products per second", `${Math.round(productCount / (firstSync / 1000))}`, "—"],
        ["documents stored", `${source.documentCount}`, `${productCount}`],
        ["GraphQL requests (9 products a page)", `${firstSyncRequests}`, "—"],
        ["resync, nothing changed", `${(resync / 1000).toFixed(1)} s`, "—"],
      ],
    );
  } finally {
    await shop.close();
    await harbor.close();
  }
}
