import type { OrderReference } from "@harbor/contract/turn";
import type { FastifyBaseLogger } from "fastify";
import type { OrderLookupResult } from "../../ai/pipeline/engine-ports";
import { IntegrationError } from "../../integrations/integration-error";
import { createShopifyClient, type ShopifyOrder } from "../../integrations/shopify/shopify.client";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { DEMO_SHOP_DOMAIN } from "./demo-shop";
import { toOrderCard } from "./order-card";
import { orderOwnerProof } from "./order-identity";

/** Failed lookups a visitor may make in an hour before lookups stop and a person is offered. */
export const ORDER_LOOKUP_FAILURES_PER_HOUR = 3;
/** A visitor waits on this: a shop that does not answer in time is handed to a person. */
const SHOP_TIMEOUT_MS = 8000;

/**
 * Finds a visitor's order in the company's shop and checks it is theirs. A wrong e-mail or phone
 * for an existing order answers exactly as an unknown order (no probing which numbers exist), and
 * each failure counts against the visitor: after three in an hour no more lookups are made.
 */
export function createOrderLookupService(deps: {
  integrations: IntegrationsRepository;
  limiterStore: LimiterStore;
  log: Pick<FastifyBaseLogger, "warn">;
  /** The shop's HTTP client (tests and the demo shop's loopback fake use the real one). */
  fetch?: typeof globalThis.fetch;
  /** HARBOR_DEMO's shop, when it runs: connections to its domain are sent to its address. */
  demoShop?: { shopDomain: string; url: string } | null;
}) {
  const failures = deps.limiterStore.limiter("order-lookup-failures", {
    points: ORDER_LOOKUP_FAILURES_PER_HOUR,
    durationSeconds: 3600,
  });

  /** A client for the company's shop, or null when none is connected. */
  async function shopClientFor(companyId: string) {
    const connection = await deps.integrations.find(companyId, "shopify");
    if (!connection?.isActive) return null;
    const isDemoShop = connection.publicCredentials.shopName === DEMO_SHOP_DOMAIN;
    // The demo shop off: nothing fake is reachable, whatever address was stored.
    if (isDemoShop && !deps.demoShop) return null;
    return createShopifyClient({
      shopDomain: connection.publicCredentials.shopName,
      baseUrl: (isDemoShop ? deps.demoShop?.url : connection.baseUrl) ?? undefined,
      accessToken: connection.secrets.adminApiAccessToken ?? "",
      timeoutMs: SHOP_TIMEOUT_MS,
      fetch: deps.fetch,
    });
  }

  /** The shop's order by number, or why there is none to show. */
  async function fetchOrder(companyId: string, number: string): Promise<ShopifyOrder | null | "not_connected"> {
    const client = await shopClientFor(companyId);
    if (!client) return "not_connected";
    return client.findOrderByNumber(number);
  }

  /** The order if it is the visitor's; the failure is counted otherwise. */
  async function findVerified(options: {
    companyId: string;
    askerKey: string;
    reference: OrderReference;
  }): Promise<
    | { kind: "found"; order: ShopifyOrder; verifiedBy: "email" | "phone" }
    | Exclude<OrderLookupResult, { kind: "found" }>
  > {
    const { companyId, reference } = options;
    const key = `${companyId}:${options.askerKey}`;
    // The engine asks only with a complete reference; anything less cannot prove ownership.
    if (!reference.number || (!reference.email && !reference.phone)) {
      return { kind: "not_found", attemptsLeft: await attemptsLeft(key) };
    }
    if ((await failures.used(key)) >= ORDER_LOOKUP_FAILURES_PER_HOUR) return { kind: "locked" };
    let order: Awaited<ReturnType<typeof fetchOrder>>;
    try {
      order = await fetchOrder(companyId, reference.number);
    } catch (error) {
      if (!(error instanceof IntegrationError) && !(error instanceof RangeError)) throw error;
      deps.log.warn({ err: error, companyId }, "order lookup failed; the visitor is handed to a person");
      return { kind: "unavailable" };
    }
    if (order === "not_connected") return { kind: "not_connected" };
    const verifiedBy = order ? orderOwnerProof(order, reference) : null;
    if (order && verifiedBy) return { kind: "found", order, verifiedBy };
    return notFound(key);
  }

  async function attemptsLeft(key: string) {
    return Math.max(0, ORDER_LOOKUP_FAILURES_PER_HOUR - (await failures.used(key)));
  }

  async function notFound(key: string): Promise<{ kind: "not_found"; attemptsLeft: number }> {
    await failures.take(key);
    return { kind: "not_found", attemptsLeft: await attemptsLeft(key) };
  }

  return {
    findVerified,
    shopClientFor,

    /** The engine's port (OrderLookup): the order as its card, or why there is none. */
    async lookup(options: {
      companyId: string;
      askerKey: string;
      reference: OrderReference;
    }): Promise<OrderLookupResult> {
      const result = await findVerified(options);
      return result.kind === "found" ? { kind: "found", card: toOrderCard(result.order) } : result;
    },
  };
}

export type OrderLookupService = ReturnType<typeof createOrderLookupService>;
