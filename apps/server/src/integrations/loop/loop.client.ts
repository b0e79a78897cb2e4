import { z } from "zod";
import { createHttpClient } from "../http-client";
import { IntegrationError, type VendorLabel } from "../integration-error";

const LOOP: VendorLabel = { name: "Loop", credential: "API key" };
const DEFAULT_BASE_URL = "https://api.loopreturns.com/api/v1";
/** Loop pages at most 750 returns. */
const MAX_PAGE_SIZE = 750;
/** Loop's return list spans at most 120 days per request. */
const MAX_RANGE_DAYS = 120;

const returnSchema = z.object({
  id: z.coerce.number(),
  state: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  order_id: z.coerce.number().nullish(),
  order_name: z.coerce.string().nullish(),
  customer: z.string().nullish(),
  total: z.coerce.string().nullish(),
  refund: z.coerce.string().nullish(),
  exchange: z.coerce.string().nullish(),
  line_items: z
    .array(
      z.object({
        line_item_id: z.coerce.number().nullish(),
        title: z.string().nullish(),
        sku: z.string().nullish(),
        return_reason: z.string().nullish(),
      }),
    )
    .default([]),
});

/** A return, in Loop's own field names. */
export type LoopReturn = z.infer<typeof returnSchema>;

// Loop's details call answers with one return; an order with several returns may come as a list,
// and "not found" may come as HTTP 200 with only a message (docs/integrations.md marks both "?").
const detailsAnswerSchema = z.union([
  returnSchema,
  z.array(returnSchema),
  z.object({ message: z.string() }).passthrough(),
]);

const listPageSchema = z.object({
  returns: z.array(returnSchema),
  nextPageUrl: z.string().nullish(),
  previousPageUrl: z.string().nullish(),
});

export type LoopReturnState = "open" | "closed" | "cancelled" | "expired" | "review";

export interface LoopClientOptions {
  apiKey: string;
  /** Overrides https://api.loopreturns.com/api/v1 (the fake's URL in tests). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Retries after the first attempt (a visitor waiting on an answer gets none: decision 045). */
  maxRetries?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface LoopClient {
  /** The returns of an order by its name ("#1001" or "1001"); none is an empty list, not an error. */
  returnsForOrder(orderName: string): Promise<LoopReturn[]>;
  /** Pages of returns created (or updated) in a span of at most 120 days. */
  iterateReturns(options: {
    from: Date;
    to: Date;
    filter?: "created_at" | "updated_at";
    state?: LoopReturnState;
    pageSize?: number;
  }): AsyncGenerator<LoopReturn[]>;
  /** Cheapest authenticated call: proves the key works (used before saving it). */
  verifyApiKey(now?: Date): Promise<void>;
}

export function createLoopClient(options: LoopClientOptions): LoopClient {
  const http = createHttpClient({
    vendor: LOOP,
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    headers: { "x-authorization": options.apiKey },
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    sleep: options.sleep,
  });

  async function returnsForOrder(orderName: string): Promise<LoopReturn[]> {
    const name = orderName.trim().replace(/^#/, "");
    if (name === "") throw new RangeError("An order name is needed.");
    let answer: z.infer<typeof detailsAnswerSchema>;
    try {
      answer = await http.request({
        method: "GET",
        path: "/warehouse/return/details",
        query: { order_name: name },
        schema: detailsAnswerSchema,
      });
    } catch (error) {
      if (error instanceof IntegrationError && error.kind === "not_found") return [];
      throw error;
    }
    if (Array.isArray(answer)) return answer;
    return "id" in answer ? [answer as LoopReturn] : [];
  }

  async function* iterateReturns({
    from,
    to,
    filter = "created_at",
    state,
    pageSize = MAX_PAGE_SIZE,
  }: {
    from: Date;
    to: Date;
    filter?: "created_at" | "updated_at";
    state?: LoopReturnState;
    pageSize?: number;
  }): AsyncGenerator<LoopReturn[]> {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be 1–${MAX_PAGE_SIZE}`);
    }
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    if (days < 0 || days > MAX_RANGE_DAYS) throw new RangeError(`The span must be 0–${MAX_RANGE_DAYS} days.`);
    let path: string | undefined = "/warehouse/return/list";
    let query: Record<string, string | number | boolean | undefined> | undefined = {
      from: loopDate(from),
      to: loopDate(to),
      filter,
      state,
      paginate: true,
      pageSize,
    };
    while (path) {
      const page: z.infer<typeof listPageSchema> = await http.request({
        method: "GET",
        path,
        query,
        schema: listPageSchema,
      });
      if (page.returns.length > 0) yield page.returns;
      // The next page's URL carries every parameter itself.
      path = page.nextPageUrl ?? undefined;
      query = undefined;
    }
  }

  async function verifyApiKey(now = new Date()): Promise<void> {
    const iterator = iterateReturns({ from: new Date(now.getTime() - 86_400_000), to: now, pageSize: 1 });
    await iterator.next();
    await iterator.return(undefined);
  }

  return { returnsForOrder, iterateReturns, verifyApiKey };
}

/** Loop takes `YYYY-MM-DD HH:MM:SS` in UTC. */
function loopDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
