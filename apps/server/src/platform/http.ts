import { envelopeSchema } from "@harbor/contract/envelope";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

/** Route modules register through this: bodies and queries are parsed by the contract's zod schemas. */
export const asRouter = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** OpenAPI description of the success answer: the envelope around `data`. */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });
export const emptyOkResponse = okResponse(z.null());

/** Stricter limit for routes that send mail or check codes (on top of the per-address throttle). */
export const authRateLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };
