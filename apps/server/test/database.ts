import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client";

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file, of the kind the run was asked for. Dropping it is
 * part of `close()`, so a file's data never leaks into another file.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const testDatabaseUrl = inject("testDatabaseUrl");
  if (!testDatabaseUrl) {
    const snapshot = await readFile(inject("pgliteSnapshotPath"));
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([snapshot]) });
  }

  const name = `harbor_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: "postgres", connectionString: withDatabaseName(testDatabaseUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
