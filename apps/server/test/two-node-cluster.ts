import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type DatabaseHandle, openDatabase } from "../src/db/client";
import { companies, memberships, sessions, users } from "../src/db/schema/index";
import { sha256 } from "../src/platform/crypto";
import { type LoadBalancer, startLoadBalancer } from "./load-balancer";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
const nodeScript = fileURLToPath(new URL("./cluster-node.ts", import.meta.url));

export type ClusterNode = {
  name: string;
  url: string;
  child: ChildProcess;
  /** SIGKILL, as a crash or the OOM killer: resolves once the process is gone. */
  kill(): Promise<void>;
};

/**
 * The scaled mode on one machine (decision 063): nodes as processes of their own
 * (`cluster-node.ts`) on one PostgreSQL database and one Redis, behind the load balancer of
 * `load-balancer.ts`, and a shop on that database (its demo articles, its widget, a signed-in
 * admin's session) for visitors to ask and staff to watch. The database must be migrated already
 * (the test template and the bench's fresh database are).
 */
export async function startTwoNodeCluster(options: {
  databaseUrl: string;
  redisUrl: string;
  nodeNames?: string[];
  visitorLimits?: Record<string, number>;
  /** Poll for jobs every 100 ms (tests) instead of production's 2 s. */
  isFastJobs?: boolean;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-cluster-"));
  const limitKeyPrefix = `harbor:cluster:${crypto.randomUUID().slice(0, 8)}`;
  const database = await openDatabase({ kind: "postgres", connectionString: options.databaseUrl });
  const nodes: ClusterNode[] = [];
  let balancer: LoadBalancer | null = null;
  const close = async () => {
    await balancer?.close();
    await Promise.all(nodes.map((node) => node.kill()));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const shop = await seedShop(database, options.databaseUrl, dataDir);
    const names = options.nodeNames ?? ["A", "B"];
    nodes.push(
      ...(await Promise.all(
        names.map((name) =>
          spawnNode(name, {
            DATABASE_URL: options.databaseUrl,
            REDIS_URL: options.redisUrl,
            DATA_DIR: path.join(dataDir, name),
            LIMIT_KEY_PREFIX: limitKeyPrefix,
            ...(options.visitorLimits ? { VISITOR_LIMITS: JSON.stringify(options.visitorLimits) } : {}),
            ...(options.isFastJobs ? { FAST_JOBS: "1" } : {}),
          }),
        ),
      )),
    );
    balancer = await startLoadBalancer(nodes.map((node) => node.url));
    return { ...shop, database, nodes, balancer, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type TwoNodeCluster = Awaited<ReturnType<typeof startTwoNodeCluster>>;

async function spawnNode(name: string, env: Record<string, string>): Promise<ClusterNode> {
  const child = spawn(process.execPath, ["--import", "tsx", nodeScript], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening (\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.once("exit", (code) => reject(new Error(`Node ${name} exited (${code}) before it listened:\n${output}`)));
  });
  let isKilled = false;
  // A node that dies of itself says why (its own output: it logs nothing else).
  child.once("exit", (code, signal) => {
    if (!isKilled) console.error(`Node ${name} exited by itself (${signal ?? code}):\n${output.slice(-5000)}`);
  });
  return {
    name,
    url,
    child,
    async kill() {
      isKilled = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** A shop with the demo articles, its widget and a signed-in admin, made by an app that serves nothing. */
async function seedShop(database: DatabaseHandle, databaseUrl: string, dataDir: string) {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dataDir, "seed"),
    APP_SECRET: "cluster-secret-cluster-secret-cluster-0123",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({ config, database, logger: false, demoContentSeeders: [], isRunningJobs: false });
  try {
    const suffix = crypto.randomUUID().slice(0, 8);
    const [user] = await database.db
      .insert(users)
      .values({ email: `admin-${suffix}@cluster-shop.example`, name: "Admin" })
      .returning();
    const [company] = await database.db
      .insert(companies)
      .values({ name: `Cluster Shop ${suffix}`, isDemoContentReady: true })
      .returning();
    await database.db.insert(memberships).values({ companyId: company!.id, userId: user!.id, role: "admin" });
    const token = crypto.randomUUID();
    await database.db.insert(sessions).values({
      tokenHash: sha256(token),
      userId: user!.id,
      companyId: company!.id,
      expiresAt: new Date(Date.now() + 24 * 3600_000),
    });
    await app.services.knowledgeService.seedDemoArticles(company!.id);
    const widget = await app.services.widgetRepository.findOrCreate(company!.id);
    return { companyId: company!.id, widgetID: widget.widgetId, staffCookie: token };
  } finally {
    await app.close();
  }
}
