import { WIDGET_IMAGE_FLAGS, WIDGET_SECTIONS } from "@harbor/contract/widget";
import { sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createHarness, type Harness } from "../../test/harness";
import { type JsonSchema, samplesOf } from "../../test/json-schema-samples";
import { isIdPath, leafPaths, ODD_FIELD_VALUES, ODD_JSON_BODIES, withValueAt } from "../../test/odd-input";
import { askQuestion, connectVisitor } from "../../test/realtime-clients";
import type { RegisteredRoute } from "../app";
import { queryRows } from "../db/client";
import { SESSION_COOKIE } from "../platform/session";

/**
 * The resilience sweep over HTTP: every route Fastify registered (read from the app, so a new
 * route is swept without being listed), fed what a stranger can send. After each request the
 * answer must not be a 5xx, an error must be the envelope, and the server must still answer
 * /api/health. Signed in as an admin of company A; company B's ids are the other tenant's.
 */

type Route = { method: string; url: string; body: JsonSchema | null };

/** Part names the multipart routes read (ai-agent, widget settings, uploads); sent to every POST. */
const FORM_PARTS = ["persona", "company", "workflows", "thumbnailAdded", ...WIDGET_SECTIONS, ...WIDGET_IMAGE_FLAGS];
const FILE_PARTS = ["file", "images"];
const ODD_PART_VALUES = ["null", "[]", "123", '"text"', "{not json", "true", ODD_JSON_BODIES["deep nesting"] ?? ""];

/** What a request's headers can carry that no page of ours sends. */
const ODD_HEADERS: Record<string, (cookie: string) => Record<string, string>> = {
  "Origin: null": (cookie) => ({ cookie, origin: "null" }),
  "another site's Origin": (cookie) => ({ cookie, origin: "https://evil.example" }),
  "an Origin that is not a URL": (cookie) => ({ cookie, origin: "::::" }),
  "no cookie": () => ({}),
  "a forged session cookie": () => ({ cookie: `${SESSION_COOKIE}=forged-session-token` }),
  "a session cookie that is not percent-encoding": () => ({ cookie: `${SESSION_COOKIE}=%E0%A4%A` }),
  "a huge session cookie": () => ({ cookie: `${SESSION_COOKIE}=${"a".repeat(8000)}` }),
  "two session cookies": (cookie) => ({ cookie: `${cookie}; ${SESSION_COOKIE}=forged` }),
  "a forwarded-for that is no address": (cookie) => ({ cookie, "x-forwarded-for": "not-an-address, ::::" }),
  "an odd Accept-Language": (cookie) => ({ cookie, "accept-language": "x".repeat(5000) }),
};

/** Bodies of the wrong kind, sent where a JSON object is read. */
const ODD_RAW_BODIES: Record<string, { contentType: string; payload: string }> = {
  "multipart without a boundary": { contentType: "multipart/form-data", payload: "garbage" },
  "multipart cut off mid-part": {
    contentType: "multipart/form-data; boundary=cut",
    payload: '--cut\r\nContent-Disposition: form-data; name="persona"\r\n\r\n{"name":',
  },
  "multipart with a broken part header": {
    contentType: "multipart/form-data; boundary=b",
    payload: "--b\r\nContent-Disposition: form-data; name\r\n\r\nvalue\r\n--b--\r\n",
  },
  "multipart with a __proto__ part": {
    contentType: "multipart/form-data; boundary=p",
    payload: '--p\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"isAdmin":true}\r\n--p--\r\n',
  },
  "JSON that does not parse": { contentType: "application/json", payload: "{not json" },
  "an empty JSON body": { contentType: "application/json", payload: "" },
  "JSON declared as UTF-16": { contentType: "application/json; charset=utf-16", payload: "{}" },
  "plain text": { contentType: "text/plain", payload: "hello" },
  "a URL-encoded form": { contentType: "application/x-www-form-urlencoded", payload: "a=1&b=2" },
  "an unknown content type": { contentType: "application/x-odd", payload: "\u0000\u0001" },
};

const ODD_QUERIES = [
  "?note=%00",
  "?note=%E0%A4%A",
  "?a[]=1&a[]=2&__proto__[isAdmin]=1",
  `?note=${"x".repeat(10_000)}`,
  "?widgetID=&widgetID=&widgetID=",
];
const ODD_PATH_SEGMENTS = ["%00", "%E0%A4%A", "..%2F..%2Fetc%2Fpasswd", "x".repeat(5000), "%F0%9F%98%80", "null"];

let h: Harness;
let admin: { email: string; cookie: string };
let visitorToken: string;
let widgetID: string;
let routes: Route[];
let otherTenant: { companyId: string; ids: string[] };
const failures: string[] = [];

const jsonSchemaOf = (schema: unknown) =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema) : null;

const routeUrl = (url: string) => url.replace(/:\w+/g, () => crypto.randomUUID()).replace("*", "anything");
const sessionHeader = () => `${SESSION_COOKIE}=${admin.cookie}`;

