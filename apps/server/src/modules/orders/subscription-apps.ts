import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";
import { createLoopClient, type LoopClient } from "../../integrations/loop/loop.client";
import { createRechargeClient, type RechargeClient } from "../../integrations/recharge/recharge.client";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import { DEMO_LOOP_MARK } from "./demo-returns";
import { DEMO_RECHARGE_MARK } from "./demo-subscriptions";

/** A visitor waits on these calls: an app that does not answer in time is said to be unavailable. */
const VISITOR_TIMEOUT_MS = 8000;

/**
 * Clients for the company's subscription app (Recharge) and returns app (Loop), made per call
 * from the stored connection. Visitor-facing calls are not retried: a 429 or an outage is told to
 * the visitor at once (who may try again) instead of holding the widget for a backoff.
 */
export function createSubscriptionApps(deps: {
  db: Database;
  integrations: IntegrationsRepository;
  fetch?: typeof globalThis.fetch;
  /** HARBOR_DEMO's Recharge, when it runs: the demo connection is sent to its address. */
  demoRecharge?: { url: string } | null;
  /** HARBOR_DEMO's Loop, likewise. */
  demoLoop?: { url: string } | null;
}) {
  /** Today where the shop is: the company's reporting time zone (analytics settings), else UTC. */
  async function shopToday(companyId: string, now = new Date()): Promise<string> {
    const [row] = await queryRows<{ zone: string | null }>(
      deps.db,
      sql`select setup_options->>'reportingTimeZone' as zone from companies where id = ${companyId}`,
    );
    return dayIn(row?.zone ?? "UTC", now);
  }

  async function rechargeFor(companyId: string): Promise<RechargeClient | null> {
    const connection = await deps.integrations.find(companyId, "recharge");
    if (!connection?.isActive) return null;
    const isDemo = connection.publicCredentials.demo === DEMO_RECHARGE_MARK;
    // The demo off: nothing fake is reachable, whatever address was stored.
    if (isDemo && !deps.demoRecharge) return null;
    const today = await shopToday(companyId);
    return createRechargeClient({
      apiKey: connection.secrets.apiKey ?? "",
      baseUrl: (isDemo ? deps.demoRecharge?.url : connection.baseUrl) ?? undefined,
      timeoutMs: VISITOR_TIMEOUT_MS,
      maxRetries: 0,
      fetch: deps.fetch,
      today: () => today,
    });
  }

  async function loopFor(companyId: string): Promise<LoopClient | null> {
    const connection = await deps.integrations.find(companyId, "loop");
    if (!connection?.isActive) return null;
    const isDemo = connection.publicCredentials.demo === DEMO_LOOP_MARK;
    if (isDemo && !deps.demoLoop) return null;
    return createLoopClient({
      apiKey: connection.secrets.apiKey ?? "",
      baseUrl: (isDemo ? deps.demoLoop?.url : connection.baseUrl) ?? undefined,
      timeoutMs: VISITOR_TIMEOUT_MS,
      maxRetries: 0,
      fetch: deps.fetch,
    });
  }

  return { shopToday, rechargeFor, loopFor };
}

export type SubscriptionApps = ReturnType<typeof createSubscriptionApps>;

/** `YYYY-MM-DD` of `now` in a time zone (UTC when the zone is unknown to this runtime). */
export function dayIn(zone: string, now: Date): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  try {
    return format(zone);
  } catch {
    return format("UTC");
  }
}
