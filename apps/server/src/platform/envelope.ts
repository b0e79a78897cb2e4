import type { ApiEnvelope } from "@harbor/contract/envelope";

export function ok<T>(data: T, message = "OK"): ApiEnvelope<T> {
  return { hasError: false, message, data };
}

export function failure(message: string): ApiEnvelope<null> {
  return { hasError: true, message, data: null };
}
