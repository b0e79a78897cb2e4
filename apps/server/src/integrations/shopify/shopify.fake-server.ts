import { STATUS_CODES } from "node:http";
import { type DocumentNode, execute, GraphQLError, parse, validate } from "graphql";
import { type FakeHttpServer, type InjectedFailure, startFakeHttpServer } from "../fake-http-server";
import { shopifyAdminSchema } from "./shopify.admin-schema";
import type {
  FakeShopifyLineItem,
  FakeShopifyLineQuantity,
  FakeShopifyMailingAddress,
  FakeShopifyOrder,
} from "./shopify.fake-orders";
import type { FakeShopifyProduct } from "./shopify.fake-products";
import { calculateQueryCost } from "./shopify.query-cost";

/** Shopify's documented ceiling for one query, whatever is left in the bucket. */
const MAX_SINGLE_QUERY_COST = 1000;
const MAX_PAGE_SIZE = 250;
const INVALID_TOKEN_MESSAGE = "[API] Invalid API key or access token (unrecognized login or wrong password)";

export interface FakeShopifyThrottle {
  maximumAvailable: number;
  /** Points restored per second. */
  restoreRate: number;
  /** Points in the bucket at start; full when omitted. */
  currentlyAvailable?: number;
}

export interface FakeShopifyOptions {
  accessToken: string;
  products: FakeShopifyProduct[];
  /** The shop's orders (none when omitted). */
  orders?: FakeShopifyOrder[];
  /** Customers without orders; the orders' customers are the shop's customers too. */
  customers?: FakeShopifyCustomer[];
  shopName?: string;
  currencyCode?: string;
  /** Enforce a leaky bucket; without it every query is let through (the bucket is reported full). */
  throttle?: FakeShopifyThrottle;
  /** Shopify's throttled answer is documented with HTTP 200; some report 429. The fake does either. */
  throttledHttpStatus?: 200 | 429;
  failNext?: { count: number } & InjectedFailure;
  /** Milliseconds clock for the bucket, so a test's fake sleep can let it refill. */
  now?: () => number;
}

