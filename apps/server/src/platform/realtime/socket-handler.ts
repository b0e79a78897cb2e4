import type { Ack } from "@harbor/contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { AppError } from "../errors";

const SOMETHING_FAILED = "Something went wrong. Please try again.";

/** The first message of a zod error, with its field, the way the API's 400s read. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "The request was not valid.";
}

/**
 * Wraps a client event with an ack: checks the payload against its schema, runs the handler and
 * answers `{ ok, data }` or `{ ok: false, message }`. A client event without an ack callback is
 * ignored (it could never learn the outcome); an unexpected error is logged, never leaked.
 */
export function withAck<S extends z.ZodType, T>(
  schema: S,
  log: FastifyBaseLogger,
  handler: (payload: z.output<S>) => Promise<T>,
) {
  return async (payload: unknown, ack: unknown) => {
    if (typeof ack !== "function") return;
    const reply = ack as (result: Ack<T>) => void;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      reply({ ok: false, message: firstIssue(parsed.error) });
      return;
    }
    try {
      reply({ ok: true, data: await handler(parsed.data) });
    } catch (error) {
      if (error instanceof AppError) {
        reply({ ok: false, message: error.message });
        return;
      }
      log.error({ err: error }, "a realtime event failed");
      reply({ ok: false, message: SOMETHING_FAILED });
    }
  };
}
