import { describe, expect, it } from "vitest";
import { type QuestionCategory, saveCustomReplyRequestSchema, sortCategories } from "./automation";

const category = (title: string, overrides: Partial<QuestionCategory> = {}): QuestionCategory => ({
  _id: "00000000-0000-4000-8000-000000000001",
  title,
  description: "",
  customReplyID: null,
  isActive: true,
  intents: [],
  createdAt: "2026-01-01T00:00:00Z",
  ...overrides,
});

describe("sortCategories (spec part 2 §9)", () => {
  const intent = { _id: "00000000-0000-4000-8000-000000000002", title: "x", customReplyID: null, isActive: true };
  const list = [
    category("delta", { intents: [intent], createdAt: "2026-03-01T00:00:00Z" }),
    category("Alpha", { isActive: false, createdAt: "2026-01-01T00:00:00Z" }),
    category("charlie", { customReplyID: "00000000-0000-4000-8000-000000000003", createdAt: "2026-02-01T00:00:00Z" }),
    category("Bravo", { intents: [intent], createdAt: "2026-01-01T00:00:00Z" }),
  ];
  const titles = (sort: Parameters<typeof sortCategories>[1]) => sortCategories(list, sort).map((c) => c.title);

  it("puts names in ascending order, ignoring case", () => {
    expect(titles("name")).toEqual(["Alpha", "Bravo", "charlie", "delta"]);
  });

  it("puts intents, status, custom replies and created date in descending order, ties by name", () => {
    expect(titles("intents")).toEqual(["Bravo", "delta", "Alpha", "charlie"]);
    expect(titles("status")).toEqual(["Bravo", "charlie", "delta", "Alpha"]);
    expect(titles("custom-replies")).toEqual(["charlie", "Alpha", "Bravo", "delta"]);
    expect(titles("created-date")).toEqual(["delta", "charlie", "Alpha", "Bravo"]);
  });

  it("leaves the given list as it was", () => {
    sortCategories(list, "name");
    expect(list.map((c) => c.title)).toEqual(["delta", "Alpha", "charlie", "Bravo"]);
  });
});

describe("saveCustomReplyRequestSchema", () => {
  it("keeps an action's own fields and refuses unknown action types and repeated node ids", () => {
    const action = { _id: "a", actionType: "message_content", message: { content: "Hi" } };
    const parsed = saveCustomReplyRequestSchema.parse({ name: "Hi", nodes: [{ _id: "n", actions: [action] }] });
    expect(parsed.nodes?.[0]?.actions[0]).toEqual(action);
    expect(saveCustomReplyRequestSchema.safeParse({ name: "Hi" }).data?.nodes).toBeUndefined();
    const badType = { name: "Hi", nodes: [{ _id: "n", actions: [{ _id: "a", actionType: "teleport" }] }] };
    expect(saveCustomReplyRequestSchema.safeParse(badType).success).toBe(false);
    const twice = {
      name: "Hi",
      nodes: [
        { _id: "n", actions: [] },
        { _id: "n", actions: [] },
      ],
    };
    expect(saveCustomReplyRequestSchema.safeParse(twice).error?.issues[0]?.message).toBe("Node ids must differ");
  });
});
