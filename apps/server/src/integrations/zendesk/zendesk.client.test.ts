import { afterEach, describe, expect, it } from "vitest";
import { IntegrationError } from "../integration-error";
import { createVirtualClock } from "../virtual-clock";
import { createZendeskClient, type ZendeskArticle, type ZendeskAuth } from "./zendesk.client";
import {
  type FakeZendesk,
  type FakeZendeskMacro,
  type FakeZendeskOptions,
  startFakeZendesk,
} from "./zendesk.fake-server";

const TOKEN = "zd-token";
const EMAIL = "agent@fake-support.example";
const BASE_TIME = Date.UTC(2025, 4, 1) / 1000;
let fake: FakeZendesk | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function article(id: number, overrides: Partial<ZendeskArticle> = {}): ZendeskArticle {
  return {
    id,
    html_url: `https://fake-support.zendesk.com/hc/en-us/articles/${id}`,
    title: `Article ${id}`,
    body: `<p>Answer ${id}</p>`,
    locale: "en-us",
    section_id: 100 + (id % 3),
    label_names: id % 2 ? ["returns"] : [],
    draft: false,
    updated_at: new Date((BASE_TIME + id * 60) * 1000).toISOString(),
    ...overrides,
  };
}

function macro(id: number, active = true): FakeZendeskMacro {
  return {
    id,
    title: `Macro ${id}`,
    active,
    actions: [
      { field: "comment_value_html", value: `<p>Reply ${id}</p>` },
      { field: "status", value: "solved" },
    ],
  };
}

async function setup(options: Partial<FakeZendeskOptions> = {}, auth: ZendeskAuth = { type: "bearer", token: TOKEN }) {
  const clock = createVirtualClock();
  fake = await startFakeZendesk({ token: TOKEN, articles: [], macros: [], ...options });
  const client = createZendeskClient({ baseUrl: fake.url, auth, sleep: clock.sleep });
  return { fake, client, clock };
}

async function collect(pages: AsyncGenerator<ZendeskArticle[]>) {
  const sizes: number[] = [];
  const articles: ZendeskArticle[] = [];
  for await (const page of pages) {
    sizes.push(page.length);
    articles.push(...page);
  }
  return { sizes, ids: articles.map((item) => item.id) };
}

