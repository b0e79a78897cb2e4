import { vi } from "vitest";

export type StubAnswer = { status?: number; hasError?: boolean; message?: string; data?: unknown };
/** The parsed JSON body, or the FormData itself for a multipart call. */
type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

/**
 * Replaces globalThis.fetch with answers in the API envelope, keyed by "METHOD /api/path".
 * Returns the mock so tests can read the calls. Unknown routes answer 404.
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