/** A customer of the shop, as the Admin API names the fields Harbor reads. */
export interface FakeShopifyCustomer {
  /** `gid://shopify/Customer/…` */
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface FakeShopify extends FakeHttpServer {
  /** `*.myshopify.com` domain of the fake shop (the client's `baseUrl` points at `url` instead). */
  shopDomain: string;
  setProducts(products: FakeShopifyProduct[]): void;
  setOrders(orders: FakeShopifyOrder[]): void;
  /** The order as the shop holds it now (with tags added and addresses changed by mutations). */
  order(name: string): FakeShopifyOrder | undefined;
  /** How many orderUpdate mutations the shop has run (a retried request must not add one). */
  orderUpdateCount(): number;
  /** The next orderUpdate is refused with this userError, as a shop refuses an address it cannot ship to. */
  refuseNextOrderUpdate(userError: { field: string[]; message: string }): void;
  /** The shop's script tags as it holds them now (scriptTagCreate adds, scriptTagDelete removes). */
  scriptTags(): FakeScriptTag[];
}

/** A script tag the fake shop holds. */
export interface FakeScriptTag {
  /** `gid://shopify/ScriptTag/…` */
  id: string;
  src: string;
  displayScope: "ALL" | "ONLINE_STORE" | "ORDER_STATUS";
  cache: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A fake Shopify Admin GraphQL API on loopback: token check, schema validation against the
 * Admin schema slice, calculated query cost with the single-query limit, an optional leaky
 * bucket, cursor pagination and the product search syntax Harbor uses (`status:active`).
 */
export async function startFakeShopify(options: FakeShopifyOptions): Promise<FakeShopify> {
  const { accessToken, shopName = "Fake Outdoor Shop", currencyCode = "EUR", now = Date.now } = options;
  const shopDomain = `${slug(shopName)}.myshopify.com`;
  let catalogue = toCatalogue(options.products);
  let orderBook = toOrderBook(options.orders ?? []);
  const extraCustomers = options.customers ?? [];
  // A sync asks the same search and the same query hundreds of times; work them out once.
  let searchResults = new Map<string, CatalogueEntry[]>();
  const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
  const bucket = createBucket(options.throttle, now);
  let orderUpdates = 0;
  let nextOrderUpdateRefusal: { field: string[]; message: string } | null = null;
  let scriptTags: FakeScriptTag[] = [];
  let nextScriptTagId = 1;

  const rootValue = {
    shop: () => ({
      id: "gid://shopify/Shop/1",
      name: shopName,
      email: `owner@${shopDomain}`,
      myshopifyDomain: shopDomain,
      currencyCode,
      primaryDomain: {
        id: "gid://shopify/Domain/1",
        host: shopDomain,
        url: `https://${shopDomain}`,
        sslEnabled: true,
      },
    }),
    products: (args: ConnectionArgs & { query?: string | null }) => {
      const search = args.query ?? "";
      let matching = searchResults.get(search);
      if (!matching) {
        const isMatch = productFilter(search);
        matching = catalogue.filter((entry) => isMatch(entry.product));
        searchResults.set(search, matching);
      }
      return paginate({
        items: matching,
        args,
        keyOf: (entry) => entry.key,
        toNode: (entry) => toProductNode(entry.product),
      });
    },
    orders: (args: ConnectionArgs & { query?: string | null }) => {
      const isMatch = orderFilter(args.query ?? "");
      return paginate({
        items: orderBook.filter((entry) => isMatch(entry.order)),
        args,
        keyOf: (entry) => entry.key,
        toNode: (entry) => toOrderNode(entry.order),
      });
    },
    customers: (args: ConnectionArgs & { query?: string | null }) => {
      const isMatch = customerFilter(args.query ?? "");
      return paginate({
        items: customerBook(extraCustomers, orderBook).filter((entry) => isMatch(entry.customer)),
        args,
        keyOf: (entry) => entry.key,
        toNode: (entry) => toCustomerNode(entry.customer),
      });
    },
    scriptTags: (args: ConnectionArgs & { src?: string | null }) =>
      paginate({
        items: scriptTags.filter((tag) => !args.src || tag.src === args.src),
        args,
        keyOf: (tag) => Number(tag.id.slice(tag.id.lastIndexOf("/") + 1)),
        toNode: (tag) => tag,
      }),
    scriptTagCreate: ({ input }: { input: { src?: string | null; displayScope?: string | null; cache?: boolean } }) => {
      // Shopify wants an https address it can load from the storefront.
      if (!input.src || !/^https?:\/\//.test(input.src)) {
        return { scriptTag: null, userErrors: [{ field: ["src"], message: "Source is invalid" }] };
      }
      const at = new Date(now()).toISOString();
      const tag: FakeScriptTag = {
        id: `gid://shopify/ScriptTag/${nextScriptTagId++}`,
        src: input.src,
        displayScope: (input.displayScope ?? "ALL") as FakeScriptTag["displayScope"],
        cache: input.cache ?? false,
        createdAt: at,
        updatedAt: at,
      };
      scriptTags = [...scriptTags, tag];
      return { scriptTag: tag, userErrors: [] };
    },
    scriptTagDelete: ({ id }: { id: string }) => {
      if (!scriptTags.some((tag) => tag.id === id)) {
        return { deletedScriptTagId: null, userErrors: [{ field: ["id"], message: "Script tag does not exist" }] };
      }
      scriptTags = scriptTags.filter((tag) => tag.id !== id);
      return { deletedScriptTagId: id, userErrors: [] };
    },
    tagsAdd: (args: { id: string; tags: string[] }) => {
      const entry = orderBook.find((candidate) => candidate.order.id === args.id);
      if (!entry) return { userErrors: [{ field: ["id"], message: "Order does not exist" }] };
      entry.order = { ...entry.order, tags: [...new Set([...(entry.order.tags ?? []), ...args.tags])] };
      return { userErrors: [] };
    },
    orderUpdate: ({ input }: { input: { id: string; shippingAddress?: MailingAddressInput | null } }) => {
      orderUpdates++;
      const entry = orderBook.find((candidate) => candidate.order.id === input.id);
      if (!entry) return { order: null, userErrors: [{ field: ["id"], message: "Order does not exist" }] };
      if (nextOrderUpdateRefusal) {
        const refusal = nextOrderUpdateRefusal;
        nextOrderUpdateRefusal = null;
        return { order: null, userErrors: [refusal] };
      }
      if (input.shippingAddress) {
        const problem = addressProblem(input.shippingAddress);
        if (problem) return { order: null, userErrors: [problem] };
        entry.order = { ...entry.order, shippingAddress: toStoredAddress(input.shippingAddress) };
      }
      return { order: toOrderNode(entry.order), userErrors: [] };
    },
  };

  async function answer(version: string, body: string) {
    const request = parseRequestBody(body);
    if (!request) return { status: 400, body: { errors: { query: "Required parameter missing or invalid" } } };

    let document = documents.get(request.query);
    if (!document) {
      document = parseAndValidate(request.query);
      documents.set(request.query, document);
    }
    if (!("kind" in document)) return ok(version, { errors: document.map((error) => error.toJSON()) });

    const requestedQueryCost = calculateQueryCost({
      schema: shopifyAdminSchema,
      document,
      variables: request.variables,
    });
    if (requestedQueryCost > MAX_SINGLE_QUERY_COST) {
      return ok(version, {
        errors: [
          {
            message: `Query cost is ${requestedQueryCost}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).`,
            extensions: { code: "MAX_COST_EXCEEDED", cost: requestedQueryCost, maxCost: MAX_SINGLE_QUERY_COST },
          },
        ],
        extensions: { cost: { requestedQueryCost, actualQueryCost: null, throttleStatus: bucket.status() } },
      });
    }
    if (!bucket.canSpend(requestedQueryCost)) {
      return {
        status: options.throttledHttpStatus ?? 200,
        headers: { "x-shopify-api-version": version },
        body: {
          errors: [
            {
              message: "Throttled",
              extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
            },
          ],
          extensions: { cost: { requestedQueryCost, actualQueryCost: null, throttleStatus: bucket.status() } },
        },
      };
    }

    const result = await execute({
      schema: shopifyAdminSchema,
      document,
      rootValue,
      variableValues: request.variables,
      operationName: request.operationName,
    });
    const actualQueryCost = calculateQueryCost({
      schema: shopifyAdminSchema,
      document,
      variables: request.variables,
      data: result.data ?? {},
    });
    bucket.spend(actualQueryCost);
    return ok(version, {
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(result.errors ? { errors: result.errors.map((error) => error.toJSON()) } : {}),
      extensions: { cost: { requestedQueryCost, actualQueryCost, throttleStatus: bucket.status() } },
    });
  }

  const server = await startFakeHttpServer({
    failureBody: (status) => ({ errors: STATUS_CODES[status] ?? "Error" }),
    handle: async ({ method, url, headers, body }) => {
      const match = /^\/admin\/api\/(\d{4}-(?:01|04|07|10)|unstable)\/graphql\.json$/.exec(url.pathname);
      if (method !== "POST" || !match?.[1]) return { status: 404, body: { errors: "Not Found" } };
      if (headers["x-shopify-access-token"] !== accessToken)
        return { status: 401, body: { errors: INVALID_TOKEN_MESSAGE } };
      return answer(match[1], body);
    },
  });
  if (options.failNext) server.failNextRequests(options.failNext.count, options.failNext);

  return {
    ...server,
    shopDomain,
    setProducts(products) {
      catalogue = toCatalogue(products);
      searchResults = new Map();
    },
    setOrders(orders) {
      orderBook = toOrderBook(orders);
    },
    order(name) {
      return orderBook.find((entry) => entry.order.name === name)?.order;
    },
    orderUpdateCount: () => orderUpdates,
    refuseNextOrderUpdate(userError) {
      nextOrderUpdateRefusal = userError;
    },
    scriptTags: () => scriptTags,
  };
}

/** MailingAddressInput as the executor hands it over (fields left out are absent). */
type MailingAddressInput = Partial<Record<keyof FakeShopifyMailingAddress, string | null>>;

/**
 * Shopify's checks on a new shipping address, as far as the fake knows them: an address line,
 * a city and a country. (Wording of the userErrors not confirmed from Shopify's docs.)
 */
function addressProblem(address: MailingAddressInput): { field: string[]; message: string } | null {
  for (const field of ["address1", "city", "countryCode"] as const) {
    if (!address[field]?.trim()) {
      return { field: ["shippingAddress", field], message: `${field} can't be blank` };
    }
  }
  return null;
}

function toStoredAddress(address: MailingAddressInput): FakeShopifyMailingAddress {
  const value = (field: keyof FakeShopifyMailingAddress) => address[field] ?? null;
  return {
    firstName: value("firstName"),
    lastName: value("lastName"),
    address1: value("address1"),
    address2: value("address2"),
    city: value("city"),
    zip: value("zip"),
    countryCode: value("countryCode"),
    provinceCode: value("provinceCode"),
    phone: value("phone"),
  };
}

function toMailingAddressNode(address: FakeShopifyMailingAddress, order: FakeShopifyOrder) {
  const regionName = (code: string | null) => {
    try {
      return code ? (new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code) : null;
    } catch {
      return code;
    }
  };
  return {
    ...address,
    id: `gid://shopify/MailingAddress/${order.id.replace(/\D/g, "")}`,
    company: null,
    country: regionName(address.countryCode),
    countryCodeV2: address.countryCode,
    name: [address.firstName, address.lastName].filter(Boolean).join(" ") || null,
    province: address.provinceCode,
  };
}

function parseAndValidate(query: string): DocumentNode | readonly GraphQLError[] {
  try {
    const document = parse(query);
    const errors = validate(shopifyAdminSchema, document);
    return errors.length > 0 ? errors : document;
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
}

function ok(version: string, body: unknown) {
  return { status: 200, headers: { "x-shopify-api-version": version }, body };
}

interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function parseRequestBody(body: string): GraphqlRequest | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("query" in parsed) || typeof parsed.query !== "string") {
      return undefined;
    }
    return parsed as GraphqlRequest;
  } catch {
    return undefined;
  }
}

