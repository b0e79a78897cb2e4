import type { ApiEnvelope } from "@harbor/contract/envelope";
import { texts } from "./texts";

/** A failed call: the server's envelope said hasError, or the answer was not an envelope at all. */
export class ApiError extends Error {
  readonly status: number;

  constructor({ status, message }: { status: number; message: string }) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** A FormData body goes out as multipart/form-data; anything else as JSON. */
type RequestOptions = { method?: "GET" | "POST"; body?: unknown };

const API_BASE = "/api";

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === "object" && value !== null && "hasError" in value && "message" in value;
}

/**
 * Calls the Harbor API and unwraps its envelope. Resolves with `{ data, message }` on success;
 * throws an ApiError carrying the server's human message otherwise. Network failures are logged
 * and rethrown as they are.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const { method = options.body === undefined ? "GET" : "POST", body } = options;
  const isJsonBody = body !== undefined && !(body instanceof FormData);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: "include",
      // No Content-Type for FormData: the browser sets multipart/form-data with its boundary.
      headers: isJsonBody ? { "Content-Type": "application/json" } : { Accept: "application/json" },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    console.error(`${method} ${path} failed`, error);
    throw error;
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!isEnvelope(payload)) {
    throw new ApiError({ status: response.status, message: texts.common.genericError });
  }
  if (!response.ok || payload.hasError) {
    throw new ApiError({ status: response.status, message: payload.message || texts.common.genericError });
  }
  return payload as ApiEnvelope<T>;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return texts.common.genericError;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
