import type { DataModel } from "@harbor/contract/ai-agent";
import type { CustomReply, CustomReplyListItem, Intent, QuestionCategory } from "@harbor/contract/automation";
import { CATEGORY_DESCRIPTION_MAX } from "@harbor/contract/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@automation-shop.example");
  rival = await h.signUp("owner@automation-rival.example");
  agentCookie = (
    await h.addMember(owner.cookie, { name: "Agent", email: "agent@automation-shop.example", role: "agent" })
  ).cookie;
});

afterAll(async () => {
  await h?.close();
});

const post = <T>(path: string, body: unknown, cookie = owner.cookie) => h.api<T>("POST", path, { cookie, body });
const get = <T>(path: string, cookie = owner.cookie) => h.api<T>("GET", path, { cookie });

async function saveCategory(body: Record<string, unknown>, cookie = owner.cookie) {
  const response = await post<QuestionCategory>("/api/question-category/add", body, cookie);
  expect(response.status, response.body.message).toBe(200);
  return response.body.data;
}

async function saveReply(body: Record<string, unknown>, cookie = owner.cookie) {
  const response = await post<CustomReply>("/api/custom-reply/save", body, cookie);
  expect(response.status, response.body.message).toBe(200);
  return response.body.data;
}

/** What the AI engine reads for the company: the categories the classifier chooses from. */
const engineCategories = async (companyId = owner.companyId) =>
  (await h.app.services.aiAgentService.settingsFor(companyId)).categories;

