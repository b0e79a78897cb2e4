import { findUnstorableText, unstorableTextMessage } from "@harbor/contract/storable-text";
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

/**
 * Refuses a request whose body, query string or path parameters hold text the database can't
 * store (a NUL character or a lone surrogate), with a 400 naming the field, before any schema or
 * handler sees it. One hook for every route, so no route or schema has to remember the rule
 * (decision 024-storable-text). Multipart parts are read by handlers, so
 * `readMultipart` and `parseJsonPart` apply the same rule to them.
 */
export function registerStorableTextCheck(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const path = findUnstorableText(value);
      if (path) throw new AppError("BAD_REQUEST", unstorableTextMessage(path));
    }
  });
}
