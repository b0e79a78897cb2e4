import { afterAll, beforeAll, expect } from "vitest";
import { createHarness, type Harness } from "./harness";

export type ArticlePage = { title: string; content: string };

/**
 * A company whose knowledge is just these articles, saved through the API before the file's tests
 * and closed after them: for tests of how retrieval ranks a handful of pages.
 */
export function companyWithArticles(email: string, pages: ArticlePage[]) {
  let h: Harness | undefined;
  let companyId = "";
  beforeAll(async () => {
    h = await createHarness();
    const owner = await h.signUp(email);
    companyId = owner.companyId;
    for (const page of pages) {
      const saved = await h.api("POST", "/api/document/article/save", {
        cookie: owner.cookie,
        body: { document: { title: page.title, chunks: [{ content: page.content }] } },
      });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(async () => {
    await h?.close();
  });
  return {
    /** The titles of the best passages for a question, best first, by full text alone (the hashing vectors would rank a few pages somehow whatever the words). */
    async titles(query: string, limit = 3): Promise<string[]> {
      if (!h) throw new Error("companyWithArticles: used outside a test");
      const found = await h.app.services.retriever.retrieve({ companyId, query, limit, mode: "text" });
      return found.map((passage) => passage.title);
    },
  };
}
