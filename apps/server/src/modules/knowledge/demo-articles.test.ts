import type { CompanyWithSources, ListDocumentsResponse } from "@harbor/contract/knowledge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { DEMO_ARTICLES } from "./demo-articles";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ withDemoContent: true });
});
afterAll(async () => {
  await h.close();
});

describe("demo content", () => {
  it("a new workspace has the demo articles, indexed and searchable, once onboarding's flag is set", async () => {
    const owner = await h.signUp("newcomer@demo-shop.example");
    const me = await h.api<{ company: { isDemoContentReady: boolean } }>("GET", "/api/user/", { cookie: owner.cookie });
    expect(me.body.data.company.isDemoContentReady).toBe(true);
    const company = await h.api<CompanyWithSources>("GET", "/api/document/sources", { cookie: owner.cookie });
    const articles = company.body.data.sources.find((s) => s.sourceType === "macha-article")!;
    expect(articles.documentCount).toBe(DEMO_ARTICLES.length);
    const list = await h.api<ListDocumentsResponse>("POST", "/api/document/all", {
      cookie: owner.cookie,
      body: { sourceID: articles._id, pageSize: 20 },
    });
    expect(list.body.data.documents.map((d) => d.title).sort()).toEqual(DEMO_ARTICLES.map((a) => a.title).sort());
    const passages = await h.app.services.retriever.retrieve({
      companyId: owner.companyId,
      query: "how long do I have to return?",
    });
    expect(passages[0]?.title).toBe("Returns and refunds");
  });

  it("seeding again (a restart mid-onboarding) adds nothing twice", async () => {
    const owner = await h.signUp("twice@demo-shop.example");
    await h.app.services.knowledgeService.seedDemoArticles(owner.companyId);
    const company = await h.api<CompanyWithSources>("GET", "/api/document/sources", { cookie: owner.cookie });
    expect(company.body.data.sources.find((s) => s.sourceType === "macha-article")!.documentCount).toBe(
      DEMO_ARTICLES.length,
    );
  });
});