describe("question categories", () => {
  it("are for admins of the workspace only", async () => {
    expect((await h.api("GET", "/api/question-category/all")).status).toBe(401);
    const paths = [
      "/api/question-category/get",
      "/api/question-category/add",
      "/api/question-category/update",
      "/api/question-category/delete",
      "/api/question-category/intent/add",
      "/api/question-category/intent/update",
      "/api/question-category/intent/delete",
      "/api/custom-reply/get",
      "/api/custom-reply/save",
      "/api/custom-reply/delete",
      "/api/data-model/save",
    ];
    // A body every route accepts, so the role is what refuses (validation runs first).
    const body = {
      questionCategoryID: MISSING_ID,
      customReplyID: MISSING_ID,
      intentID: MISSING_ID,
      title: "T",
      description: "D",
      name: "N",
      intent: { title: "T" },
      fields: [{ key: "a", title: "A" }],
    };
    for (const path of paths) {
      const response = await post(path, body, agentCookie);
      expect(response.status, path).toBe(403);
      expect(response.body.message).toBe("Only admins of this workspace can do that.");
    }
    for (const path of ["/api/question-category/all", "/api/custom-reply/all", "/api/data-model/all"]) {
      expect((await get(path, agentCookie)).status, path).toBe(403);
    }
  });

  it("creates without an id, updates with one, and the engine reads the change at once", async () => {
    const created = await saveCategory({ title: " Shipping ", description: "Delivery times and costs" });
    expect(created).toMatchObject({
      title: "Shipping",
      description: "Delivery times and costs",
      customReplyID: null,
      isActive: true,
      intents: [],
    });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
    expect(await engineCategories()).toEqual([
      { title: "Shipping", description: "Delivery times and costs", intents: [] },
    ]);

    const updated = await post<QuestionCategory>("/api/question-category/update", {
      questionCategoryID: created._id,
      title: "Delivery",
      description: "Delivery times",
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("Category saved");
    expect(updated.body.data).toMatchObject({ _id: created._id, title: "Delivery", isActive: false });
    expect(await engineCategories()).toEqual([]);

    const fetched = await post<QuestionCategory>("/api/question-category/get", { questionCategoryID: created._id });
    expect(fetched.body.data).toEqual(updated.body.data);
    const all = await get<QuestionCategory[]>("/api/question-category/all");
    expect(all.body.data).toEqual([updated.body.data]);

    const deleted = await post("/api/question-category/delete", { questionCategoryID: created._id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Category deleted");
    expect((await get<QuestionCategory[]>("/api/question-category/all")).body.data).toEqual([]);
    expect((await post("/api/question-category/delete", { questionCategoryID: created._id })).status).toBe(404);
  });

  it("validates per spec part 2 §5 with envelopes", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: "x" }, "Name is required"],
      [{ title: "   ", description: "x" }, "Name is required"],
      [{ title: "Returns" }, "Description is required"],
      [{ title: "Returns", description: "x".repeat(CATEGORY_DESCRIPTION_MAX + 1) }, "at most 250 characters"],
      [{ title: "Returns", description: "x", customReplyID: "nope" }, "Not a valid id"],
      [{ title: "Returns", description: "x", isActive: "yes" }, "isActive"],
    ];
    for (const [body, message] of cases) {
      const response = await post("/api/question-category/add", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.hasError).toBe(true);
      expect(response.body.message).toContain(message);
    }
    // Exactly 250 characters is allowed.
    const longest = await saveCategory({ title: "Long", description: "x".repeat(CATEGORY_DESCRIPTION_MAX) });
    // A title the company already has (in any case) is refused: the inbox and the engine go by title.
    const duplicate = await post("/api/question-category/add", { title: "LONG", description: "again" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A category named "LONG" already exists.');
    const missing = await post("/api/question-category/update", {
      questionCategoryID: MISSING_ID,
      title: "A",
      description: "b",
    });
    expect(missing.status).toBe(404);
    await post("/api/question-category/delete", { questionCategoryID: longest._id });
  });

  it("never shows or changes another company's category", async () => {
    const theirs = await saveCategory({ title: "Rival stuff", description: "Theirs" }, rival.cookie);
    expect((await get<QuestionCategory[]>("/api/question-category/all")).body.data).toEqual([]);
    expect((await post("/api/question-category/get", { questionCategoryID: theirs._id })).status).toBe(404);
    const update = await post("/api/question-category/update", {
      questionCategoryID: theirs._id,
      title: "Hijacked",
      description: "Ours now",
    });
    expect(update.status).toBe(404);
    expect((await post("/api/question-category/delete", { questionCategoryID: theirs._id })).status).toBe(404);
    const intent = await post("/api/question-category/intent/add", {
      questionCategoryID: theirs._id,
      intent: { title: "Where is my order?" },
    });
    expect(intent.status).toBe(404);
    // The same title is free in another company.
    const ours = await saveCategory({ title: "Rival stuff", description: "Ours" });
    expect(
      (await post<QuestionCategory>("/api/question-category/get", { questionCategoryID: theirs._id }, rival.cookie))
        .body.data,
    ).toMatchObject({ title: "Rival stuff", description: "Theirs", intents: [] });
    await post("/api/question-category/delete", { questionCategoryID: ours._id });
    // Another company's custom reply cannot be attached.
    const theirReply = await saveReply({ name: "Rival flow" }, rival.cookie);
    const attach = await post("/api/question-category/add", {
      title: "X",
      description: "y",
      customReplyID: theirReply._id,
    });
    expect(attach.status).toBe(400);
    expect(attach.body.message).toBe("customReplyID: Choose one of your custom replies");
  });
});

describe("intents", () => {
  it("are added, updated and deleted under their category", async () => {
    const category = await saveCategory({ title: "Orders", description: "Order questions" });
    const added = await post<Intent>("/api/question-category/intent/add", {
      questionCategoryID: category._id,
      intent: { title: "Where is my order?" },
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe("Intent saved");
    expect(added.body.data).toMatchObject({ title: "Where is my order?", customReplyID: null, isActive: true });
    const second = await post<Intent>("/api/question-category/intent/add", {
      questionCategoryID: category._id,
      intent: { title: "Cancel my order", isActive: false },
    });
    expect(await engineCategories()).toEqual([
      { title: "Orders", description: "Order questions", intents: ["Where is my order?"] },
    ]);

    const reply = await saveReply({ name: "Track order" });
    const updated = await post<Intent>("/api/question-category/intent/update", {
      questionCategoryID: category._id,
      intent: { _id: added.body.data._id, title: "Track my order", customReplyID: reply._id, isActive: true },
    });
    expect(updated.body.data).toEqual({
      _id: added.body.data._id,
      title: "Track my order",
      customReplyID: reply._id,
      isActive: true,
    });
    const stored = await post<QuestionCategory>("/api/question-category/get", { questionCategoryID: category._id });
    // The order of intents is kept: the updated one stays first.
    expect(stored.body.data.intents).toEqual([updated.body.data, second.body.data]);

    const duplicate = await post("/api/question-category/intent/add", {
      questionCategoryID: category._id,
      intent: { title: "track my order" },
    });
    expect(duplicate.status).toBe(409);
    const deleted = await post("/api/question-category/intent/delete", {
      questionCategoryID: category._id,
      intentID: second.body.data._id,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Intent deleted");
    const again = await post("/api/question-category/intent/delete", {
      questionCategoryID: category._id,
      intentID: second.body.data._id,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This intent no longer exists.");
    const after = await post<QuestionCategory>("/api/question-category/get", { questionCategoryID: category._id });
    expect(after.body.data.intents).toEqual([updated.body.data]);

    // Deleting the reply takes it off the intent (and off categories), in the same transaction.
    await post<QuestionCategory>("/api/question-category/update", {
      questionCategoryID: category._id,
      title: "Orders",
      description: "Order questions",
      customReplyID: reply._id,
    });
    expect((await post("/api/custom-reply/delete", { customReplyID: reply._id })).status).toBe(200);
    const cleared = await post<QuestionCategory>("/api/question-category/get", { questionCategoryID: category._id });
    expect(cleared.body.data.customReplyID).toBeNull();
    expect(cleared.body.data.intents).toEqual([{ ...updated.body.data, customReplyID: null }]);
    await post("/api/question-category/delete", { questionCategoryID: category._id });
  });

  it("validates the intent and its category", async () => {
    const category = await saveCategory({ title: "Returns", description: "Return questions" });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ questionCategoryID: category._id, intent: {} }, 400, "Description is required"],
      [{ questionCategoryID: category._id, intent: { title: " " } }, 400, "Description is required"],
      [{ questionCategoryID: category._id }, 400, "intent"],
      [{ questionCategoryID: "x", intent: { title: "Refund" } }, 400, "Not a valid id"],
      [{ questionCategoryID: MISSING_ID, intent: { title: "Refund" } }, 404, "This category no longer exists."],
      [
        { questionCategoryID: category._id, intent: { _id: MISSING_ID, title: "Refund" } },
        404,
        "This intent no longer exists.",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await post("/api/question-category/intent/update", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message).toContain(message);
    }
    await post("/api/question-category/delete", { questionCategoryID: category._id });
  });
});

describe("custom replies", () => {
  const nodes = [
    {
      _id: "start",
      actions: [
        { _id: "a1", actionType: "message_content", message: { content: "Hi" } },
        { _id: "a3", actionType: "condition", branches: [{ conditions: [], nextNode: { nodeID: "end" } }] },
      ],
    },
    { _id: "end", actions: [{ _id: "a2", actionType: "widget_event", widgetEvent: { event: "end_chat" } }] },
  ];

  it("saves, lists by name with node counts, gets and deletes", async () => {
    const zebra = await saveReply({ name: "Zebra flow", nodes });
    expect(zebra).toMatchObject({ name: "Zebra flow", isActive: true, nodes });
    const alpha = await saveReply({ name: "Alpha flow", isActive: false });
    const list = await get<CustomReplyListItem[]>("/api/custom-reply/all");
    expect(list.body.data).toEqual([
      { _id: alpha._id, name: "Alpha flow", isActive: false, nodeCount: 0 },
      { _id: zebra._id, name: "Zebra flow", isActive: true, nodeCount: 2 },
    ]);
    const renamed = await post<CustomReply>("/api/custom-reply/save", {
      customReplyID: alpha._id,
      name: "Beta flow",
      isActive: true,
      nodes: nodes.slice(1),
    });
    expect(renamed.body).toMatchObject({ message: "Custom reply saved", data: { _id: alpha._id, name: "Beta flow" } });
    const fetched = await post<CustomReply>("/api/custom-reply/get", { customReplyID: alpha._id });
    expect(fetched.body.data).toEqual({ _id: alpha._id, name: "Beta flow", isActive: true, nodes: nodes.slice(1) });
    // A save without nodes renames and keeps the graph.
    const kept = await post<CustomReply>("/api/custom-reply/save", { customReplyID: alpha._id, name: "Gamma flow" });
    expect(kept.body.data).toEqual({ _id: alpha._id, name: "Gamma flow", isActive: true, nodes: nodes.slice(1) });
    const deleted = await post("/api/custom-reply/delete", { customReplyID: zebra._id });
    expect(deleted.body.message).toBe("Custom reply deleted");
    expect((await post("/api/custom-reply/get", { customReplyID: zebra._id })).status).toBe(404);
    expect((await post("/api/custom-reply/delete", { customReplyID: zebra._id })).status).toBe(404);
    await post("/api/custom-reply/delete", { customReplyID: alpha._id });
  });

  it("validates names, graphs and ownership", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, "Name is required"],
      [{ name: "x".repeat(121) }, 400, "at most 120 characters"],
      [{ name: "A", nodes: [{ _id: "n", actions: [{ _id: "a", actionType: "teleport" }] }] }, 400, "actionType"],
      [
        {
          name: "A",
          nodes: [
            { _id: "n", actions: [] },
            { _id: "n", actions: [] },
          ],
        },
        400,
        "Node ids must differ",
      ],
      [{ name: "A", nodes: "none" }, 400, "nodes"],
      [{ name: "A", customReplyID: MISSING_ID }, 404, "This custom reply no longer exists."],
    ];
    for (const [body, status, message] of cases) {
      const response = await post("/api/custom-reply/save", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message).toContain(message);
    }
    const mine = await saveReply({ name: "Refunds" });
    const duplicate = await post("/api/custom-reply/save", { name: "refunds" });
    expect(duplicate.status).toBe(409);
    // Another company: not listed, not readable, not writable, not deletable; the name is free there.
    const theirs = await saveReply({ name: "Refunds" }, rival.cookie);
    expect((await get<CustomReplyListItem[]>("/api/custom-reply/all")).body.data.map((reply) => reply._id)).toEqual([
      mine._id,
    ]);
    expect((await post("/api/custom-reply/get", { customReplyID: theirs._id })).status).toBe(404);
    expect((await post("/api/custom-reply/save", { customReplyID: theirs._id, name: "Mine" })).status).toBe(404);
    expect((await post("/api/custom-reply/delete", { customReplyID: theirs._id })).status).toBe(404);
    expect(
      (await post<CustomReply>("/api/custom-reply/get", { customReplyID: theirs._id }, rival.cookie)).body.data.name,
    ).toBe("Refunds");
    await post("/api/custom-reply/delete", { customReplyID: mine._id });
  });
});

describe("custom reply graphs", () => {
  const ask = {
    _id: "ask",
    actionType: "answer_bubbles",
    answerBubbles: { content: "Which size?", bubbles: [{ message: "Small", value: "s" }] },
    dataModel: { fields: [{ key: "size" }] },
  };
  const branch = {
    _id: "branch",
    actionType: "condition",
    branches: [
      {
        conditions: [{ parameter: { key: "size" }, operator: "equals", compareValue: { value: "s" } }],
        nextNode: { nodeID: "small" },
      },
      { conditions: [], nextNode: { nodeID: "other" } },
    ],
  };
  const say = (id: string, content: string) => ({ _id: id, actionType: "message_content", message: { content } });

  it("keeps a reply that branches on a question, with node positions and schema defaults", async () => {
    const nodes = [
      { _id: "start", position: { x: 0, y: 0 }, actions: [ask, branch] },
      { _id: "small", position: { x: 300, y: -80 }, actions: [say("m1", "Small it is")] },
      { _id: "other", position: { x: 300, y: 80 }, actions: [say("m2", "Let me check")] },
    ];
    const saved = await saveReply({ name: "Sizes", nodes });
    const fetched = await post<CustomReply>("/api/custom-reply/get", { customReplyID: saved._id });
    expect(fetched.body.data.nodes).toEqual([
      { ...nodes[0], actions: [{ ...ask, dataModel: { fields: [{ key: "size", required: false }] } }, branch] },
      nodes[1],
      nodes[2],
    ]);
    await post("/api/custom-reply/delete", { customReplyID: saved._id });
  });

  it("refuses a graph that cannot run, naming the node, and keeps what was saved", async () => {
    const saved = await saveReply({ name: "Broken", nodes: [{ _id: "start", actions: [say("m1", "Hi")] }] });
    const cases: [unknown[], string][] = [
      [[{ _id: "start", actions: [say("m1", " ")] }], "Node 1, action 1 (Message): Message is required."],
      [
        [
          { _id: "start", actions: [say("m1", "Hi")] },
          { _id: "lost", actions: [say("m2", "Hi")] },
        ],
        "Node 2: no branch leads to it from Node 1, where the reply starts.",
      ],
      [
        [{ _id: "start", actions: [ask, { ...branch, branches: [{ conditions: [], nextNode: { nodeID: "gone" } }] }] }],
        "Node 1, action 2 (Condition), branch 1: leads to a node or action that no longer exists.",
      ],
      [
        [
          {
            _id: "start",
            actions: [say("m1", "Hi"), { ...branch, branches: [{ conditions: [], nextNode: { nodeID: "start" } }] }],
          },
        ],
        "Node 1: the loop Node 1 → Node 1 never waits for the visitor; add answer bubbles or a form to it.",
      ],
      [
        [{ _id: "start", actions: [say("m1", ""), { ...ask, answerBubbles: { content: "", bubbles: [] } }] }],
        "Node 1, action 1 (Message): Message is required (and 2 more).",
      ],
    ];
    for (const [nodes, message] of cases) {
      const response = await post("/api/custom-reply/save", { customReplyID: saved._id, name: "Broken", nodes });
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual({ hasError: true, message, data: null });
    }
    const kept = await post<CustomReply>("/api/custom-reply/get", { customReplyID: saved._id });
    expect(kept.body.data.nodes).toEqual([{ _id: "start", actions: [say("m1", "Hi")] }]);
    // A warning alone (a condition on a key no step fills) does not stop a save.
    const warned = await post("/api/custom-reply/save", {
      customReplyID: saved._id,
      name: "Broken",
      nodes: [
        { _id: "start", actions: [{ ...branch, branches: [{ ...branch.branches[0], nextNode: { nodeID: "end" } }] }] },
        { _id: "end", actions: [say("m1", "Done")] },
      ],
    });
    expect(warned.status, warned.body.message).toBe(200);
    await post("/api/custom-reply/delete", { customReplyID: saved._id });
  });
});

describe("data models", () => {
  it("lists the Customer model first, creates and updates without dropping keys", async () => {
    const initial = await get<DataModel[]>("/api/data-model/all");
    expect(initial.body.data.map((model) => model.name)).toEqual(["Customer"]);
    const created = await post<DataModel>("/api/data-model/save", {
      name: "Return request",
      fields: [
        { key: "orderNumber", title: "Order number" },
        { key: "reason", title: "Reason" },
      ],
    });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.message).toBe("Data model saved");
    const updated = await post<DataModel>("/api/data-model/save", {
      dataModelID: created.body.data._id,
      name: "Returns",
      fields: [
        { key: "orderNumber", title: "Order no." },
        { key: "reason", title: "Reason" },
        { key: "photo_url", title: "Photo" },
      ],
    });
    expect(updated.body.data).toEqual({
      _id: created.body.data._id,
      name: "Returns",
      fields: [
        { key: "orderNumber", title: "Order no." },
        { key: "reason", title: "Reason" },
        { key: "photo_url", title: "Photo" },
      ],
    });
    const dropped = await post("/api/data-model/save", {
      dataModelID: created.body.data._id,
      name: "Returns",
      fields: [{ key: "orderNumber", title: "Order" }],
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body.message).toBe("fields: Keep the fields reason, photo_url; forms and chats refer to them");
    const all = await get<DataModel[]>("/api/data-model/all");
    expect(all.body.data.map((model) => model.name)).toEqual(["Customer", "Returns"]);
    // Rivals see only their own.
    expect((await get<DataModel[]>("/api/data-model/all", rival.cookie)).body.data.map((model) => model.name)).toEqual([
      "Customer",
    ]);
    const hijack = await post(
      "/api/data-model/save",
      { dataModelID: created.body.data._id, name: "X", fields: [{ key: "a", title: "A" }] },
      rival.cookie,
    );
    expect(hijack.status).toBe(404);
  });

  it("validates names, keys and fields", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fields: [{ key: "a", title: "A" }] }, 400, "Name is required"],
      [{ name: "Empty", fields: [] }, 400, "at least one field"],
      [
        { name: "Bad key", fields: [{ key: "Order Number", title: "A" }] },
        400,
        "A key starts with a lower-case letter",
      ],
      [
        {
          name: "Twice",
          fields: [
            { key: "a", title: "A" },
            { key: "a", title: "B" },
          ],
        },
        400,
        "Keys must differ",
      ],
      [{ name: "No title", fields: [{ key: "a", title: "" }] }, 400, "Field title is required"],
      [{ name: "Customer", fields: [{ key: "a", title: "A" }] }, 409, 'A data model named "Customer" already exists.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post("/api/data-model/save", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message).toContain(message);
    }
  });
});
