import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "./client";
import { DatabaseThreadError, PGliteInWorker } from "./pglite-in-worker";

const workerPath = new URL("./pglite-worker.mjs", import.meta.url);

// The embedded database's own tests: the PostgreSQL run of the suite has nothing to add here.
describe.skipIf(Boolean(inject("testDatabaseUrl")))("PGlite on its own thread", () => {
  let client: PGliteInWorker;
  beforeAll(async () => {
    client = await PGliteInWorker.create({ workerPath, startParams: [] });
    await client.query("create table notes (id int primary key, body text not null)");
  });
  afterAll(async () => {
    await client.close();
  });

  const bodies = async () => (await client.query("select body from notes order by id")).rows;

  it("commits a transaction and rolls one back when its callback throws, rethrowing that error", async () => {
    await client.transaction(async (tx) => {
      await tx.query("insert into notes values ($1, $2)", [1, "kept"]);
    });
    const failure = new Error("the caller changed its mind");
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into notes values ($1, $2)", [2, "dropped"]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await bodies()).toEqual([{ body: "kept" }]);
  });

  it("answers a PostgreSQL error with its code, and stays usable", async () => {
    const error = await client.query("insert into notes values (1, 'again')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseThreadError);
    expect(error).toMatchObject({ code: "23505", constraint: "notes_pkey" });
    expect(await bodies()).toEqual([{ body: "kept" }]);
  });

  it("holds other queries until an open transaction ends, as PGlite does in one thread", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query("insert into notes values (3, 'in the transaction')");
      outside = client.query("select count(*)::int as n from notes").then((result) => {
        order.push("outside query");
        return result.rows[0];
      });
      // Give the outside query every chance to run early.
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("commit");
    });
    expect(await outside).toEqual({ n: 2 });
    expect(order).toEqual(["commit", "outside query"]);
  });

  it("keeps the server's thread free while the database works", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      // Long enough to span many timer ticks: in-thread PGlite would block every one of them.
      await client.query("select count(*) from generate_series(1, 4000000)");
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(2);
  });

  it("refuses a parser it cannot carry across threads, with a message that says so", async () => {
    await expect(client.query("select 1", [], { parsers: { 23: (value) => Number(value) * 2 } })).rejects.toThrow(
      /only text-keeping parsers/,
    );
  });
});

describe.skipIf(Boolean(inject("testDatabaseUrl")))("the embedded database through drizzle", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    await database.db.execute(sql`create table tallies (name text primary key, n int not null)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it("rolls back an inner savepoint alone and keeps dates as drizzle reads them", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tallies values ('outer', 1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into tallies values ('inner', 2)`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    expect(await queryRows(database.db, sql`select name, n from tallies order by name`)).toEqual([
      { name: "outer", n: 1 },
    ]);
    const [row] = await queryRows<{ at: string }>(database.db, sql`select '2026-01-02 03:04:05+00'::timestamptz as at`);
    expect(row?.at).toBe("2026-01-02 03:04:05+00");
  });

  it("dumps its data folder, and a database opened from that dump holds the same rows", async () => {
    const snapshot = await database.dumpDataDir!();
    const restored = await openDatabase({ kind: "pglite", loadDataDir: snapshot });
    try {
      expect(await queryRows(restored.db, sql`select name, n from tallies`)).toEqual([{ name: "outer", n: 1 }]);
    } finally {
      await restored.close();
    }
  });

  it("creates a new data folder (initdb on a thread of its own), then keeps its rows across a restart", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "harbor-new-folder-"));
    try {
      const dataDir = path.join(folder, "db");
      const first = await openDatabase({ kind: "pglite", dataDir });
      await first.sql.executeSql("create table marks (name text)");
      await first.sql.executeSql("insert into marks values ($1)", ["kept"]);
      await first.close();
      const second = await openDatabase({ kind: "pglite", dataDir });
      try {
        expect(await queryRows(second.db, sql`select name from marks`)).toEqual([{ name: "kept" }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("restores a snapshot file by its path, read on the database thread", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "harbor-snapshot-"));
    try {
      const snapshotPath = path.join(folder, "snapshot.tar");
      await writeFile(snapshotPath, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      const restored = await openDatabase({ kind: "pglite", loadDataDirPath: snapshotPath });
      try {
        expect(await queryRows(restored.db, sql`select name, n from tallies`)).toEqual([{ name: "outer", n: 1 }]);
      } finally {
        await restored.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
