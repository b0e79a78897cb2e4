import { randomUUID } from "node:crypto";
import { type AddSourceRequest, addSourceRequestSchema } from "@harbor/contract/knowledge";
import type { buildApp } from "../app";
import type { Database } from "../db/client";
import { questionCategories } from "../db/schema/index";
import { fakeProductsFromEvalSet } from "../integrations/shopify/shopify.fake-products";
import { startFakeShopify } from "../integrations/shopify/shopify.fake-server";
import type { CompanyAuth } from "../platform/session";
import { type EvalSet, startHelpCentre } from "./eval-set";

type App = Awaited<ReturnType<typeof buildApp>>;

const SHOPIFY_TOKEN = "shpat_eval";

/**
 * Loads an eval set's knowledge into a company through the real ingestion path: the help
 * articles are crawled from a local help-centre website, the products read from a fake Shopify
 * over its GraphQL protocol. Resolves once every sync job has finished; `close` stops both sites.
 */
export async function loadEvalSetIntoCompany(app: App, set: EvalSet, auth: CompanyAuth, db: Database) {
  const helpCentre = await startHelpCentre(set.articles);
  const shop = await startFakeShopify({ accessToken: SHOPIFY_TOKEN, products: fakeProductsFromEvalSet(set.products) });
  const close = async () => {
    await helpCentre.close();
    await shop.close();
  };
  try {
    await app.services.integrationsRepository.save({
      companyId: auth.companyId,
      app: "shopify",
      publicCredentials: { shopName: shop.shopDomain },
      secrets: { adminApiAccessToken: SHOPIFY_TOKEN },
      baseUrl: shop.url,
    });
    const sources: AddSourceRequest[] = [
      { sourceType: "website", name: "Help centre", url: helpCentre.url, updateFrequency: "none" },
      {
        sourceType: "shopify-products",
        name: "Products",
        url: `https://${shop.shopDomain}`,
        updateFrequency: "weekly",
        options: { currency: set.currency },
      },
    ];
    for (const source of sources) {
      await app.services.knowledgeService.addSource(auth, addSourceRequestSchema.parse(source));
    }
    // The shop's question categories, as its admin would define them (routing is scored on them).
    if (set.categories.length > 0) {
      await db.insert(questionCategories).values(
        set.categories.map((category) => ({
          companyId: auth.companyId,
          title: category.title,
          description: category.description,
          intents: category.intents.map((intent) => ({
            _id: randomUUID(),
            title: intent.title,
            customReplyID: null,
            isActive: true,
          })),
        })),
      );
    }
    await app.services.jobRunner.waitUntilIdle({ timeoutMs: 300_000 });
  } catch (error) {
    await close();
    throw error;
  }
  // Retrieved documents back to the set's ids: help-centre pages by their URL, products by GID.
  const articleIdByUrl = new Map(set.articles.map((article) => [helpCentre.articleUrl(article.id), article.id]));
  const sourceIdOf = (referenceId: string) => articleIdByUrl.get(referenceId) ?? referenceId;
  return { helpCentre, sourceIdOf, close };
}
