import type { SourceOptions } from "@harbor/contract/knowledge";
import { CRAWL_MAX_PAGES_DEFAULT } from "@harbor/contract/knowledge";
import type { ShopifyProduct } from "../../../integrations/shopify/shopify.client";
import { createShopifyClient } from "../../../integrations/shopify/shopify.client";
import { createZendeskClient } from "../../../integrations/zendesk/zendesk.client";
import type { IntegrationsRepository } from "../../integrations/integrations.module";
import type { AddressGuard } from "../crawl/address-guard";
import { crawlSite } from "../crawl/crawl-site";
import { extractHtml } from "../crawl/extract-html";
import { htmlToText } from "../crawl/html-to-text";
import type { SourceRow } from "../knowledge.repository";
import type { RawDocument, SourceReader } from "./raw-document";

export type ReaderContext = {
  source: SourceRow;
  signal: AbortSignal;
  integrations: IntegrationsRepository;
  /** Shopify's and Zendesk's HTTP; a website crawl has its own, guarded (below). */
  fetch?: typeof fetch;
  /** Where a website crawl may connect (SSRF). */
  addressGuard: AddressGuard;
};

/** A source that can't be read at all (no credentials, bad URL) fails the sync with this message. */
export class SourceUnreadableError extends Error {}

const money = (amount: string, currency: string | undefined) => (currency ? `${currency} ${amount}` : amount);

/** A product as one text: what a visitor asks about (price, variants, stock) above its description. */
export function productDocument(options: {
  product: ShopifyProduct;
  currency: string | undefined;
  shopDomain: string;
  selectors: SourceOptions["selectors"];
}): RawDocument {
  const { product, currency, selectors } = options;
  const prices = product.variants.map((variant) => Number(variant.price)).filter((price) => Number.isFinite(price));
  const lowest = prices.length > 0 ? Math.min(...prices).toFixed(2) : null;
  const facts = [
    product.productType ? `Type: ${product.productType}` : null,
    product.vendor ? `Brand: ${product.vendor}` : null,
    lowest ? `Price: ${money(lowest, currency)}${prices.some((p) => p.toFixed(2) !== lowest) ? " and up" : ""}` : null,
    product.tags.length > 0 ? `Tags: ${product.tags.join(", ")}` : null,
  ].filter(Boolean);
  const variants = product.variants.map(
    (variant) =>
      `- ${variant.title}: ${money(variant.price, currency)}, ${variant.availableForSale ? "in stock" : "sold out"}${variant.sku ? ` (SKU ${variant.sku})` : ""}`,
  );
  let description = selectors?.skipDescription ? "" : htmlToText(product.descriptionHtml ?? "");
  if (description && selectors?.descriptionDelimiter) {
    const cut = description.indexOf(selectors.descriptionDelimiter);
    if (cut >= 0) description = description.slice(0, cut).trim();
  }
  return {
    referenceId: product.id,
    title: product.title,
    url: product.onlineStoreUrl ?? `https://${options.shopDomain}/products/${product.handle}`,
    image: product.featuredImageUrl,
    sections: [
      { heading: null, text: facts.join("\n") },
      ...(variants.length > 0 ? [{ heading: "Variants", text: variants.join("\n") }] : []),
      ...(description ? [{ heading: "Description", text: description }] : []),
    ],
  };
}

async function* shopifyProducts(context: ReaderContext): SourceReader {
  const connection = await context.integrations.find(context.source.companyId, "shopify");
  if (!connection?.isActive) throw new SourceUnreadableError("Shopify is not connected.");
  const shopDomain = connection.publicCredentials.shopName ?? "";
  const client = createShopifyClient({
    shopDomain,
    baseUrl: connection.baseUrl ?? undefined,
    accessToken: connection.secrets.adminApiAccessToken ?? "",
    fetch: context.fetch,
  });
  const options = context.source.options as SourceOptions;
  for await (const page of client.iterateProducts({})) {
    for (const product of page) {
      yield {
        type: "document",
        document: productDocument({ product, currency: options.currency, shopDomain, selectors: options.selectors }),
      };
    }
  }
  return { isFullListing: true };
}

function zendeskClientFor(
  connection: NonNullable<Awaited<ReturnType<IntegrationsRepository["find"]>>>,
  context: ReaderContext,
) {
  return createZendeskClient({
    subdomain: connection.publicCredentials.domainName?.replace(/\.zendesk\.com$/, ""),
    baseUrl: connection.baseUrl ?? undefined,
    // An OAuth token, or the API token the connect form takes with the agent's e-mail (decision 037).
    auth:
      connection.secrets.apiToken && connection.publicCredentials.email
        ? { type: "basic", email: connection.publicCredentials.email, apiToken: connection.secrets.apiToken }
        : { type: "bearer", token: connection.secrets.accessToken ?? "" },
    fetch: context.fetch,
  });
}

async function* zendeskArticles(context: ReaderContext): SourceReader {
  const connection = await context.integrations.find(context.source.companyId, "zendesk");
  if (!connection?.isActive) throw new SourceUnreadableError("Zendesk is not connected.");
  const client = zendeskClientFor(connection, context);
  const options = context.source.options as SourceOptions;
  const cursor = context.source.syncCursor as { startTime?: number } | null;
  // "auto": after the first full read, only articles changed since the last sync are fetched.
  const isIncremental = context.source.updateFrequency === "auto" && typeof cursor?.startTime === "number";
  const startedAt = Math.floor(Date.now() / 1000);
  const pages = isIncremental
    ? client.iterateIncrementalArticles({ startTime: cursor?.startTime ?? 0 })
    : client.iterateArticles({ locale: options.locale ?? "en-us" });
  for await (const page of pages) {
    for (const article of page) {
      if (article.draft) continue;
      yield {
        type: "document",
        document: {
          referenceId: String(article.id),
          title: article.title,
          url: article.html_url,
          image: null,
          language: article.locale,
          sections: [{ heading: null, text: htmlToText(article.body ?? "") }],
        },
      };
    }
  }
  return { isFullListing: !isIncremental, cursor: { startTime: startedAt } };
}

async function* zendeskMacros(context: ReaderContext): SourceReader {
  const connection = await context.integrations.find(context.source.companyId, "zendesk");
  if (!connection?.isActive) throw new SourceUnreadableError("Zendesk is not connected.");
  const client = zendeskClientFor(connection, context);
  for (const macro of await client.listActiveMacros()) {
    const replies = macro.actions
      .filter((action) => action.field === "comment_value" || action.field === "comment_value_html")
      .map((action) => {
        const value = Array.isArray(action.value) ? action.value.join(" ") : String(action.value ?? "");
        return action.field === "comment_value_html" ? htmlToText(value) : value;
      })
      .filter(Boolean);
    if (replies.length === 0) continue;
    yield {
      type: "document",
      document: {
        referenceId: String(macro.id),
        title: macro.title,
        url: null,
        image: null,
        sections: [{ heading: null, text: replies.join("\n\n") }],
      },
    };
  }
  return { isFullListing: true };
}

async function* website(context: ReaderContext): SourceReader {
  const { source } = context;
  const options = source.options as SourceOptions;
  const isBlog = source.sourceType === "blog";
  const startUrls = [source.url, ...(options.pageLinks ?? [])];
  // A website source with listed page links reads exactly those pages (the add-company page's
  // "page links"); without them, and for blogs, the site is crawled from its URL.
  const followLinks = isBlog || (options.pageLinks ?? []).length === 0;
  let pagesRead = 0;
  for await (const page of crawlSite({
    startUrls,
    maxPages: options.maxPages ?? CRAWL_MAX_PAGES_DEFAULT,
    followLinks,
    pathPrefix: isBlog ? new URL(source.url).pathname.replace(/[^/]*$/, "") : undefined,
    signal: context.signal,
    // Every connection is checked as it is made: a name that now points somewhere private
    // (or rebinds between requests) is refused page by page, with the reason in the page errors.
    addressGuard: context.addressGuard,
  })) {
    if (page.status === "error") {
      yield { type: "error", url: page.url, message: page.message };
      continue;
    }
    const extracted = extractHtml(page.html, {
      baseUrl: page.finalUrl,
      documentSelector: options.documentSelector,
      additionalDataSelector: options.additionalDataSelector,
      chunkSelectors: options.chunkSelectors,
    });
    if (!extracted.text.trim()) {
      yield { type: "error", url: page.url, message: "The page has no readable text." };
      continue;
    }
    pagesRead++;
    yield {
      type: "document",
      document: {
        referenceId: page.finalUrl,
        title: extracted.title,
        url: page.finalUrl,
        image: extracted.image,
        language: extracted.language,
        sections: extracted.sections,
      },
    };
  }
  if (pagesRead === 0) throw new SourceUnreadableError(`No readable page was found at ${source.url}.`);
  return { isFullListing: true };
}

/** The reader for a source's type; authored articles have none (they are written, not read). */
export function readerFor(context: ReaderContext): SourceReader {
  switch (context.source.sourceType) {
    case "shopify-products":
      return shopifyProducts(context);
    case "zendesk-hc":
    case "zendesk-hc-api":
      return zendeskArticles(context);
    case "zendesk-macro":
      return zendeskMacros(context);
    case "website":
    case "blog":
      return website(context);
    default:
      throw new SourceUnreadableError(`Sources of type ${context.source.sourceType} are not synced.`);
  }
}