interface Bucket {
  canSpend(cost: number): boolean;
  spend(cost: number): void;
  status(): { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

/** Shopify's leaky bucket: a query needs its requested cost available and is charged its actual cost. */
function createBucket(throttle: FakeShopifyThrottle | undefined, now: () => number): Bucket {
  const maximumAvailable = throttle?.maximumAvailable ?? 2000;
  const restoreRate = throttle?.restoreRate ?? 100;
  let available = throttle?.currentlyAvailable ?? maximumAvailable;
  let updatedAt = now();
  const refill = () => {
    const at = now();
    available = Math.min(maximumAvailable, available + ((at - updatedAt) * restoreRate) / 1000);
    updatedAt = at;
  };
  return {
    canSpend(cost) {
      if (!throttle) return true;
      refill();
      return cost <= available;
    },
    spend(cost) {
      if (!throttle) return;
      available -= cost;
    },
    status() {
      if (throttle) refill();
      return { maximumAvailable, currentlyAvailable: throttle ? available : maximumAvailable, restoreRate };
    },
  };
}

interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

interface PaginateOptions<T, N> {
  items: T[];
  args: ConnectionArgs;
  keyOf: (item: T) => number;
  toNode: (item: T) => N;
}

/** Relay pagination with Shopify's rules: one of first/last, at most 250, cursors opaque. */
function paginate<T, N>({ items, args, keyOf, toNode }: PaginateOptions<T, N>) {
  const { first, last, after, before, reverse } = args;
  const size = first ?? last;
  if (size === null || size === undefined) throw new GraphQLError("you must provide one of first or last");
  // Wording not confirmed from Shopify's docs; the limit (250) is.
  if (size > MAX_PAGE_SIZE) {
    throw new GraphQLError(`The page size must be at most ${MAX_PAGE_SIZE}; it was ${size}.`, {
      extensions: { code: "BAD_REQUEST" },
    });
  }

  const ordered = reverse ? [...items].reverse() : items;
  const isAfter = (key: number, bound: number) => (reverse ? key < bound : key > bound);
  // `ordered` is sorted by key, so each bound is found by binary search (10,000-product catalogues).
  const afterKey = after ? decodeCursor(after) : undefined;
  const beforeKey = before ? decodeCursor(before) : undefined;
  const start = afterKey === undefined ? 0 : firstIndex(ordered, (item) => isAfter(keyOf(item), afterKey));
  const end =
    beforeKey === undefined ? ordered.length : firstIndex(ordered, (item) => !isAfter(beforeKey, keyOf(item)));

  const isForward = first !== null && first !== undefined;
  const pageStart = isForward ? start : Math.max(start, end - size);
  const pageEnd = isForward ? Math.min(end, start + size) : end;
  const page = ordered.slice(pageStart, Math.max(pageStart, pageEnd));
  const cursorAt = (index: number) => {
    const item = page.at(index);
    return item === undefined ? null : encodeCursor(keyOf(item));
  };
  // Functions, so the executor only builds what the query selects.
  return {
    nodes: () => page.map(toNode),
    edges: () => page.map((item) => ({ cursor: encodeCursor(keyOf(item)), node: toNode(item) })),
    pageInfo: () => ({
      hasNextPage: isForward ? pageEnd < end : beforeKey !== undefined,
      hasPreviousPage: isForward ? afterKey !== undefined : pageStart > start,
      startCursor: cursorAt(0),
      endCursor: cursorAt(-1),
    }),
  };
}

/** Index of the first item for which `predicate` holds, given it is false…false, true…true. */
function firstIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (predicate(items[middle] as T)) high = middle;
    else low = middle + 1;
  }
  return low;
}

