// One Harbor server node as its own process, for tests that kill a node with SIGKILL: builds the
// app on DATABASE_URL (PostgreSQL), runs its background jobs, prints "ready" once the job queue has
// started, and runs until it is killed. Run with `node --import tsx`.
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";

const connectionString = process.env.DATABASE_URL;
if (!connectionString) throw new Error("job-node needs DATABASE_URL");
const config = loadConfig({
  DATABASE_URL: connectionString,
  DATA_DIR: process.env.DATA_DIR,
  APP_SECRET: "test-secret-test-secret-test-secret-0123",
  PUBLIC_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  CRAWL_ALLOW_PRIVATE_NETWORKS: "1",
});
const database = await openDatabase({ kind: "postgres", connectionString });
const app = await buildApp({
  config,
  database,
  logger: false,
  demoContentSeeders: [],
  jobTimings: { pollIntervalMs: 100, maintenanceIntervalSeconds: 1, cronIntervalSeconds: 1 },
});
await app.services.jobRunner.ready();
process.stdout.write("ready\n");
