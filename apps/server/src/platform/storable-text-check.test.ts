import { agentCompanySchema, personaSchema, workflowsSchema } from "@harbor/contract/ai-agent";
import {
  askQuestionSchema,
  continueChatSchema,
  joinChatRoomSchema,
  resetAnswerSchema,
  restartChatSchema,
  sendChatHistorySchema,
  staffTypingSchema,
  visitorEventSchema,
  visitorTypingSchema,
} from "@harbor/contract/realtime";
import { unstorableTextMessage } from "@harbor/contract/storable-text";
import { WIDGET_IMAGE_FLAGS, WIDGET_SECTIONS, widgetSettingsSchema } from "@harbor/contract/widget";
import { sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createHarness, type Harness } from "../../test/harness";
import { type JsonSchema, sampleOf, samplesOf, stringPaths, withStringAt } from "../../test/json-schema-samples";
import {
  ackData,
  askQuestion,
  connectStaff,
  connectVisitor,
  emitWithAck,
  visitorRefusal,
} from "../../test/realtime-clients";
import { queryRows } from "../db/client";

/** What PostgreSQL refuses: a NUL character, and half of a surrogate pair (here the first half of 😀). */
const ODD_TEXTS = { nul: "odd\u0000text", "lone surrogate": "odd \uD83D text" } as const;

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        parameters?: { in: string; name: string }[];
      }
    >
  >;
};
type Route = { method: "GET" | "POST"; path: string; body: JsonSchema | null; pathParams: string[] };

/**
 * Multipart routes read their parts by hand, so the OpenAPI description has no body for them: their
 * parts are listed here (the test checks that no multipart route is missing from this table).
 */
const MULTIPART_ROUTES: Record<string, { jsonParts: Record<string, z.ZodType>; textParts: string[]; file?: string }> = {
  "/api/ai-agent/save": {
    jsonParts: { persona: personaSchema, company: agentCompanySchema, workflows: workflowsSchema },
    textParts: ["thumbnailAdded"],
    file: "images",
  },
  "/api/widget-settings/save": {
    jsonParts: Object.fromEntries(WIDGET_SECTIONS.map((name) => [name, widgetSettingsSchema.shape[name]])),
    textParts: [...WIDGET_IMAGE_FLAGS],
    file: "images",
  },
  "/api/widget/upload": { jsonParts: {}, textParts: ["widgetID", "visitorToken"], file: "file" },
  "/api/custom-reply/upload": { jsonParts: {}, textParts: [], file: "file" },
};
/** POST routes that take no body at all. */
const BODYLESS_POSTS = ["/api/auth/logout"];

/** Every event each namespace listens to, with the payload schema it is checked against. */
const VISITOR_EVENTS: Record<string, z.ZodType> = {
  "join-chat-room": joinChatRoomSchema,
  "ask-question": askQuestionSchema,
  "add-event": visitorEventSchema,
  "restart-chat": restartChatSchema,
  "reset-answer": resetAnswerSchema,
  "continue-chat": continueChatSchema,
  "send-ai-chat-history": sendChatHistorySchema,
  typing: visitorTypingSchema,
};
const STAFF_EVENTS: Record<string, z.ZodType> = { "staff-typing": staffTypingSchema };

/** Events socket.io reserves for itself; a client can't send them. */
const RESERVED_EVENTS = new Set(["connect", "connect_error", "disconnect", "disconnecting", "error"]);
const listenedEvents = (socket: { eventNames(): (string | symbol)[] } | undefined) =>
  (socket?.eventNames() ?? []).filter((name): name is string => typeof name === "string" && !RESERVED_EVENTS.has(name));

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let widgetID: string;
let routes: Route[];
let savedBefore: Map<string, string>;