/** What is wrong with an answer, or null: no 5xx, and every error is the envelope. */
function problemWith(method: string, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400 || method === "HEAD") return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} without the envelope: ${response.body.slice(0, 200)}`;
  }
  const envelope = body as { hasError?: unknown; message?: unknown };
  if (envelope.hasError !== true || typeof envelope.message !== "string" || !("data" in envelope)) {
    return `answered ${response.statusCode} with ${response.body.slice(0, 200)}`;
  }
  return null;
}

/** Sends one odd request, records what went wrong, and checks that the server still answers health. */
async function probe(where: string, request: InjectOptions & { method: string }) {
  let response: LightMyRequestResponse;
  try {
    response = await h.app.inject({ remoteAddress: h.nextIp(), ...request } as InjectOptions);
  } catch (error) {
    failures.push(`${where}: the request threw ${(error as Error).message}`);
    return;
  }
  const problem = problemWith(request.method, response);
  if (problem) failures.push(`${where}: ${problem}`);
  const health = await h.app.inject({ method: "GET", url: "/api/health", remoteAddress: h.nextIp() });
  if (health.statusCode !== 200) failures.push(`${where}: /api/health answered ${health.statusCode} afterwards`);
}

function sendJson(route: Route, where: string, body: unknown, url = routeUrl(route.url)) {
  return probe(where, {
    method: route.method,
    url,
    headers: { cookie: sessionHeader(), "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
}

/** Some odd requests are valid (logout, switching workspace): the sweep signs in again when they were. */
async function keepSignedIn() {
  const me = await h.app.inject({ method: "GET", url: "/api/user/", headers: { cookie: sessionHeader() } });
  const company = (me.json() as { data?: { company?: { _id?: string } } }).data?.company?._id;
  if (me.statusCode === 200 && company) return;
  const { cookie } = await h.signIn(admin.email);
  admin.cookie = cookie;
  await h.api("POST", "/api/auth/select-company", { cookie, body: { companyID: ownCompanyId } });
}
let ownCompanyId: string;

/** Company B's rows, to show company A's requests changed none of them. */
/**
 * Caches the server warms in the background from a company's own data (decisions 077 and 080): a
 * job or a node's watcher may fill them for company B at any moment of this test. No request puts
 * anything there, so they are not part of what company A's requests must leave unchanged.
 */
const BACKGROUND_CACHES = new Set(["answer_wait_days", "unanswered_verdicts", "unanswered_verdict_warmings"]);

async function otherTenantPrint() {
  const tables = await queryRows<{ name: string }>(
    h.db,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  const prints: Record<string, string> = {};
  for (const { name } of tables.filter((table) => !BACKGROUND_CACHES.has(table.name))) {
    const [row] = await queryRows<{ print: string | null }>(
      h.db,
      sql.raw(
        `select md5(string_agg(t::text, '|' order by t::text)) as print from "${name}" t where company_id = '${otherTenant.companyId}'`,
      ),
    );
    prints[name] = row?.print ?? "empty";
  }
  return prints;
}

beforeAll(async () => {
  h = await createHarness({ rateLimitMax: 1_000_000 });
  const a = await h.signUp("admin@resilience-a.example");
  admin = { email: a.email, cookie: a.cookie };
  ownCompanyId = a.companyId;
  widgetID = (await h.app.services.widgetRepository.findOrCreate(a.companyId)).widgetId;
  visitorToken = (await connectVisitor(h, widgetID)).visitorToken;

  // Company B, with a chat, an article and an answer rule whose ids company A's admin will try.
  const b = await h.signUp("admin@resilience-b.example");
  const bWidget = (await h.app.services.widgetRepository.findOrCreate(b.companyId)).widgetId;
  const bVisitor = await connectVisitor(h, bWidget);
  const asked = await askQuestion(bVisitor.socket, "Do you ship to Belgium?");
  await h.app.services.visitorService.drain();
  bVisitor.socket.close();
  const article = await h.api<{ _id: string }>("POST", "/api/document/article/save", {
    cookie: b.cookie,
    body: { title: "Shipping", content: "We ship to Belgium in two days." },
  });
  const rule = await h.api<{ _id: string }>("POST", "/api/ai-agent/answer-rule/save", {
    cookie: b.cookie,
    body: { title: "Tone", description: "Be brief." },
  });
  const chatId = asked.ok ? asked.data.chatID : "";
  otherTenant = {
    companyId: b.companyId,
    ids: [b.companyId, b.userId, bWidget, chatId, article.body.data?._id ?? "", rule.body.data?._id ?? ""].filter(
      Boolean,
    ),
  };

  routes = (h.app.services.routes as RegisteredRoute[]).map((route) => ({
    method: route.method,
    url: route.url,
    body: jsonSchemaOf(route.schema?.body),
  }));
}, 120_000);

beforeEach(() => {
  failures.length = 0;
});

afterAll(async () => {
  await h?.close();
});

describe("every HTTP route, fed what a stranger can send, answers with an envelope and the server stays up", () => {
  it("reads the routes from the app itself", () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(["POST /api/widget/upload", "GET /api/files/:fileId", "POST /api/chat/chat/reply"]),
    );
  });

  it("takes odd headers: Origin null, forged and broken cookies, no cookie", async () => {
    for (const route of routes) {
      for (const [name, headers] of Object.entries(ODD_HEADERS)) {
        const hasBody = route.method === "POST";
        await probe(`${route.method} ${route.url} with ${name}`, {
          method: route.method,
          url: routeUrl(route.url),
          headers: { ...headers(sessionHeader()), ...(hasBody ? { "content-type": "application/json" } : {}) },
          ...(hasBody ? { payload: "{}" } : {}),
        });
      }
      await keepSignedIn();
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("takes bodies of the wrong kind: broken multipart, bad JSON, other content types, odd JSON", async () => {
    for (const route of routes.filter((candidate) => candidate.method === "POST")) {
      const url = routeUrl(route.url);
      for (const [name, { contentType, payload }] of Object.entries(ODD_RAW_BODIES)) {
        await probe(`POST ${route.url} with ${name}`, {
          method: "POST",
          url,
          headers: { cookie: sessionHeader(), "content-type": contentType },
          payload,
        });
      }
      for (const [name, payload] of Object.entries(ODD_JSON_BODIES)) {
        await probe(`POST ${route.url} with a JSON body that is ${name}`, {
          method: "POST",
          url,
          headers: { cookie: sessionHeader(), "content-type": "application/json" },
          payload,
        });
      }
      await keepSignedIn();
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("takes multipart forms whose parts hold the wrong thing", async () => {
    for (const route of routes.filter((candidate) => candidate.method === "POST")) {
      const url = routeUrl(route.url);
      const forms: [string, FormData][] = ODD_PART_VALUES.map((value) => {
        const form = new FormData();
        form.append("widgetID", widgetID);
        form.append("visitorToken", visitorToken);
        for (const part of FORM_PARTS) form.append(part, value);
        return [`every part ${value.slice(0, 12)}`, form];
      });
      for (const part of FILE_PARTS) {
        const form = new FormData();
        form.append("widgetID", widgetID);
        form.append("visitorToken", visitorToken);
        form.append("thumbnailAdded", "true");
        for (const flag of WIDGET_IMAGE_FLAGS) form.append(flag, "true");
        form.append(part, new Blob([]), "../../empty.png");
        form.append(part, new Blob([Buffer.from("MZ\u0000\u0001")], { type: "application/x-msdownload" }), "x.exe");
        forms.push([`two odd files in ${part}`, form]);
      }
      for (const [name, form] of forms) {
        const encoded = new Response(form);
        await probe(`POST ${route.url} with a form of ${name}`, {
          method: "POST",
          url,
          headers: { cookie: sessionHeader(), "content-type": encoded.headers.get("content-type") ?? "" },
          payload: Buffer.from(await encoded.arrayBuffer()),
        });
      }
      await keepSignedIn();
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("takes the wrong type, odd text and huge values in every field of every JSON body", async () => {
    let cases = 0;
    for (const route of routes) {
      if (!route.body) continue;
      for (const sample of samplesOf(route.body)) {
        for (const path of leafPaths(sample)) {
          for (const [name, value] of Object.entries(ODD_FIELD_VALUES)) {
            await sendJson(
              route,
              `${route.method} ${route.url} ${path.join(".")} = ${name}`,
              withValueAt(sample, path, value),
            );
            cases++;
          }
        }
      }
      await keepSignedIn();
    }
    expect(cases).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);

  it("takes odd query strings and path segments", async () => {
    for (const route of routes) {
      for (const query of ODD_QUERIES) {
        await probe(`${route.method} ${route.url}${query.slice(0, 40)}`, {
          method: route.method,
          url: `${routeUrl(route.url)}${query}`,
          headers: { cookie: sessionHeader() },
        });
      }
      if (!/[:*]/.test(route.url)) continue;
      for (const segment of ODD_PATH_SEGMENTS) {
        await probe(`${route.method} ${route.url} at ${segment.slice(0, 40)}`, {
          method: route.method,
          url: route.url.replace(/:\w+|\*/, segment),
          headers: { cookie: sessionHeader() },
        });
      }
      await keepSignedIn();
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("takes the other company's ids in every id field and changes nothing of that company's", async () => {
    const before = await otherTenantPrint();
    let cases = 0;
    // The widget's routes are public: a widget id is how any visitor of that shop reaches them.
    for (const route of routes.filter((candidate) => !candidate.url.startsWith("/api/widget/"))) {
      if (route.body) {
        for (const sample of samplesOf(route.body)) {
          for (const path of leafPaths(sample).filter(isIdPath)) {
            for (const id of otherTenant.ids) {
              await sendJson(
                route,
                `${route.method} ${route.url} ${path.join(".")} = company B's ${id}`,
                withValueAt(sample, path, id),
              );
              cases++;
            }
          }
        }
      }
      if (route.url.includes(":")) {
        for (const id of otherTenant.ids) {
          await probe(`${route.method} ${route.url} at company B's ${id}`, {
            method: route.method,
            url: route.url.replace(/:\w+/, id),
            headers: { cookie: sessionHeader() },
          });
        }
      }
      await keepSignedIn();
    }
    expect(cases).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    expect(await otherTenantPrint()).toEqual(before);
  }, 300_000);
});