async function failureOf(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("Zendesk client against the fake", () => {
  it("pages through a locale's articles by cursor, each once", async () => {
    const articles = [
      ...range(1, 250).map((id) => article(id)),
      ...range(251, 270).map((id) => article(id, { locale: "nl" })),
    ];
    const { client, fake } = await setup({ articles });
    const { sizes, ids } = await collect(client.iterateArticles({ locale: "en-US" }));
    expect(sizes).toEqual([100, 100, 50]);
    expect(ids).toEqual(range(1, 250));
    expect(fake.requestCount()).toBe(3);
    expect((await collect(client.iterateArticles({ locale: "nl", pageSize: 7 }))).ids).toEqual(range(251, 270));
  });

  it("exports articles changed since a time, following next_page until end_of_stream", async () => {
    const { client, fake } = await setup({ articles: range(1, 100).map((id) => article(id)), incrementalPageSize: 25 });
    const { sizes, ids } = await collect(client.iterateIncrementalArticles({ startTime: BASE_TIME + 41 * 60 }));
    expect(ids).toEqual(range(41, 100));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(60);
    // Three pages; the third says end_of_stream, so its next_page is not fetched.
    expect(fake.requestCount()).toBe(3);
  });

  it("also stops when the export ends with no next page instead of end_of_stream", async () => {
    const { client, fake } = await setup({
      articles: range(1, 100).map((id) => article(id)),
      incrementalPageSize: 25,
      isEndOfStreamReported: false,
    });
    expect((await collect(client.iterateIncrementalArticles({ startTime: BASE_TIME }))).ids).toEqual(range(1, 100));
    // Each page starts at the previous end_time, so it repeats that second's article: 25 + 4 × 24 + 4.
    expect(fake.requestCount()).toBe(5);
  });

  it("yields an article once where export pages overlap, and stops if a second holds more than a page", async () => {
    const sameSecond = new Date((BASE_TIME + 60) * 1000).toISOString();
    const articles = range(1, 30).map((id) => article(id, { updated_at: sameSecond }));
    const { client } = await setup({ articles, incrementalPageSize: 10 });
    const { ids } = await collect(client.iterateIncrementalArticles({ startTime: BASE_TIME }));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(range(1, 10));
  });

  it("lists only active macros across pages", async () => {
    const macros = [...range(1, 150).map((id) => macro(id)), macro(151, false)];
    const { client, fake } = await setup({ macros });
    const listed = await client.listActiveMacros();
    expect(listed.map((item) => item.id)).toEqual(range(1, 150));
    expect(listed[0]).toEqual({
      id: 1,
      title: "Macro 1",
      actions: [
        { field: "comment_value_html", value: "<p>Reply 1</p>" },
        { field: "status", value: "solved" },
      ],
    });
    expect(fake.requestCount()).toBe(2);
  });

  it("accepts Basic auth with an API token", async () => {
    const { client } = await setup({ macros: [macro(1)] }, { type: "basic", email: EMAIL, apiToken: TOKEN });
    expect(await client.listActiveMacros()).toHaveLength(1);
  });

  it("refuses a wrong token as 'auth', without retrying", async () => {
    const { fake } = await setup();
    for (const auth of [
      { type: "bearer", token: "nope" },
      { type: "basic", email: EMAIL, apiToken: "nope" },
    ] satisfies ZendeskAuth[]) {
      const client = createZendeskClient({ baseUrl: fake.url, auth, sleep: async () => {} });
      const error = await failureOf(client.listActiveMacros());
      expect(error).toMatchObject({ kind: "auth", status: 401, vendorMessage: "Couldn't authenticate you" });
      expect(error.message).toBe(
        auth.type === "bearer" ? "Zendesk rejected the access token." : "Zendesk rejected the API token.",
      );
    }
    expect(fake.requestCount()).toBe(2);
  });

  it("waits out a 429 as long as Retry-After says, then succeeds", async () => {
    const { client, clock, fake } = await setup({ macros: [macro(1)] });
    fake.failNextRequests(2, { status: 429, retryAfterSeconds: 3 });
    expect(await client.listActiveMacros()).toHaveLength(1);
    expect(clock.waits).toEqual([3000, 3000]);
  });

  it("gives up as 'rate_limited' when the limit outlasts the retries", async () => {
    const { client, fake } = await setup({ macros: [macro(1)] });
    fake.failNextRequests(10, { status: 429, retryAfterSeconds: 1 });
    const error = await failureOf(client.listActiveMacros());
    expect(error.kind).toBe("rate_limited");
    expect(error.message).toBe("Zendesk is limiting requests right now. Please try again in a minute.");
  });
});

describe("Zendesk users/me and tickets", () => {
  it("names the credentials' user, and treats the anonymous answer to wrong ones as 'auth'", async () => {
    const { client, fake } = await setup();
    expect(await client.getCurrentUser()).toEqual({ id: 9001, email: EMAIL, name: "Fake Agent" });
    const wrong = createZendeskClient({ baseUrl: fake.url, auth: { type: "basic", email: EMAIL, apiToken: "nope" } });
    const error = await failureOf(wrong.getCurrentUser());
    expect(error).toMatchObject({ kind: "auth", message: "Zendesk rejected the API token." });
  });

  it("creates a ticket with an internal HTML comment, the requester, status and tags", async () => {
    const { client, fake } = await setup();
    const ticket = await client.createTicket({
      subject: "Chat handoff",
      htmlBody: "<p>Transcript</p>",
      requester: { email: "ana@example.com", name: "Ana" },
      status: "pending",
      tags: ["harbor"],
    });
    expect(ticket).toMatchObject({ id: 1, status: "pending", subject: "Chat handoff" });
    expect(fake.tickets()[0]).toMatchObject({
      requester: { email: "ana@example.com", name: "Ana" },
      comment: { html_body: "<p>Transcript</p>", public: false },
      tags: ["harbor"],
    });
  });

  it("carries Zendesk's RecordInvalid details, and retries a 429 on a create only because Zendesk did not act", async () => {
    const { client, fake, clock } = await setup();
    const error = await failureOf(
      client.createTicket({ subject: "x", htmlBody: "<p>x</p>", requester: { email: "not-an-address" } }),
    );
    expect(error).toMatchObject({ kind: "invalid", status: 422 });
    expect(error.vendorMessage).toBe(
      "RecordInvalid: Record validation errors; requester: Requester: Email is not properly formatted",
    );
    fake.failNextRequests(1, { status: 429, retryAfterSeconds: 7 });
    await client.createTicket({ subject: "y", htmlBody: "<p>y</p>", requester: { email: "ana@example.com" } });
    expect(clock.waits).toEqual([7000]);
    expect(fake.tickets()).toHaveLength(1);
  });
});

describe("fake Zendesk", () => {
  it("reports its rate limit and refuses pages over 100", async () => {
    await setup({ articles: [article(1)] });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const ok = await fetch(`${fake?.url}/api/v2/help_center/en-us/articles.json?page[size]=1`, { headers });
    expect(ok.headers.get("x-rate-limit")).toBe("700");
    expect(ok.headers.get("x-rate-limit-remaining")).toBe("699");
    const tooBig = await fetch(`${fake?.url}/api/v2/help_center/en-us/articles.json?page[size]=101`, { headers });
    expect(tooBig.status).toBe(400);
  });
});
