import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database";
import { type DatabaseHandle, queryRows } from "../../db/client";
import { createEmbeddedMaintenance } from "./embedded-maintenance";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const tableStats = async (name: string) => {
  const [row] = await queryRows<{ reltuples: number; deadRows: number; isAnalysed: boolean }>(
    database.db,
    sql`select c.reltuples::float8 as reltuples, s.n_dead_tup::int as "deadRows", s.last_analyze is not null as "isAnalysed"
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relname = ${name}`,
  );
  return row!;
};

/** Statistics reach pg_stat_user_tables when the backend flushes them; this asks it to, then waits. */
async function flushStatistics() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await database.db.execute(sql`select 1`);
}

describe("embedded maintenance", () => {
  it("analyses a table that filled up and vacuums one whose rows were deleted, then has nothing to do", async () => {
    await database.db.execute(
      // On PostgreSQL the real autovacuum must not get there first.
      sql`create table maintenance_probe (id int primary key, note text) with (autovacuum_enabled = false)`,
    );
    await database.db.execute(
      sql`insert into maintenance_probe select g, repeat('x', 40) from generate_series(1, 5000) g`,
    );
    await database.db.execute(sql`delete from maintenance_probe where id <= 3000`);
    await flushStatistics();
    expect((await tableStats("maintenance_probe")).isAnalysed).toBe(false);

    const maintenance = createEmbeddedMaintenance({ db: database.db });
    const done = await maintenance.run();

    expect(done).toContainEqual({ tableName: "public.maintenance_probe", isVacuumDue: true });
    await flushStatistics();
    const after = await tableStats("maintenance_probe");
    expect(after.isAnalysed).toBe(true);
    expect(after.reltuples).toBe(2000);
    expect(after.deadRows).toBe(0);

    // Nothing changed since: the next round leaves the table alone.
    const again = await maintenance.run();
    expect(again.map((table) => table.tableName)).not.toContain("public.maintenance_probe");
  });
});
