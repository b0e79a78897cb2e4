import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client";
import { installJobQueue } from "../src/platform/jobs/job-runner";
import { withDatabaseName } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
    pgliteSnapshotPath: string;
    testDatabaseUrl: string;
  }
}

/**
 * Migrates one database for the whole run, with the job queue's schema (which a server's first
 * start installs); each test file then starts from a copy of it:
 * a PGlite data-dir snapshot (~0.5 s to restore) or, with TEST_DATABASE_URL, a PostgreSQL
 * database created from a template (CREATE DATABASE … TEMPLATE is a file copy, ~50 ms).
 */
export default async function setup(project: TestProject) {
  // The project config provides which database this run is for ("" = PGlite).
  const testDatabaseUrl = project.config.provide?.testDatabaseUrl ?? "";

  if (testDatabaseUrl) {
    // A template per run: two runs on one server (a developer's and CI's) never share one.
    const templateDatabase = `harbor_test_template_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateDatabase}`);
    await admin.end();
    const template = await openDatabase({
      kind: "postgres",
      connectionString: withDatabaseName(testDatabaseUrl, templateDatabase),
      maxConnections: 1,
    });
    await template.migrate();
    await installJobQueue(template.sql);
    await template.close();
    project.provide("pgliteSnapshotPath", "");
    project.provide("templateDatabase", templateDatabase);
    return async () => {
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
      await dropper.end();
    };
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), "harbor-test-"));
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  await installJobQueue(database.sql);
  const snapshot = await database.dumpDataDir!();
  await database.close();
  const snapshotPath = path.join(folder, "migrated.tar");
  await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshotPath", snapshotPath);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
