import { z } from "zod";
import { createHttpClient } from "../http-client";
import { IntegrationError, type VendorLabel } from "../integration-error";
import { parseVendorAnswer } from "../parse-vendor-answer";
import {
  MAILING_ADDRESS_FRAGMENT,
  mailingAddressSchema,
  normalizeOrderName,
  ORDER_BY_NAME_QUERY,
  orderNameSearch,
  ordersDataSchema,
  type ShopifyMailingAddress,
  type ShopifyOrder,
} from "./shopify.order-query";

export type { ShopifyMailingAddress, ShopifyOrder, ShopifyOrderItem } from "./shopify.order-query";

/** A product as knowledge sync needs it. */
export interface ShopifyProduct {
  /** `gid://shopify/Product/<number>` */
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  vendor: string;
  tags: string[];
  updatedAt: string;
  /** Null when the product is not published to the online store. */
  onlineStoreUrl: string | null;
  featuredImageUrl: string | null;
  variants: { title: string; sku: string | null; price: string; availableForSale: boolean }[];
}

/** A customer of the shop (what Harbor reads of one). */
export interface ShopifyCustomer {
  /** `gid://shopify/Customer/123` */
  id: string;
  displayName: string;
  email: string | null;
}

export interface ShopifyShop {
  name: string;
  currencyCode: string;
  primaryDomainUrl: string;
}

export interface ShopifyClientOptions {
  /** `acme` or `acme.myshopify.com`. */
  shopDomain?: string;
  /** Overrides `https://{shop}.myshopify.com` (the fake's URL in tests). */
  baseUrl?: string;
  accessToken: string;
  /** Quarterly versions age out after about a year, so this is a setting. */
  apiVersion?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface ShopifyClient {
  /** Pages of active products, following cursors to the end. */
  iterateProducts(options?: { pageSize?: number }): AsyncGenerator<ShopifyProduct[]>;
  /** Cheapest call that proves the domain and token work. */
  getShop(): Promise<ShopifyShop>;
  /**
   * The order with this name (`1001` or `#1001`), or null. Only an exact name counts: Shopify's
   * search may match more loosely than the customer meant.
   */
  findOrderByNumber(name: string): Promise<ShopifyOrder | null>;
  /** Adds tags to an order (staff see them in the shop's order list); a refusal is an `invalid` error. */
  addOrderTags(orderId: string, tags: string[]): Promise<void>;
  /**
   * Replaces the order's shipping address (orderUpdate); answers the address as Shopify now holds
   * it. A refusal (userErrors) is an `invalid` error with Shopify's words.
   */
  updateShippingAddress(orderId: string, address: ShopifyMailingAddress): Promise<ShopifyMailingAddress | null>;
  /** The customer with exactly this e-mail address (case aside), or null. */
  findCustomerByEmail(email: string): Promise<ShopifyCustomer | null>;
  /** The Online Store's script tags that load exactly this address (at most 10 read). */
  findScriptTags(src: string): Promise<{ id: string; src: string }[]>;
  /** A script tag on the Online Store's pages (vintage themes); a refusal is an `invalid` error. */
  createScriptTag(src: string): Promise<{ id: string; src: string }>;
  deleteScriptTag(id: string): Promise<void>;
}

const SHOPIFY: VendorLabel = { name: "Shopify", credential: "access token" };
const DEFAULT_API_VERSION = "2025-07";
const VARIANTS_PER_PRODUCT = 100;
/**
 * Shopify refuses any query whose requested cost exceeds 1,000 points. One product here costs
 * 1 (product) + 1 (featuredImage) + 2 + 100 × 1 (variants connection) = 104 and the products
 * connection adds 2, so at most 9 products fit in a page (2 + 9 × 104 = 938). `first: 250`, as the
 * contract sketches it, would request 26,002 points and be rejected outright.
 */
const MAX_QUERY_COST = 1000;
const PRODUCT_COST = 1 + 1 + 2 + VARIANTS_PER_PRODUCT;
const MAX_PRODUCT_PAGE_SIZE = Math.floor((MAX_QUERY_COST - 2) / PRODUCT_COST);
/** Throttling is routine during a big sync; each wait is computed to be long enough. */
const MAX_THROTTLED_RETRIES = 10;
const MAX_THROTTLE_WAIT_MS = 30_000;

const PRODUCTS_QUERY = /* GraphQL */ `
  query HarborProducts($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query) {
      nodes {
        id
        handle
        title
        descriptionHtml
        productType
        vendor
        tags
        updatedAt
        onlineStoreUrl
        featuredImage { url }
        variants(first: ${VARIANTS_PER_PRODUCT}) { nodes { title sku price availableForSale } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const SHOP_QUERY = /* GraphQL */ `
  query HarborShop {
    shop { name currencyCode primaryDomain { url } }
  }
`;

// A few, not one: Shopify's search may also match other fields; only the exact address counts.
const CUSTOMER_BY_EMAIL_QUERY = /* GraphQL */ `
  query HarborCustomerByEmail($query: String!) {
    customers(first: 5, query: $query) { nodes { id displayName email } }
  }
`;

const customersDataSchema = z.object({
  customers: z.object({
    nodes: z.array(z.object({ id: z.string(), displayName: z.string(), email: z.string().nullable() })),
  }),
});

const TAGS_ADD_MUTATION = /* GraphQL */ `
  mutation HarborTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) { userErrors { field message } }
  }
