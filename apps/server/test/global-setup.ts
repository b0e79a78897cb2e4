import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client";
import { TEMPLATE_DATABASE, withDatabaseName } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    testDatabaseUrl: string;
  }
}

/**
 * Migrates one database for the whole run; each test file then starts from a copy of it:
 * a PGlite data-dir snapshot (~0.5 s to restore) or, with TEST_DATABASE_URL, a PostgreSQL
 * database created from a template (CREATE DATABASE … TEMPLATE is a file copy, ~50 ms).
 */
export default async function setup(project: TestProject) {
  // The project config provides which database this run is for ("" = PGlite).
  const testDatabaseUrl = project.config.provide?.testDatabaseUrl ?? "";

  if (testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({
      kind: "postgres",
      connectionString: withDatabaseName(testDatabaseUrl, TEMPLATE_DATABASE),
      maxConnections: 1,
    });
    await template.migrate();
    await template.close();
    project.provide("pgliteSnapshotPath", "");
    return;
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), "harbor-test-"));
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const snapshot = await database.dumpDataDir!();
  await database.close();
  const snapshotPath = path.join(folder, "migrated.tar");
  await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshotPath", snapshotPath);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
