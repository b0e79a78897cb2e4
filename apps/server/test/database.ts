import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client";

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * PostgreSQL runs only: a fresh migrated database of its own (with the job queue's schema) for
 * tests that open it more than once (two nodes, another process); `drop` removes it.
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const testDatabaseUrl = inject("testDatabaseUrl");
  if (!testDatabaseUrl) throw new Error("A PostgreSQL test database needs TEST_DATABASE_URL");
  const name = `harbor_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabaseName(testDatabaseUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file, of the kind the run was asked for. Dropping it is
 * part of `close()`, so a file's data never leaks into another file.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!inject("testDatabaseUrl")) {
    return openDatabase({ kind: "pglite", loadDataDirPath: inject("pgliteSnapshotPath") });
  }
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", connectionString: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
