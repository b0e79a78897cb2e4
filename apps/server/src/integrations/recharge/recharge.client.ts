import { z } from "zod";
import { createHttpClient } from "../http-client";
import type { VendorLabel } from "../integration-error";

const RECHARGE: VendorLabel = { name: "Recharge", credential: "API key" };
/** The version every path and field here is written against (docs/integrations.md). */
export const RECHARGE_API_VERSION = "2021-11";
const DEFAULT_BASE_URL = "https://api.rechargeapps.com";
/** Recharge allows at most 250 per page. */
const MAX_PAGE_SIZE = 250;

export type RechargeIntervalUnit = "day" | "week" | "month";

const customerSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});

export type RechargeCustomer = z.infer<typeof customerSchema>;

const subscriptionSchema = z.object({
  id: z.number(),
  address_id: z.number(),
  customer_id: z.number(),
  status: z.string(),
  // Null while a subscription is paused or cancelled.
  next_charge_scheduled_at: z.string().nullable(),
  order_interval_frequency: z.coerce.number(),
  order_interval_unit: z.enum(["day", "week", "month"]),
  charge_interval_frequency: z.coerce.number(),
  product_title: z.string(),
  variant_title: z.string().nullish(),
  quantity: z.number(),
  // Recharge sends money as a string ("29.95"); some answers have a number.
  price: z.union([z.string(), z.number()]).transform(String),
  presentment_currency: z.string().nullish(),
});

/** A subscription, in Recharge's own field names. */
export type RechargeSubscription = z.infer<typeof subscriptionSchema>;

const customersPageSchema = z.object({
  customers: z.array(customerSchema),
  next_cursor: z.string().nullish(),
});
const subscriptionsPageSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  next_cursor: z.string().nullish(),
});
const subscriptionAnswerSchema = z.object({ subscription: subscriptionSchema });

export interface RechargeClientOptions {
  apiKey: string;
  /** Overrides https://api.rechargeapps.com (the fake's URL in tests). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Retries after the first attempt (a visitor waiting on an answer gets none: decision 045). */
  maxRetries?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Today's date where the shop is, `YYYY-MM-DD`; defaults to UTC's. */
  today?: () => string;
}

export interface RechargeClient {
  /** The customers with this e-mail (Recharge allows several stores' worth, usually one). */
  findCustomersByEmail(email: string): Promise<RechargeCustomer[]>;
  /** Pages of a customer's subscriptions, by cursor. */
  iterateSubscriptions(options: {
    customerId: number;
    status?: "active" | "cancelled" | "expired";
    pageSize?: number;
  }): AsyncGenerator<RechargeSubscription[]>;
  /** Moves the next charge; a date before today is refused before Recharge is asked. */
  setNextChargeDate(subscriptionId: number, date: string): Promise<RechargeSubscription>;
  /** Changes how often the subscription ships and is charged (both move together). */
  updateFrequency(
    subscriptionId: number,
    frequency: { orderIntervalFrequency: number; orderIntervalUnit: RechargeIntervalUnit },
  ): Promise<RechargeSubscription>;
  /** Cheapest authenticated call: proves the key works (used before saving it). */
  verifyApiKey(): Promise<void>;
}

export function createRechargeClient(options: RechargeClientOptions): RechargeClient {
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const http = createHttpClient({
    vendor: RECHARGE,
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    headers: { "x-recharge-access-token": options.apiKey, "x-recharge-version": RECHARGE_API_VERSION },
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    sleep: options.sleep,
  });

  async function findCustomersByEmail(email: string): Promise<RechargeCustomer[]> {
    const page = await http.request({
      method: "GET",
      path: "/customers",
      query: { email: email.trim(), limit: MAX_PAGE_SIZE },
      schema: customersPageSchema,
    });
    // Recharge matches e-mails exactly but case-insensitively; keep only true matches either way.
    const wanted = email.trim().toLowerCase();
    return page.customers.filter((customer) => customer.email.toLowerCase() === wanted);
  }

  async function* iterateSubscriptions({
    customerId,
    status = "active",
    pageSize = MAX_PAGE_SIZE,
  }: {
    customerId: number;
    status?: "active" | "cancelled" | "expired";
    pageSize?: number;
  }): AsyncGenerator<RechargeSubscription[]> {
    checkPageSize(pageSize);
    // Recharge refuses other filters beside a cursor: the first page filters, the rest follow the cursor.
    let query: Record<string, string | number> = { customer_id: customerId, status, limit: pageSize };
    for (;;) {
      const page = await http.request({
        method: "GET",
        path: "/subscriptions",
        query,
        schema: subscriptionsPageSchema,
      });
      if (page.subscriptions.length > 0) yield page.subscriptions;
      if (!page.next_cursor) return;
      query = { cursor: page.next_cursor, limit: pageSize };
    }
  }

  async function setNextChargeDate(subscriptionId: number, date: string): Promise<RechargeSubscription> {
    if (!isCalendarDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): "${date}"`);
    if (date < today()) throw new RangeError(`The next charge cannot be before today (${today()}).`);
    const answer = await http.request({
      method: "POST",
      path: `/subscriptions/${subscriptionId}/set_next_charge_date`,
      body: { date },
      // Setting the same date twice leaves the same result.
      isIdempotent: true,
      schema: subscriptionAnswerSchema,
    });
    return answer.subscription;
  }

  async function updateFrequency(
    subscriptionId: number,
    {
      orderIntervalFrequency,
      orderIntervalUnit,
    }: { orderIntervalFrequency: number; orderIntervalUnit: RechargeIntervalUnit },
  ): Promise<RechargeSubscription> {
    if (!Number.isInteger(orderIntervalFrequency) || orderIntervalFrequency < 1) {
      throw new RangeError("The frequency must be a whole number of at least 1.");
    }
    const answer = await http.request({
      method: "PUT",
      path: `/subscriptions/${subscriptionId}`,
      // Charging on another rhythm than shipping is a prepaid plan, which Harbor does not offer:
      // Recharge wants all three together, and the charge follows the order interval.
      body: {
        order_interval_frequency: orderIntervalFrequency,
        order_interval_unit: orderIntervalUnit,
        charge_interval_frequency: orderIntervalFrequency,
      },
      schema: subscriptionAnswerSchema,
    });
    return answer.subscription;
  }

  async function verifyApiKey(): Promise<void> {
    await http.request({ method: "GET", path: "/customers", query: { limit: 1 }, schema: customersPageSchema });
  }

  return { findCustomersByEmail, iterateSubscriptions, setNextChargeDate, updateFrequency, verifyApiKey };
}

function checkPageSize(pageSize: number) {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new RangeError(`pageSize must be 1–${MAX_PAGE_SIZE}`);
  }
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
