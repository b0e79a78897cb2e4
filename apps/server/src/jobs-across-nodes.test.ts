import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createPostgresTestDatabase } from "../test/database";
import { buildApp, type HarborApp } from "./app";
import { loadConfig } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { companies, knowledgeDocuments, knowledgeSources } from "./db/schema/index";
import { createJobRunner } from "./platform/jobs/job-runner";

/** The knowledge module's sync job and resync tick (their names are the queues'). */
const SYNC_SOURCE_JOB = "knowledge.sync-source";
const QUEUE_DUE_SYNCS = "knowledge.queue-due-syncs";
const jobTimings = { pollIntervalMs: 100, maintenanceIntervalSeconds: 1, cronIntervalSeconds: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silentLog = { info() {}, warn() {}, error() {} };
const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
const nodeScript = fileURLToPath(new URL("../test/job-node.ts", import.meta.url));

/**
 * Server nodes sharing one PostgreSQL database, as in the scaled mode: a node killed with SIGKILL in
 * the middle of a job, and a schedule that both nodes have.
 */
describe.runIf(inject("testDatabaseUrl"))("jobs across server nodes on one PostgreSQL", () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let dataDir: string;
  const handles: DatabaseHandle[] = [];
  const apps: HarborApp[] = [];
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    created = await createPostgresTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-nodes-"));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    for (const app of apps.splice(0)) await app.close();
    for (const handle of handles.splice(0)) await handle.close();
    await created.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A database connection pool of its own, as each node has. */
  async function connect() {
    const handle = await openDatabase({ kind: "postgres", connectionString: created.url });
    handles.push(handle);
    return handle;
  }

  /** A node in this process. */
  async function startNode() {
    const config = loadConfig({
      DATABASE_URL: created.url,
      DATA_DIR: dataDir,
      APP_SECRET: "test-secret-test-secret-test-secret-0123",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      CRAWL_ALLOW_PRIVATE_NETWORKS: "1",
    });
    const app = await buildApp({
      config,
      database: await connect(),
      logger: false,
      demoContentSeeders: [],
      jobTimings,
    });
    apps.push(app);
    await app.services.jobRunner.ready();
    return app;
  }

  /** A node as a process of its own (test/job-node.ts), resolved once its job queue has started. */
  async function spawnNode() {
    const child = spawn(process.execPath, ["--import", "tsx", nodeScript], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: created.url, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("ready")) resolve();
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once("exit", (code) => reject(new Error(`The node exited (${code}) before it was ready:\n${output}`)));
    });
    return child;
  }

  it("a sync on a node killed with SIGKILL is taken over by another node once its try expires, and finishes once", async () => {
    // A website whose second page answers only the node that comes after the killed one.
    const requests = { home: 0, slow: 0, slowAnswered: 0 };
    const site: Server = createServer((request, response) => {
      const html = (title: string, links = "") =>
        `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${title}, in full.</p>${links}</main></body></html>`;
      if (request.url === "/") {
        requests.home++;
        response.writeHead(200, { "content-type": "text/html" }).end(html("Home", '<a href="/slow">slow</a>'));
      } else if (request.url === "/slow") {
        requests.slow++;
        if (requests.slow === 1) return; // the first node is killed while it waits here
        requests.slowAnswered++;
        response.writeHead(200, { "content-type": "text/html" }).end(html("Slow page"));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
      const { db, sql } = await connect();
      const [company] = await db
        .insert(companies)
        .values({ name: "Killed node", isDemoContentReady: true })
        .returning();
      const [source] = await db
        .insert(knowledgeSources)
        .values({
          companyId: company!.id,
          name: "Site",
          sourceType: "website",
          url: siteUrl,
          updateFrequency: "none",
          isSyncing: true,
        })
        .returning();
      // Its sync, queued with a short try (production's is 30 minutes) and no wait between tries.
      const enqueuer = createJobRunner({ sql, log: silentLog, retryDelaySeconds: 0 });
      enqueuer.register({ handlers: { [SYNC_SOURCE_JOB]: async () => {} } });
      await enqueuer.start({ isWorking: false });
      const jobId = (await enqueuer.enqueue({
        kind: SYNC_SOURCE_JOB,
        companyId: company!.id,
        payload: { sourceId: source!.id },
        singletonKey: `sync:${source!.id}`,
        expireInSeconds: 3,
      }))!;
      await enqueuer.stop();
      const jobRow = async () =>
        (await sql.executeSql("select state, retry_count from pgboss.job where id = $1", [jobId])).rows[0] as {
          state: string;
          retry_count: number;
        };

      const killed = await spawnNode();
      await expect.poll(() => requests.slow, { timeout: 20_000 }).toBe(1);
      const exited = new Promise((resolve) => killed.once("exit", resolve));
      killed.kill("SIGKILL");
      await exited;
      expect(await jobRow()).toEqual({ state: "active", retry_count: 0 });

      await startNode();
      await expect.poll(async () => (await jobRow()).state, { timeout: 20_000 }).toBe("completed");
      expect(await jobRow()).toEqual({ state: "completed", retry_count: 1 });
      const [synced] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source!.id));
      expect(synced).toMatchObject({ isSyncing: false, lastError: null, documentCount: 2 });
      expect(
        await db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.sourceId, source!.id)),
      ).toHaveLength(2);
      // Once: nothing runs it again, and no second job of its key appears.
      await sleep(2000);
      expect(requests).toEqual({ home: 2, slow: 2, slowAnswered: 1 });
      const { rows } = await sql.executeSql("select count(*)::int as n from pgboss.job where singleton_key = $1", [
        `sync:${source!.id}`,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  }, 90_000);

  it("two nodes run the resync schedule once per minute between them", async () => {
    // The whole check inside one minute: the schedule is due once in it.
    if (new Date().getUTCSeconds() > 30) await sleep((61 - new Date().getUTCSeconds()) * 1000);
    await Promise.all([startNode(), startNode()]);
    // Each node checks the schedules every second meanwhile.
    await sleep(5000);
    const { sql } = handles[0]!;
    const { rows } = await sql.executeSql(
      `select state from pgboss.job where name = $1 union all select state from pgboss.archive where name = $1`,
      [QUEUE_DUE_SYNCS],
    );
    expect(rows).toEqual([{ state: "completed" }]);
  }, 60_000);
});
