import { IntegrationError } from "../../integrations/integration-error";
import type { AppError } from "../../platform/errors";

/**
 * What an order action records when the vendor refused or failed: the answer the visitor got, and
 * the vendor's own status and words when it gave them, for staff reading the chat.
 */
export function refusedVendorAnswer(refusal: AppError, error: unknown): Record<string, unknown> {
  return {
    refusal: { status: refusal.statusCode, message: refusal.message },
    ...(error instanceof IntegrationError
      ? { vendorStatus: error.status ?? null, vendorMessage: error.vendorMessage ?? null }
      : {}),
  };
}
