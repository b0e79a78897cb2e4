// One Harbor node of the scaled mode as a process of its own, for the two-node failover test and
// bench (they kill it with SIGKILL): the app on DATABASE_URL (PostgreSQL) and REDIS_URL, serving
// HTTP and socket.io on 127.0.0.1 at a free port, running background jobs. It prints
// "listening <url>" once it serves and its job queue has started, and runs until it is killed.
// Run with `node --import tsx`. Environment besides the two URLs:
//   DATA_DIR           its data folder
//   LIMIT_KEY_PREFIX   the Redis keys of its rate limits (one per run, shared by the run's nodes)
//   VISITOR_LIMITS     JSON of visitor limits to raise (a load's many questions)
//   FAST_JOBS=1        poll for jobs every 100 ms (tests) instead of production's 2 s
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";

const connectionString = process.env.DATABASE_URL;
if (!connectionString || !process.env.REDIS_URL) throw new Error("cluster-node needs DATABASE_URL and REDIS_URL");
const config = loadConfig({
  DATABASE_URL: connectionString,
  REDIS_URL: process.env.REDIS_URL,
  DATA_DIR: process.env.DATA_DIR,
  APP_SECRET: "cluster-secret-cluster-secret-cluster-0123",
  PUBLIC_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  // Two proxies of ours in front: the load balancer (load-balancer.ts), which appends the address it
  // sees, and before it the visitors' own X-Forwarded-For, which plays a CDN in front of the
  // balancer (every visitor of a test or bench is on loopback; the header gives each its address).
  TRUST_PROXY: "2",
  CRAWL_ALLOW_PRIVATE_NETWORKS: "1",
});
const database = await openDatabase({ kind: "postgres", connectionString });
// Both nodes start together; the migrator takes a lock (README "Scaled mode").
await database.migrate();
const app = await buildApp({
  config,
  database,
  logger: false,
  demoContentSeeders: [],
  rateLimitMax: 1_000_000,
  limitKeyPrefix: process.env.LIMIT_KEY_PREFIX,
  visitorLimits: process.env.VISITOR_LIMITS ? JSON.parse(process.env.VISITOR_LIMITS) : undefined,
  ...(process.env.FAST_JOBS === "1"
    ? { jobTimings: { pollIntervalMs: 100, maintenanceIntervalSeconds: 1, cronIntervalSeconds: 1 } }
    : {}),
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
await app.services.jobRunner.ready();
process.stdout.write(`listening ${url}\n`);