/** A fingerprint of every row of every table, to show that nothing the sweep sent was stored. */
async function fingerprint() {
  const tables = await queryRows<{ name: string }>(
    h.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const prints = new Map<string, string>();
  for (const { name } of tables) {
    // Background work that runs on its own clock, not on anything a request sent.
    if (name === "jobs") continue;
    const [row] = await queryRows<{ print: string | null }>(
      h.db,
      sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as print from "${name}" t`),
    );
    prints.set(name, row?.print ?? "empty");
  }
  return prints;
}

beforeAll(async () => {
  h = await createHarness({ platformAdmins: ["owner@odd-text.example"], rateLimitMax: 100_000 });
  owner = await h.signUp("owner@odd-text.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  // Something saved before the sweep: a visitor's chat with a question, an answer rule, an article.
  const visitor = await connectVisitor(h, widgetID);
  ackData(await askQuestion(visitor.socket, "Do you ship to Belgium?"));
  await h.app.services.visitorService.drain();
  visitor.socket.close();
  await h.api("POST", "/api/ai-agent/answer-rule/save", {
    cookie: owner.cookie,
    body: { title: "Tone", description: "Never mention 'Klarna'." },
  });

  const docs = (await h.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApi;
  routes = Object.entries(docs.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      // A CORS preflight answers from its headers alone and reads nothing a client sent.
      .filter(([method]) => method !== "options")
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Route["method"],
        path,
        body: operation.requestBody?.content["application/json"]?.schema ?? null,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      })),
  );
  savedBefore = await fingerprint();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Sends a request as the signed-in admin from a fresh address (per-IP limits stay out of the way). */
function send(route: Pick<Route, "method">, url: string, body?: unknown) {
  return h.api(route.method, url, { cookie: owner.cookie, body, ip: h.nextIp() });
}

function expectRefused(response: { status: number; body: unknown }, message: string, where: string) {
  expect({ where, status: response.status, body: response.body }).toEqual({
    where,
    status: 400,
    body: { hasError: true, message, data: null },
  });
}

describe("odd text in any request never reaches the database", () => {
  it("lists the routes it sweeps: every route the server has, multipart ones in the table above", () => {
    expect(routes.length).toBeGreaterThan(50);
    const bodyless = routes.filter((route) => route.method === "POST" && !route.body).map((route) => route.path);
    expect(bodyless.sort()).toEqual([...Object.keys(MULTIPART_ROUTES), ...BODYLESS_POSTS].sort());
  });

  it("refuses NUL and a lone surrogate in every string field of every JSON body with a 400 naming the field", async () => {
    let cases = 0;
    for (const route of routes) {
      if (!route.body) continue;
      for (const sample of samplesOf(route.body)) {
        for (const path of stringPaths(sample)) {
          for (const [kind, odd] of Object.entries(ODD_TEXTS)) {
            const response = await send(route, route.path, withStringAt(sample, path, odd));
            expectRefused(response, unstorableTextMessage(path), `${route.path} ${path.join(".")} (${kind})`);
            cases++;
          }
        }
        // A key the schema does not know is text the client sent as well (records keep theirs).
        const oddKey = { ...(sample as object), [ODD_TEXTS.nul]: "value" };
        expectRefused(await send(route, route.path, oddKey), unstorableTextMessage([ODD_TEXTS.nul]), route.path);
      }
    }
    expect(cases).toBeGreaterThan(100);
  });

  it("refuses them in the query string of every route and in path parameters", async () => {
    // Query strings are UTF-8 on the wire, where a lone surrogate has no form: NUL is what gets through.
    // Logout last: were it not refused, it would end the session the rest of the sweep uses.
    const isLogout = (route: Route) => BODYLESS_POSTS.includes(route.path);
    const ordered = [...routes.filter((route) => !isLogout(route)), ...routes.filter(isLogout)];
    for (const route of ordered) {
      const path = route.path.replace(/\{(\w+)\}/g, () => crypto.randomUUID());
      const response = await send(route, `${path}?note=${encodeURIComponent(ODD_TEXTS.nul)}`);
      expectRefused(response, unstorableTextMessage(["note"]), `${route.method} ${route.path}?note`);
      for (const param of route.pathParams) {
        const url = route.path.replace(`{${param}}`, encodeURIComponent(ODD_TEXTS.nul));
        expectRefused(await send(route, url), unstorableTextMessage([param]), `${route.path} {${param}}`);
      }
    }
  });

  it("refuses them in multipart text parts, JSON parts and file names", async () => {
    const { visitorToken } = await connectVisitor(h, widgetID);
    const post = (url: string, form: FormData) => send({ method: "POST" }, url, form);
    for (const [url, parts] of Object.entries(MULTIPART_ROUTES)) {
      for (const [part, schema] of Object.entries(parts.jsonParts)) {
        const sample = sampleOf(jsonSchemaOf(schema));
        for (const path of stringPaths(sample)) {
          for (const [kind, odd] of Object.entries(ODD_TEXTS)) {
            const form = new FormData();
            form.append("widgetID", widgetID);
            form.append("visitorToken", visitorToken);
            form.append(part, JSON.stringify(withStringAt(sample, path, odd)));
            const response = await post(url, form);
            expectRefused(response, unstorableTextMessage(path, part), `${url} ${part}.${path.join(".")} (${kind})`);
          }
        }
      }
      for (const part of parts.textParts) {
        const form = new FormData();
        form.append(part, ODD_TEXTS.nul);
        expectRefused(await post(url, form), unstorableTextMessage([part]), `${url} ${part}`);
      }
      if (parts.file) {
        const form = new FormData();
        form.append("widgetID", widgetID);
        form.append("visitorToken", visitorToken);
        form.append(parts.file, new Blob([Buffer.from("%PDF-1.4\n")], { type: "application/pdf" }), "odd\u0000.pdf");
        expectRefused(await post(url, form), unstorableTextMessage(["filename"], parts.file), `${url} file name`);
      }
    }
  });

  it("answers every /visitor event carrying them with an error ack, and refuses them in the handshake", async () => {
    const visitor = await connectVisitor(h, widgetID);
    const serverSocket = h.app.services.realtime.visitors.sockets.get(visitor.socket.id ?? "");
    expect(listenedEvents(serverSocket).sort()).toEqual(Object.keys(VISITOR_EVENTS).sort());
    await expectEventsRefused(visitor.socket, VISITOR_EVENTS);

    for (const [kind, odd] of Object.entries(ODD_TEXTS)) {
      const { visitorToken } = await connectVisitor(h, widgetID);
      expect(await visitorRefusal(h, { widgetID: odd, visitorToken }), kind).toBe(unstorableTextMessage(["widgetID"]));
      expect(await visitorRefusal(h, { widgetID, visitorToken: `${visitorToken}${odd}` }), kind).toBe(
        unstorableTextMessage(["visitorToken"]),
      );
    }
    visitor.socket.close();
  });

  it("answers /staff events carrying them with an error ack", async () => {
    const staff = await connectStaff(h, owner.cookie);
    const serverSocket = h.app.services.realtime.staff.sockets.get(staff.socket.id ?? "");
    expect(listenedEvents(serverSocket).sort()).toEqual(Object.keys(STAFF_EVENTS).sort());
    await expectEventsRefused(staff.socket, STAFF_EVENTS);
    staff.socket.close();
  });

  it("stored nothing of it: every table holds what it held before, and the server still answers", async () => {
    expect(Object.fromEntries(await fingerprint())).toEqual(Object.fromEntries(savedBefore));
    expect((await h.api("GET", "/api/health")).status).toBe(200);
  });
});

/** Each event, fed each odd text in each string field of each payload shape, gets `{ ok: false }` naming the field. */
async function expectEventsRefused(socket: Socket, events: Record<string, z.ZodType>) {
  for (const [event, schema] of Object.entries(events)) {
    for (const sample of samplesOf(jsonSchemaOf(schema))) {
      for (const path of stringPaths(sample)) {
        for (const [kind, odd] of Object.entries(ODD_TEXTS)) {
          const ack = await emitWithAck(socket, event, withStringAt(sample, path, odd));
          expect({ event, path, kind, ack }).toEqual({
            event,
            path,
            kind,
            ack: { ok: false, message: unstorableTextMessage(path) },
          });
        }
      }
    }
  }
}