function encodeCursor(key: number): string {
  return Buffer.from(JSON.stringify({ last_id: key })).toString("base64url");
}

function decodeCursor(cursor: string): number {
  try {
    const { last_id: key } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { last_id?: unknown };
    if (typeof key === "number") return key;
  } catch {
    // fall through to Shopify's answer for a cursor it did not issue
  }
  throw new GraphQLError(`Invalid cursor for current pagination sort.`, { extensions: { code: "BAD_REQUEST" } });
}

function toProductNode(product: FakeShopifyProduct) {
  return {
    ...product,
    description: () =>
      product.descriptionHtml
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    featuredImage: product.featuredImageUrl
      ? { id: null, url: product.featuredImageUrl, altText: product.title }
      : null,
    variants: (args: ConnectionArgs) =>
      paginate({
        items: product.variants.map((variant, index) => ({ ...variant, position: index + 1 })),
        args,
        keyOf: (variant) => variant.position,
        toNode: (variant) => ({
          ...variant,
          id: `${product.id.replace("Product", "ProductVariant")}${variant.position}`,
        }),
      }),
  };
}

/**
 * The product search syntax, as far as Harbor uses it: `field:value` terms joined by spaces or
 * AND; status takes a comma list; other words match the title. Unknown fields are ignored, as
 * Shopify does (it only warns).
 */
