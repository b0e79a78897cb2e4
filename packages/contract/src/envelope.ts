import { z } from "zod";

/** Every API answer, errors included, has this shape (ARCHITECTURE.md, "The API"). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ hasError: z.boolean(), message: z.string(), data });
}

export const errorEnvelopeSchema = envelopeSchema(z.null());

export type ApiEnvelope<T> = { hasError: boolean; message: string; data: T };