`;

const tagsAddDataSchema = z.object({
  tagsAdd: z.object({ userErrors: z.array(z.object({ message: z.string() })) }).nullable(),
});

const SCRIPT_TAGS_QUERY = /* GraphQL */ `
  query HarborScriptTags($src: URL!) {
    scriptTags(first: 10, src: $src) { nodes { id src } }
  }
`;

const scriptTagsDataSchema = z.object({
  scriptTags: z.object({ nodes: z.array(z.object({ id: z.string(), src: z.string() })) }),
});

const SCRIPT_TAG_CREATE_MUTATION = /* GraphQL */ `
  mutation HarborScriptTagCreate($input: ScriptTagInput!) {
    scriptTagCreate(input: $input) { scriptTag { id src } userErrors { field message } }
  }
`;

const scriptTagCreateDataSchema = z.object({
  scriptTagCreate: z
    .object({
      scriptTag: z.object({ id: z.string(), src: z.string() }).nullable(),
      userErrors: z.array(z.object({ message: z.string() })),
    })
    .nullable(),
});

const SCRIPT_TAG_DELETE_MUTATION = /* GraphQL */ `
  mutation HarborScriptTagDelete($id: ID!) {
    scriptTagDelete(id: $id) { deletedScriptTagId userErrors { field message } }
  }
`;

const scriptTagDeleteDataSchema = z.object({
  scriptTagDelete: z
    .object({ deletedScriptTagId: z.string().nullable(), userErrors: z.array(z.object({ message: z.string() })) })
    .nullable(),
});

const ORDER_UPDATE_MUTATION = /* GraphQL */ `
  ${MAILING_ADDRESS_FRAGMENT}
  mutation HarborOrderAddressUpdate($input: OrderInput!) {
    orderUpdate(input: $input) {
      order { id shippingAddress { ...HarborMailingAddress } }
      userErrors { field message }
    }
  }
