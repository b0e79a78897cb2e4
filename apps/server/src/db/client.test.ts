import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { type DatabaseHandle, HNSW_EF_SEARCH, queryRows } from "./client";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("every connection", () => {
  // Retrieval relies on these without a transaction of its own (decision 011): without the
  // iterative scan, one company's passages can be lost behind other companies' in the HNSW index.
  it("searches HNSW over the retrieval's candidates and keeps going until the filter is met", async () => {
    const settings = await Promise.all(
      Array.from({ length: 3 }, () =>
        queryRows<{ efSearch: string; iterativeScan: string }>(
          database.db,
          sql`select current_setting('hnsw.ef_search') as "efSearch", current_setting('hnsw.iterative_scan') as "iterativeScan"`,
        ),
      ),
    );
    for (const [row] of settings) {
      expect(row).toEqual({ efSearch: String(HNSW_EF_SEARCH), iterativeScan: "relaxed_order" });
    }
  });
});