function productFilter(query: string): (product: FakeShopifyProduct) => boolean {
  const terms = query.match(/(?:[^\s"]+:)?(?:"[^"]*"|[^\s"]+)/g) ?? [];
  const checks = terms
    .filter((term) => term.toUpperCase() !== "AND")
    .map((term): ((product: FakeShopifyProduct) => boolean) => {
      const separator = term.indexOf(":");
      const field = separator > 0 ? term.slice(0, separator).toLowerCase() : "";
      const value = (separator > 0 ? term.slice(separator + 1) : term).replace(/"/g, "").toLowerCase();
      switch (field) {
        case "status": {
          const statuses = new Set(value.toUpperCase().split(","));
          return (product) => statuses.has(product.status);
        }
        case "vendor":
          return (product) => product.vendor.toLowerCase() === value;
        case "product_type":
          return (product) => product.productType.toLowerCase() === value;
        case "tag":
          return (product) => product.tags.some((tag) => tag.toLowerCase() === value);
        case "":
          return (product) => product.title.toLowerCase().includes(value);
        default:
          return () => true;
      }
    });
  return (product) => checks.every((check) => check(product));
}

/** Lists Shopify answers as plain arrays take `first` (fulfillments, refunds, tracking info). */
const firstOf =
  <T>(items: T[]) =>
  (args: { first?: number | null }) =>
    args.first === null || args.first === undefined ? items : items.slice(0, args.first);

function toOrderNode(order: FakeShopifyOrder) {
  const money = (amount: string) => {
    const value = { amount, currencyCode: order.currencyCode };
    return { shopMoney: value, presentmentMoney: value };
  };
  const lineItemNode = (line: FakeShopifyLineItem, index: number) => {
    const handled = [
      ...order.fulfillments.filter((fulfillment) => fulfillment.status !== "CANCELLED").flatMap((f) => f.items),
      ...order.refunds.flatMap((refund) => refund.items),
    ]
      .filter((item) => item.line === index)
      .reduce((total, item) => total + item.quantity, 0);
    return {
      id: `gid://shopify/LineItem/${order.id.replace(/\D/g, "")}${index + 1}`,
      title: line.title,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      unfulfilledQuantity: order.cancelledAt ? 0 : Math.max(0, line.quantity - handled),
      sku: line.sku,
      image: line.imageUrl ? { id: null, url: line.imageUrl, altText: line.title } : null,
    };
  };
  const lineItems = order.lineItems.map(lineItemNode);
  /** A connection over quantities of the order's lines (fulfillment and refund line items). */
  const lineConnection = (quantities: FakeShopifyLineQuantity[], kind: string) => (args: ConnectionArgs) =>
    paginate({
      items: quantities.map((item, index) => ({ ...item, position: index + 1 })),
      args,
      keyOf: (item) => item.position,
      toNode: (item) => ({
        id: `gid://shopify/${kind}/${order.id.replace(/\D/g, "")}${item.position}`,
        quantity: item.quantity,
        lineItem: lineItems[item.line],
      }),
    });
  return {
    id: order.id,
    name: order.name,
    email: order.email,
    phone: order.phone,
    createdAt: order.createdAt,
    processedAt: order.createdAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    note: null,
    tags: order.tags ?? [],
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: order.fulfillmentStatus,
    totalPriceSet: money(order.totalPrice),
    customer: order.customer && toCustomerNode(orderCustomer(order) as FakeShopifyCustomer),
    shippingAddress: order.shippingAddress ? toMailingAddressNode(order.shippingAddress, order) : null,
    lineItems: (args: ConnectionArgs) =>
      paginate({ items: lineItems, args, keyOf: (line) => lineItems.indexOf(line) + 1, toNode: (line) => line }),
    fulfillments: firstOf(
      order.fulfillments.map((fulfillment, index) => ({
        ...fulfillment,
        id: `gid://shopify/Fulfillment/${order.id.replace(/\D/g, "")}${index + 1}`,
        trackingInfo: firstOf(fulfillment.tracking),
        fulfillmentLineItems: lineConnection(fulfillment.items, "FulfillmentLineItem"),
      })),
    ),
    refunds: firstOf(
      order.refunds.map((refund, index) => ({
        id: `gid://shopify/Refund/${order.id.replace(/\D/g, "")}${index + 1}`,
        createdAt: refund.createdAt,
        note: refund.note,
        totalRefundedSet: money(refund.amount),
        refundLineItems: lineConnection(refund.items, "RefundLineItem"),
      })),
    ),
  };
}

/**
 * The order search syntax, as far as Harbor uses it: `name:` (with or without the `#`, quoted or
 * not), `email:`, `customer_id:`; AND between terms. Unknown fields are ignored, as Shopify does.
 */
function orderFilter(query: string): (order: FakeShopifyOrder) => boolean {
  const terms = query.match(/(?:[^\s"]+:)?(?:"(?:[^"\\]|\\.)*"|[^\s"]+)/g) ?? [];
  const bareName = (name: string) => name.replace(/^#/, "").toLowerCase();
  const checks = terms
    .filter((term) => term.toUpperCase() !== "AND")
    .map((term): ((order: FakeShopifyOrder) => boolean) => {
      const separator = term.indexOf(":");
      const field = separator > 0 ? term.slice(0, separator).toLowerCase() : "";
      const raw = separator > 0 ? term.slice(separator + 1) : term;
      const value = unquote(raw).toLowerCase();
      switch (field) {
        case "name":
          return (order) => bareName(order.name) === bareName(value);
        case "email":
          return (order) => order.email?.toLowerCase() === value;
        case "customer_id":
          return (order) => order.id.replace(/\D/g, "") === value;
        case "":
          return (order) => bareName(order.name) === bareName(value) || order.email?.toLowerCase() === value;
        default:
          return () => true;
      }
    });
  return (order) => checks.every((check) => check(order));
}

/** An order's customer as a shop customer (the fake names them by their first order). */
function orderCustomer(order: FakeShopifyOrder): FakeShopifyCustomer | null {
  return order.customer && { id: `gid://shopify/Customer/${order.id.replace(/\D/g, "")}`, ...order.customer };
}

function toCustomerNode(customer: FakeShopifyCustomer) {
  return { ...customer, displayName: `${customer.firstName} ${customer.lastName}`.trim() };
}

interface CustomerBookEntry {
  customer: FakeShopifyCustomer;
  key: number;
}

/** Every customer once (by e-mail, else by id), in Shopify's default order (ID). */
function customerBook(extra: FakeShopifyCustomer[], orders: OrderBookEntry[]): CustomerBookEntry[] {
  const byKey = new Map<string, FakeShopifyCustomer>();
  for (const customer of [...extra, ...orders.flatMap((entry) => orderCustomer(entry.order) ?? [])]) {
    const key = customer.email?.toLowerCase() ?? customer.id;
    if (!byKey.has(key)) byKey.set(key, customer);
  }
  return [...byKey.values()]
    .map((customer) => ({ customer, key: Number(/(\d+)$/.exec(customer.id)?.[1] ?? Number.NaN) }))
    .sort((a, b) => a.key - b.key);
}

/**
 * The customer search syntax, as far as Harbor uses it: `email:` (exact, case-insensitive),
 * `phone:`; other words match the name or e-mail. Unknown fields are ignored, as Shopify does.
 */
function customerFilter(query: string): (customer: FakeShopifyCustomer) => boolean {
  const terms = query.match(/(?:[^\s"]+:)?(?:"(?:[^"\\]|\\.)*"|[^\s"]+)/g) ?? [];
  const checks = terms
    .filter((term) => term.toUpperCase() !== "AND")
    .map((term): ((customer: FakeShopifyCustomer) => boolean) => {
      const separator = term.indexOf(":");
      const field = separator > 0 ? term.slice(0, separator).toLowerCase() : "";
      const value = unquote(separator > 0 ? term.slice(separator + 1) : term).toLowerCase();
      switch (field) {
        case "email":
          return (customer) => customer.email?.toLowerCase() === value;
        case "phone":
          return (customer) => (customer.phone ?? "").replace(/[^\d+]/g, "") === value.replace(/[^\d+]/g, "");
        case "":
          return (customer) =>
            `${customer.firstName} ${customer.lastName} ${customer.email ?? ""}`.toLowerCase().includes(value);
        default:
          return () => true;
      }
    });
  return (customer) => checks.every((check) => check(customer));
}

/** A quoted search value with its backslash escapes undone. */
function unquote(value: string): string {
  if (!value.startsWith('"') || !value.endsWith('"') || value.length < 2) return value;
  return value.slice(1, -1).replace(/\\(.)/g, "$1");
}

interface OrderBookEntry {
  order: FakeShopifyOrder;
  key: number;
}

function toOrderBook(orders: FakeShopifyOrder[]): OrderBookEntry[] {
  return orders
    .map((order) => ({ order, key: Number(/(\d+)$/.exec(order.id)?.[1] ?? Number.NaN) }))
    .sort((a, b) => a.key - b.key);
}

interface CatalogueEntry {
  product: FakeShopifyProduct;
  key: number;
}

/** Products in Shopify's default order (ID), each with its numeric ID for cursors. */
function toCatalogue(products: FakeShopifyProduct[]): CatalogueEntry[] {
  return products
    .map((product) => ({ product, key: Number(/(\d+)$/.exec(product.id)?.[1] ?? Number.NaN) }))
    .sort((a, b) => a.key - b.key);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
