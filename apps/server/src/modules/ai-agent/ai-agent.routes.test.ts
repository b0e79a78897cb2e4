import { readFile } from "node:fs/promises";
import path from "node:path";
import type { AiAgent, AnswerRule, DataModel, PlaygroundResponse } from "@harbor/contract/ai-agent";
import { PRE_CHAT_FIELD_RULE_MESSAGE } from "@harbor/contract/ai-agent";
import type { TokenUsageResponse } from "@harbor/contract/analytics";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats, storedFiles } from "../../db/schema/index";
import { DEFAULT_PERSONA, DEFAULT_WORKFLOWS } from "./ai-agent.defaults";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const persona = {
  name: "Noa",
  designation: "Trail expert",
  characteristics: "Calm, precise and outdoorsy.",
  responseTone: "formal",
  responseLength: "brief",
};
const company = { name: "Kestrel & Pine", description: "Outdoor clothing from Utrecht.", industry: "Outdoor retail" };

function personaForm(parts: { persona?: unknown; company?: unknown; picture?: Buffer; pictureType?: string }) {
  const form = new FormData();
  if (parts.persona !== undefined) form.append("persona", JSON.stringify(parts.persona));
  if (parts.company !== undefined) form.append("company", JSON.stringify(parts.company));
  if (parts.picture) {
    form.append("images", new Blob([parts.picture], { type: parts.pictureType ?? "image/png" }), "face.png");
    form.append("thumbnailAdded", "true");
  }
  return form;
}

function workflowsForm(workflows: unknown) {
  const form = new FormData();
  form.append("workflows", JSON.stringify(workflows));
  return form;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@kestrel-pine.example");
  rival = await h.signUp("owner@rival-shop.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Agent", email: "agent@kestrel-pine.example", role: "agent" }))
    .cookie;
});

afterAll(async () => {
  await h?.close();
});

const getAgent = async (cookie = owner.cookie) => (await h.api<AiAgent>("GET", "/api/ai-agent/", { cookie })).body.data;

