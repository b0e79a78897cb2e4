import { questionCategorySchema } from "@harbor/contract/automation";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureOf, stubFetch, takeDriftedAnswers } from "./fetch-stub";

const category = {
  _id: "00000000-0000-4000-8000-000000000001",
  title: "Shipping",
  description: "Where parcels are",
  customReplyID: null,
  isActive: true,
  intents: [],
  createdAt: "2025-11-12T09:00:00.000Z",
};

afterEach(() => {
  // These tests provoke drift on purpose; what they provoke is asserted, not left for setup.ts.
  takeDriftedAnswers();
});

describe("fixtureOf", () => {
  it("hands back a fixture the contract accepts", () => {
    expect(fixtureOf(questionCategorySchema, category)).toEqual(category);
  });

  it("rejects a fixture that drifted from the contract, naming it", () => {
    const drifted = { ...category, title: 42 } as unknown as typeof category;
    expect(() => fixtureOf(questionCategorySchema, drifted, "shipping category")).toThrow(
      /shipping category does not match the contract/,
    );
  });
});

describe("stubFetch checks stubbed answers against the contract", () => {
  it("answers with data that matches the route's schema", async () => {
    stubFetch({ "POST /api/question-category/get": () => ({ data: category }) });
    const response = await fetch("/api/question-category/get", { method: "POST", body: "{}" });
    expect((await response.json()).data).toEqual(category);
    expect(takeDriftedAnswers()).toEqual([]);
  });

  it("refuses data the real server could not send and reports it as drift", async () => {
    stubFetch({ "POST /api/question-category/get": () => ({ data: { ...category, intents: "none" } }) });
    await expect(fetch("/api/question-category/get", { method: "POST", body: "{}" })).rejects.toThrow(
      /POST \/api\/question-category\/get answered data the contract rejects/,
    );
    expect(takeDriftedAnswers()).toHaveLength(1);
  });

  it("refuses a successful answer on a route the contract map does not know", async () => {
    stubFetch({ "GET /api/nowhere": () => ({ data: {} }) });
    await expect(fetch("/api/nowhere")).rejects.toThrow(/has no response schema/);
    expect(takeDriftedAnswers()).toHaveLength(1);
  });

  it("lets error answers through unchecked: their data is not a response shape", async () => {
    stubFetch({ "POST /api/question-category/get": () => ({ status: 404, message: "Category not found" }) });
    const response = await fetch("/api/question-category/get", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(takeDriftedAnswers()).toEqual([]);
  });
});
