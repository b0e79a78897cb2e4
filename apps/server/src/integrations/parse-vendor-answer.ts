import type { z } from "zod";
import { IntegrationError, type VendorLabel } from "./integration-error";

export interface ParseVendorAnswerOptions<T> {
  vendor: VendorLabel;
  schema: z.ZodType<T>;
  body: unknown;
}

/**
 * Checks a vendor's answer against the shape Harbor relies on. A mismatch means the vendor changed
 * its API (or the version aged out): fail with where it differs, rather than store half a record.
 */
export function parseVendorAnswer<T>({ vendor, schema, body }: ParseVendorAnswerOptions<T>): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new IntegrationError({ vendor, kind: "unavailable", status: 200, vendorMessage: where, cause: parsed.error });
}