`;

const orderUpdateDataSchema = z.object({
  orderUpdate: z
    .object({
      order: z.object({ id: z.string(), shippingAddress: mailingAddressSchema.nullable() }).nullable(),
      userErrors: z.array(z.object({ message: z.string() })),
    })
    .nullable(),
});

const throttleStatusSchema = z.object({
  requestedQueryCost: z.number(),
  throttleStatus: z.object({ currentlyAvailable: z.number(), restoreRate: z.number() }),
});

const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).optional() }))
    .optional(),
  extensions: z.object({ cost: z.unknown().optional() }).optional(),
});

const productNodeSchema = z
  .object({
    id: z.string(),
    handle: z.string(),
    title: z.string(),
    descriptionHtml: z.string(),
    productType: z.string(),
    vendor: z.string(),
    tags: z.array(z.string()),
    updatedAt: z.string(),
    onlineStoreUrl: z.string().nullable(),
    featuredImage: z.object({ url: z.string() }).nullable(),
    variants: z.object({
      nodes: z.array(
        z.object({ title: z.string(), sku: z.string().nullable(), price: z.string(), availableForSale: z.boolean() }),
      ),
    }),
  })
  .transform(
    ({ featuredImage, variants, ...product }): ShopifyProduct => ({
      ...product,
      featuredImageUrl: featuredImage?.url ?? null,
      variants: variants.nodes,
    }),
  );

const productsDataSchema = z.object({
  products: z.object({
    nodes: z.array(productNodeSchema),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
  }),
});

const shopDataSchema = z.object({
  shop: z.object({ name: z.string(), currencyCode: z.string(), primaryDomain: z.object({ url: z.string() }) }),
});

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createShopifyClient(options: ShopifyClientOptions): ShopifyClient {
  const { accessToken, apiVersion = DEFAULT_API_VERSION, sleep = realSleep } = options;
  const http = createHttpClient({
    vendor: SHOPIFY,
    baseUrl: options.baseUrl ?? `https://${normalizeShopDomain(options.shopDomain)}`,
    headers: { "x-shopify-access-token": accessToken },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    sleep,
    // A throttled answer may come as HTTP 429 (unconfirmed); its body still reports the bucket.
    retryDelayFromBody: throttleWaitMs,
  });

  async function query<T>({ document, variables, schema }: GraphqlCall<T>): Promise<T> {
    for (let throttledRetry = 0; ; throttledRetry++) {
      const answer = await http.request({
        method: "POST",
        path: `/admin/api/${apiVersion}/graphql.json`,
        body: { query: document, variables },
        isIdempotent: true,
        schema: envelopeSchema,
      });
      const errors = answer.errors ?? [];
      if (errors.some((error) => error.extensions?.code === "THROTTLED")) {
        if (throttledRetry >= MAX_THROTTLED_RETRIES) {
          throw new IntegrationError({
            vendor: SHOPIFY,
            kind: "rate_limited",
            status: 200,
            vendorMessage: "Throttled",
          });
        }
        const waitMs = throttleWaitMs(answer) ?? 1000 * 2 ** throttledRetry;
        await sleep(Math.min(waitMs, MAX_THROTTLE_WAIT_MS));
        continue;
      }
      if (errors.length > 0) {
        // A missing scope is a permissions problem the merchant can fix (reported as the REST API's
        // 403 would be); anything else is a fault in Harbor's query.
        const isAccessDenied = errors.some((error) => error.extensions?.code === "ACCESS_DENIED");
        throw new IntegrationError({
          vendor: SHOPIFY,
          kind: isAccessDenied ? "auth" : "invalid",
          status: isAccessDenied ? 403 : 200,
          vendorMessage: errors.map((error) => error.message).join("; "),
        });
      }
      return parseVendorAnswer({ vendor: SHOPIFY, schema, body: answer.data });
    }
  }

  async function* iterateProducts({ pageSize = MAX_PRODUCT_PAGE_SIZE } = {}): AsyncGenerator<ShopifyProduct[]> {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PRODUCT_PAGE_SIZE) {
      throw new RangeError(
        `pageSize must be 1–${MAX_PRODUCT_PAGE_SIZE}: each product requests ${PRODUCT_COST} points and Shopify refuses queries over ${MAX_QUERY_COST}`,
      );
    }
    let after: string | null = null;
    do {
      const { products }: z.output<typeof productsDataSchema> = await query({
        document: PRODUCTS_QUERY,
        variables: { first: pageSize, after, query: "status:active" },
        schema: productsDataSchema,
      });
      if (products.nodes.length > 0) yield products.nodes;
      after = products.pageInfo.hasNextPage ? products.pageInfo.endCursor : null;
    } while (after);
  }

  async function getShop(): Promise<ShopifyShop> {
    const { shop } = await query({ document: SHOP_QUERY, variables: {}, schema: shopDataSchema });
    return { name: shop.name, currencyCode: shop.currencyCode, primaryDomainUrl: shop.primaryDomain.url };
  }

  async function findOrderByNumber(name: string): Promise<ShopifyOrder | null> {
    const wanted = normalizeOrderName(name);
    if (!wanted) return null;
    const { orders } = await query({
      document: ORDER_BY_NAME_QUERY,
      variables: { query: orderNameSearch(name) },
      schema: ordersDataSchema,
    });
    return orders.nodes.find((order) => normalizeOrderName(order.name) === wanted) ?? null;
  }

  async function addOrderTags(orderId: string, tags: string[]): Promise<void> {
    const { tagsAdd } = await query({
      document: TAGS_ADD_MUTATION,
      variables: { id: orderId, tags },
      schema: tagsAddDataSchema,
    });
    const errors = tagsAdd?.userErrors ?? [];
    if (errors.length > 0) {
      throw new IntegrationError({
        vendor: SHOPIFY,
        kind: "invalid",
        status: 200,
        vendorMessage: errors.map((error) => error.message).join("; "),
      });
    }
  }

  async function updateShippingAddress(
    orderId: string,
    address: ShopifyMailingAddress,
  ): Promise<ShopifyMailingAddress | null> {
    const { countryCode, ...rest } = address;
    const { orderUpdate } = await query({
      document: ORDER_UPDATE_MUTATION,
      variables: { input: { id: orderId, shippingAddress: { ...rest, countryCode } } },
      schema: orderUpdateDataSchema,
    });
    const errors = orderUpdate?.userErrors ?? [];
    if (errors.length > 0 || !orderUpdate?.order) {
      throw new IntegrationError({
        vendor: SHOPIFY,
        kind: "invalid",
        status: 200,
        vendorMessage: errors.map((error) => error.message).join("; ") || "Order not updated",
      });
    }
    return orderUpdate.order.shippingAddress;
  }

  /** A refusal in a mutation's userErrors, as the vendor's own words. */
  function refused(errors: { message: string }[] | undefined, fallback: string): IntegrationError {
    const words = (errors ?? []).map((error) => error.message).join("; ");
    return new IntegrationError({ vendor: SHOPIFY, kind: "invalid", status: 200, vendorMessage: words || fallback });
  }

  /** The shop's script tags that load exactly `src` (the Online Store's, for vintage themes). */
  async function findScriptTags(src: string): Promise<{ id: string; src: string }[]> {
    const { scriptTags } = await query({
      document: SCRIPT_TAGS_QUERY,
      variables: { src },
      schema: scriptTagsDataSchema,
    });
    return scriptTags.nodes;
  }

  /** Adds a script tag the Online Store loads on its pages, never cached by Shopify (scope write_script_tags). */
  async function createScriptTag(src: string): Promise<{ id: string; src: string }> {
    const { scriptTagCreate } = await query({
      document: SCRIPT_TAG_CREATE_MUTATION,
      variables: { input: { src, displayScope: "ONLINE_STORE", cache: false } },
      schema: scriptTagCreateDataSchema,
    });
    if (!scriptTagCreate?.scriptTag || scriptTagCreate.userErrors.length > 0) {
      throw refused(scriptTagCreate?.userErrors, "The script tag was not created");
    }
    return scriptTagCreate.scriptTag;
  }

  async function deleteScriptTag(id: string): Promise<void> {
    const { scriptTagDelete } = await query({
      document: SCRIPT_TAG_DELETE_MUTATION,
      variables: { id },
      schema: scriptTagDeleteDataSchema,
    });
    if (!scriptTagDelete?.deletedScriptTagId || scriptTagDelete.userErrors.length > 0) {
      throw refused(scriptTagDelete?.userErrors, "The script tag was not deleted");
    }
  }

  async function findCustomerByEmail(email: string): Promise<ShopifyCustomer | null> {
    const wanted = email.trim().toLowerCase();
    if (!wanted) return null;
    const { customers } = await query({
      document: CUSTOMER_BY_EMAIL_QUERY,
      variables: { query: `email:"${wanted.replace(/["\\]/g, "\\$&")}"` },
      schema: customersDataSchema,
    });
    return customers.nodes.find((customer) => customer.email?.toLowerCase() === wanted) ?? null;
  }

  return {
    iterateProducts,
    getShop,
    findOrderByNumber,
    addOrderTags,
    updateShippingAddress,
    findCustomerByEmail,
    findScriptTags,
    createScriptTag,
    deleteScriptTag,
  };
}

interface GraphqlCall<T> {
  document: string;
  variables: Record<string, unknown>;
  schema: z.ZodType<T>;
}

/** How long until the bucket holds what the query asked for: (requested − available) / restore rate. */
function throttleWaitMs(body: unknown): number | undefined {
  const cost = z.object({ extensions: z.object({ cost: throttleStatusSchema }) }).safeParse(body);
  if (!cost.success) return undefined;
  const { requestedQueryCost, throttleStatus } = cost.data.extensions.cost;
  if (throttleStatus.restoreRate <= 0) return undefined;
  const deficit = requestedQueryCost - throttleStatus.currentlyAvailable;
  return deficit > 0 ? Math.ceil((deficit * 1000) / throttleStatus.restoreRate) : undefined;
}

/** Only `*.myshopify.com` hosts get the token: the domain comes from a form. */
function normalizeShopDomain(shopDomain: string | undefined): string {
  const domain = (shopDomain ?? "")
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/$/, "");
  if (/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(domain)) return domain;
  if (/^[a-z0-9][a-z0-9-]*$/.test(domain)) return `${domain}.myshopify.com`;
  throw new RangeError(`Not a Shopify shop domain: "${shopDomain ?? ""}"`);
}
