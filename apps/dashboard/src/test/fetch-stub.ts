import { vi } from "vitest";
import type { z } from "zod";
import { apiResponseSchemas } from "./api-response-schemas";

export type StubAnswer = { status?: number; hasError?: boolean; message?: string; data?: unknown };
/** The parsed JSON body, or the FormData itself for a multipart call. */
type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

/**
 * A test fixture for something the API sends, checked against the contract's schema for it, so
 * a fixture that drifts from what the server sends fails where it is defined.
 */
export function fixtureOf<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>, name = "fixture") {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${name} does not match the contract: ${result.error.message}`);
  return value as z.output<Schema>;
}

/** Stubbed answers that the real server could not have sent; setup.ts fails the test on any. */
const driftedAnswers: string[] = [];

export function takeDriftedAnswers(): string[] {
  return driftedAnswers.splice(0);
}

/**
 * Checks a successful stubbed answer's data with the schema the route answers with
 * (api-response-schemas.ts). A route without a schema there counts as drift too: every answer a
 * test stubs has to be one the contract describes.
 */
export function checkAnswerAgainstContract(methodAndPath: string, data: unknown): string | null {
  const schema = apiResponseSchemas[methodAndPath];
  if (!schema) return `${methodAndPath} has no response schema in test/api-response-schemas.ts`;
  const result = schema.safeParse(data);
  return result.success ? null : `${methodAndPath} answered data the contract rejects: ${result.error.message}`;
}

/**
 * Replaces globalThis.fetch with answers in the API envelope, keyed by "METHOD /api/path".
 * Returns the mock so tests can read the calls. Unknown routes answer 404. A successful answer's
 * data must match the contract's schema for that route, or the test fails.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, "http://localhost").pathname;
    const method = (init?.method ?? "GET").toUpperCase();
    const body =
      typeof init?.body === "string" ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined;
    const handler = routes[`${method} ${path}`];
    const answer: StubAnswer = handler ? await handler(body) : { status: 404, hasError: true, message: "Not found" };
    const status = answer.status ?? (answer.hasError ? 400 : 200);
    const succeeded = !(answer.hasError ?? status >= 400);
    const drift = succeeded ? checkAnswerAgainstContract(`${method} ${path}`, answer.data ?? null) : null;
    if (drift) {
      driftedAnswers.push(drift);
      // The app never sees an answer the server could not send.
      throw new Error(drift);
    }
    const envelope = {
      hasError: answer.hasError ?? status >= 400,
      message: answer.message ?? "",
      data: answer.data ?? null,
    };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof stubFetch>, methodAndPath: string) {
  const [method, path] = methodAndPath.split(" ");
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return (init?.method ?? "GET") === method && new URL(url, "http://localhost").pathname === path;
  });
}

/** The JSON bodies sent to one route. */
export function bodiesSentTo(fetchMock: ReturnType<typeof stubFetch>, methodAndPath: string): unknown[] {
  return callsTo(fetchMock, methodAndPath).map(([, init]) =>
    typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
  );
}

/** The multipart bodies sent to one route, with the headers they went with. */
export function formsSentTo(
  fetchMock: ReturnType<typeof stubFetch>,
  methodAndPath: string,
): { form: FormData; headers: HeadersInit | undefined }[] {
  return callsTo(fetchMock, methodAndPath).flatMap(([, init]) =>
    init?.body instanceof FormData ? [{ form: init.body, headers: init.headers }] : [],
  );
}
