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

describe("plain SQL (what the job queue sends)", () => {
  it("runs a script with its own BEGIN … COMMIT; one that fails is rolled back and leaves every connection usable", async () => {
    await database.sql.executeSql("create table script_probe (n int primary key)");
    await database.sql.executeSql(
      "BEGIN; insert into script_probe values (1); insert into script_probe values (2); COMMIT;",
    );
    await expect(
      database.sql.executeSql("BEGIN; insert into script_probe values (3); select 1 / 0; COMMIT;"),
    ).rejects.toThrow(/division by zero/);
    // More queries at once than the pool has connections: the failed script's one among them.
    const counts = await Promise.all(
      Array.from({ length: 12 }, () => database.sql.executeSql("select count(*)::int as n from script_probe", [])),
    );
    for (const count of counts) expect(count.rows).toEqual([{ n: 2 }]);
  });

  it("commits a transaction, and rolls one back when its work throws", async () => {
    await database.sql.executeSql("create table transaction_probe (n int primary key)");
    await database.sql.transaction(async (tx) => {
      await tx.executeSql("insert into transaction_probe values ($1)", [1]);
    });
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.executeSql("insert into transaction_probe values ($1)", [2]);
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    const { rows } = await database.sql.executeSql("select n from transaction_probe order by n", []);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