describe("AI agent API", () => {
  it("starts a workspace with the default persona, its own name and default workflows", async () => {
    const agent = await getAgent();
    expect(agent.persona).toEqual(DEFAULT_PERSONA);
    expect(agent.company.name).toBe("Kestrel Pine");
    expect(agent.workflows).toEqual(DEFAULT_WORKFLOWS);
    expect(agent.answerRules).toEqual([]);
  });

  it("is for admins of the workspace only", async () => {
    expect((await h.api("GET", "/api/ai-agent/")).status).toBe(401);
    const asAgent = await h.api("GET", "/api/ai-agent/", { cookie: agentCookie });
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.message).toBe("Only admins of this workspace can do that.");
    const save = await h.api("POST", "/api/ai-agent/save", {
      cookie: agentCookie,
      body: personaForm({ persona, company }),
    });
    expect(save.status).toBe(403);
    const rule = await h.api("POST", "/api/ai-agent/answer-rule/save", {
      cookie: agentCookie,
      body: { title: "x", description: "y" },
    });
    expect(rule.status).toBe(403);
    expect(
      (await h.api("POST", "/api/ai-agent/playground", { cookie: agentCookie, body: { question: "hi" } })).status,
    ).toBe(403);
  });

  it("saves persona and company with a new picture, served from /api/files", async () => {
    const saved = await h.api<AiAgent>("POST", "/api/ai-agent/save", {
      cookie: owner.cookie,
      body: personaForm({ persona, company, picture: PNG }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.persona).toMatchObject(persona);
    expect(saved.body.data.company).toEqual(company);
    const pictureUrl = saved.body.data.persona.thumbnailURL;
    // On the dashboard's own origin, whatever host it was opened on (not PUBLIC_URL).
    expect(pictureUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const picture = await h.app.inject({ method: "GET", url: pictureUrl ?? "" });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    // Its bytes are in the file store, not in the database (decision 027).
    const pictureId = pictureUrl?.split("/").pop() ?? "";
    const [row] = await h.db.select().from(storedFiles).where(eq(storedFiles.id, pictureId));
    expect(row).toMatchObject({ bytes: null, byteSize: PNG.length });
    const onDisk = await readFile(path.join(h.config.dataDir, "files", pictureId.slice(0, 2), pictureId));
    expect(onDisk.equals(PNG)).toBe(true);
    // The widget shows it on the shop's pages: there it is absolute.
    const forWidget = await h.app.services.aiAgentService.settingsFor(owner.companyId);
    expect(forWidget.persona.thumbnailURL).toBe(`http://localhost:3000${pictureUrl}`);

    // The workspace name follows the company name; other fields stay as they were.
    const me = await h.api<{ company: { name: string } }>("GET", "/api/user/", { cookie: owner.cookie });
    expect(me.body.data.company.name).toBe("Kestrel & Pine");

    // Saving without a new picture keeps it; replacing it removes the old file.
    const again = await h.api<AiAgent>("POST", "/api/ai-agent/save", {
      cookie: owner.cookie,
      body: personaForm({ persona: { ...persona, name: "Noa 2" }, company }),
    });
    expect(again.body.data.persona.thumbnailURL).toBe(pictureUrl);
    const replaced = await h.api<AiAgent>("POST", "/api/ai-agent/save", {
      cookie: owner.cookie,
      body: personaForm({ persona, company, picture: PNG }),
    });
    expect(replaced.body.data.persona.thumbnailURL).not.toBe(pictureUrl);
    const old = await h.app.inject({ method: "GET", url: pictureUrl ?? "" });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ hasError: true, message: "This file does not exist." });
  });

  it("refuses invalid persona parts with the field named, saving nothing", async () => {
    const before = await getAgent();
    const cases: [unknown, unknown, string][] = [
      [
        { ...persona, characteristics: "x".repeat(251) },
        company,
        "persona.characteristics: Characteristics can be at most 250 characters",
      ],
      [{ ...persona, name: "  " }, company, "persona.name: Name is required"],
      [{ ...persona, responseTone: "sarcastic" }, company, "persona.responseTone"],
      [
        persona,
        { ...company, description: "d".repeat(251) },
        "company.description: Company description can be at most 250 characters",
      ],
      [persona, { ...company, name: "" }, "company.name: Company name is required"],
      [persona, undefined, "company: this part is required"],
    ];
    for (const [badPersona, badCompany, message] of cases) {
      const result = await h.api("POST", "/api/ai-agent/save", {
        cookie: owner.cookie,
        body: personaForm({ persona: badPersona, company: badCompany }),
      });
      expect(result.status, message).toBe(400);
      expect(result.body.message).toContain(message);
    }
    const form = new FormData();
    form.append("persona", "{not json");
    form.append("company", JSON.stringify(company));
    const broken = await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: form });
    expect(broken.body.message).toBe("persona: not valid JSON");
    const json = await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: { persona, company } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe("Send this form as multipart/form-data.");
    expect(await getAgent()).toEqual(before);
  });

  it("accepts only real images up to 2 MB", async () => {
    const before = await getAgent();
    const text = await h.api("POST", "/api/ai-agent/save", {
      cookie: owner.cookie,
      body: personaForm({ persona, company, picture: Buffer.from("<svg onload=alert(1)>"), pictureType: "image/png" }),
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe("images: the picture must be a JPG, PNG or WebP image");

    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const tooLarge = await h.api("POST", "/api/ai-agent/save", {
      cookie: owner.cookie,
      body: personaForm({ persona, company, picture: huge }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("The picture is larger than 2 MB. Choose a smaller one.");

    const form = personaForm({ persona, company });
    form.append("thumbnailAdded", "true");
    const missing = await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: form });
    expect(missing.body.message).toBe("images: the new picture is missing");
    expect(await getAgent()).toEqual(before);
  });

  it("saves workflows and enforces their rules", async () => {
    const models = (await h.api<DataModel[]>("GET", "/api/data-model/all", { cookie: owner.cookie })).body.data;
    expect(models.map((m) => m.name)).toEqual(["Customer"]);
    expect(models[0]?.fields).toEqual([
      { key: "name", title: "Name" },
      { key: "email", title: "Email" },
    ]);
    const customerId = models[0]?._id ?? "";
    const workflows = {
      ...DEFAULT_WORKFLOWS,
      nudgeMessage: { isActive: true, showOnce: false, delay: 8000, message: "Still there? שאלו אותי!" },
      preChatForm: { ...DEFAULT_WORKFLOWS.preChatForm, isActive: true, dataModelID: customerId },
      showSources: { isActive: false },
    };
    const saved = await h.api<AiAgent>("POST", "/api/ai-agent/save", {
      cookie: owner.cookie,
      body: workflowsForm(workflows),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.workflows).toEqual(workflows);
    // The persona saved earlier is untouched by a workflows save.
    expect(saved.body.data.persona.name).toBe("Noa");

    const noFieldOn = {
      ...workflows,
      preChatForm: {
        ...workflows.preChatForm,
        fields: workflows.preChatForm.fields.map((f) => ({ ...f, isActive: false })),
      },
    };
    const refused = await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: workflowsForm(noFieldOn) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`workflows.preChatForm.fields: ${PRE_CHAT_FIELD_RULE_MESSAGE}`);

    const noDelay = { ...workflows, nudgeMessage: { ...workflows.nudgeMessage, delay: null } };
    const delay = await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: workflowsForm(noDelay) });
    expect(delay.body.message).toBe("workflows.nudgeMessage.delay: Delay is required");

    // A data model of another workspace can't be picked.
    const rivalModels = (await h.api<DataModel[]>("GET", "/api/data-model/all", { cookie: rival.cookie })).body.data;
    const foreign = { ...workflows, preChatForm: { ...workflows.preChatForm, dataModelID: rivalModels[0]?._id } };
    const stolen = await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: workflowsForm(foreign) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe("workflows.preChatForm.dataModelID: Choose one of your data models");

    // Switched-off sections keep what was typed, without being validated.
    const off = { ...workflows, nudgeMessage: { isActive: false, showOnce: true, delay: null, message: "" } };
    expect((await h.api("POST", "/api/ai-agent/save", { cookie: owner.cookie, body: workflowsForm(off) })).status).toBe(
      200,
    );
    expect((await getAgent()).workflows.nudgeMessage).toEqual(off.nudgeMessage);
  });

  it("creates the Customer data model once even when asked in parallel", async () => {
    const fresh = await h.signUp("owner@parallel-shop.example");
    const lists = await Promise.all(
      Array.from({ length: 5 }, () => h.api<DataModel[]>("GET", "/api/data-model/all", { cookie: fresh.cookie })),
    );
    for (const list of lists) expect(list.body.data.map((m) => m.name)).toEqual(["Customer"]);
    const custom = await h.api<unknown[]>("GET", "/api/custom-reply/all", { cookie: fresh.cookie });
    expect(custom.body.data).toEqual([]);
  });

  it("says which engine answers, so the dashboard can tell which answer rules it follows", async () => {
    // The harness answers with the built-in engine (no AI_PROVIDER).
    expect((await getAgent()).engine).toBe("local");
  });

  it("adds, edits and deletes answer rules within the workspace", async () => {
    const created = await h.api<AnswerRule>("POST", "/api/ai-agent/answer-rule/save", {
      cookie: owner.cookie,
      body: { title: "Never promise delivery dates", description: "אל תבטיחו תאריכי משלוח — say 'usually'." },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ title: "Never promise delivery dates", isActive: true });
    const ruleId = created.body.data._id;

    const edited = await h.api<AnswerRule>("POST", "/api/ai-agent/answer-rule/save", {
      cookie: owner.cookie,
      body: { ruleID: ruleId, title: "No delivery promises", description: "Say usually.", isActive: false },
    });
    expect(edited.body.data).toEqual({
      _id: ruleId,
      title: "No delivery promises",
      description: "Say usually.",
      isActive: false,
    });
    expect((await getAgent()).answerRules).toEqual([edited.body.data]);

    const empty = await h.api("POST", "/api/ai-agent/answer-rule/save", {
      cookie: owner.cookie,
      body: { title: " ", description: "x" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("title: Title is required");

    // Another workspace can neither change nor delete it.
    const foreignEdit = await h.api("POST", "/api/ai-agent/answer-rule/save", {
      cookie: rival.cookie,
      body: { ruleID: ruleId, title: "Hijacked", description: "x" },
    });
    expect(foreignEdit.status).toBe(404);
    const foreignDelete = await h.api("POST", "/api/ai-agent/answer-rule/delete", {
      cookie: rival.cookie,
      body: { ruleID: ruleId },
    });
    expect(foreignDelete.status).toBe(404);
    expect((await getAgent()).answerRules).toHaveLength(1);

    const deleted = await h.api("POST", "/api/ai-agent/answer-rule/delete", {
      cookie: owner.cookie,
      body: { ruleID: ruleId },
    });
    expect(deleted.status).toBe(200);
    expect((await getAgent()).answerRules).toEqual([]);
    const twice = await h.api("POST", "/api/ai-agent/answer-rule/delete", {
      cookie: owner.cookie,
      body: { ruleID: ruleId },
    });
    expect(twice.status).toBe(404);
    const badId = await h.api("POST", "/api/ai-agent/answer-rule/delete", {
      cookie: owner.cookie,
      body: { ruleID: "1; drop table" },
    });
    expect(badId.status).toBe(400);
  });
});

describe("playground and token usage", () => {
  it("answers from the workspace's own articles only, creating no chat, and records tokens", async () => {
    const article = await h.api("POST", "/api/document/article/save", {
      cookie: owner.cookie,
      body: {
        document: {
          title: "Shipping to Belgium",
          chunks: [{ content: "Shipping to Belgium costs €6.95 and takes 2 to 3 working days with PostNL." }],
        },
      },
    });
    expect(article.status).toBe(200);
    await h.app.services.jobRunner.waitUntilIdle({ timeoutMs: 30_000 });

    const answer = await h.api<PlaygroundResponse>("POST", "/api/ai-agent/playground", {
      cookie: owner.cookie,
      body: { question: "How much is shipping to Belgium?" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.outcome).toBe("answered");
    expect(answer.body.data.bubbles.join(" ")).toContain("6.95");
    expect(answer.body.data.passages[0]).toMatchObject({ title: "Shipping to Belgium", isCited: true });
    expect(answer.body.data.usage[0]?.model).toBe("local");

    // The rival workspace has no such article: its agent declines instead of leaking ours.
    const rivalAnswer = await h.api<PlaygroundResponse>("POST", "/api/ai-agent/playground", {
      cookie: rival.cookie,
      body: { question: "How much is shipping to Belgium?" },
    });
    expect(rivalAnswer.body.data.outcome).toBe("no-match");
    expect(rivalAnswer.body.data.bubbles.join(" ")).not.toContain("6.95");
    expect(rivalAnswer.body.data.passages).toEqual([]);

    expect(await h.db.select().from(chats).where(eq(chats.companyId, owner.companyId))).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const usage = await h.api<TokenUsageResponse>("POST", "/api/chat/get-token-usage", {
      cookie: owner.cookie,
      body: { startDate: today, endDate: today },
    });
    expect(usage.status).toBe(200);
    const local = usage.body.data.overallUsage.find((u) => u.model === "local");
    expect(local?.tokensUsed).toBeGreaterThan(0);
    expect(usage.body.data.dailyUsage).toEqual([
      { date: today, usage: [{ model: "local", tokensUsed: local?.tokensUsed }] },
    ]);
    // Playground questions belong to no conversation.
    expect(usage.body.data.usageByConversation).toEqual([]);
  });

  it("validates the token usage range and scopes it to the workspace", async () => {
    const reversed = await h.api("POST", "/api/chat/get-token-usage", {
      cookie: owner.cookie,
      body: { startDate: "2026-02-01", endDate: "2026-01-01" },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain("The start date must not be after the end date");
    const long = await h.api("POST", "/api/chat/get-token-usage", {
      cookie: owner.cookie,
      body: { startDate: "2020-01-01", endDate: "2026-01-01" },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("Choose a range of at most 366 days.");
    const badDate = await h.api("POST", "/api/chat/get-token-usage", {
      cookie: owner.cookie,
      body: { startDate: "yesterday", endDate: "2026-01-01" },
    });
    expect(badDate.status).toBe(400);
    const fresh = await h.signUp("owner@empty-shop.example");
    const today = new Date().toISOString().slice(0, 10);
    const empty = await h.api<TokenUsageResponse>("POST", "/api/chat/get-token-usage", {
      cookie: fresh.cookie,
      body: { startDate: today, endDate: today },
    });
    expect(empty.body.data).toEqual({ overallUsage: [], usageByModel: [], usageByConversation: [], dailyUsage: [] });
    expect(
      (
        await h.api("POST", "/api/chat/get-token-usage", {
          cookie: agentCookie,
          body: { startDate: today, endDate: today },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses an empty or oversized playground question", async () => {
    const empty = await h.api("POST", "/api/ai-agent/playground", { cookie: owner.cookie, body: { question: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("question: Question is required");
    const huge = await h.api("POST", "/api/ai-agent/playground", {
      cookie: owner.cookie,
      body: { question: "a".repeat(2001) },
    });
    expect(huge.body.message).toBe("question: Question can be at most 2000 characters");
  });
});
