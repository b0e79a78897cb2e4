import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LlmProvider } from "../../apps/server/src/ai/providers/llm-provider";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";
import { openDatabase } from "../../apps/server/src/db/client";
import { companies, memberships, sessions, users } from "../../apps/server/src/db/schema/index";
import type { WarmingOptions } from "../../apps/server/src/modules/analytics/analytics.module";
import type { UploadQuotas } from "../../apps/server/src/modules/visitor/upload-quotas";
import type { VisitorLimits } from "../../apps/server/src/modules/visitor/visitor-limits";
import { sha256 } from "../../apps/server/src/platform/crypto";
import type { CompanyAuth } from "../../apps/server/src/platform/session";

/** The whole server in this process on a fresh embedded database (or DATABASE_URL), for benchmarks. */
export async function startInProcessApp(
  options: {
    visitorLimits?: Partial<VisitorLimits>;
    uploadQuotas?: Partial<UploadQuotas>;
    /** PGlite only: start from this snapshot (`dumpDataDir`) instead of an empty database. */
    loadDataDir?: Blob;
    /** More of the environment (AI_PROVIDER and its settings). */
    env?: Record<string, string>;
    /** The remote model to answer with (a bench's own wrapper around the configured provider). */
    llm?: LlmProvider;
    /** How the analytics caches are warmed in the background (decision 077). */
    analyticsWarming?: Partial<WarmingOptions>;
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-bench-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    APP_SECRET: "b".repeat(40),
    CRAWL_ALLOW_PRIVATE_NETWORKS: "1",
    // As behind a load balancer: a bench's many visitors say who they are in X-Forwarded-For,
    // so per-address limits count each of them, not the one loopback address they share.
    TRUST_PROXY: "1",
    ...options.env,
  });
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: "postgres", connectionString: process.env.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db"), loadDataDir: options.loadDataDir });
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    logger: false,
    rateLimitMax: 1_000_000,
    visitorLimits: options.visitorLimits,
    uploadQuotas: options.uploadQuotas,
    ...(options.llm ? { llm: options.llm } : {}),
    analyticsWarming: options.analyticsWarming,
  });
  await app.ready();

  /** A company with an admin, made directly (sign-in is not what is measured). */
  async function createCompany(name: string): Promise<CompanyAuth> {
    const [user] = await database.db
      .insert(users)
      .values({ email: `admin@${name.toLowerCase().replace(/\W+/g, "-")}.example`, name: "Admin" })
      .returning();
    const [company] = await database.db.insert(companies).values({ name, isDemoContentReady: true }).returning();
    await database.db.insert(memberships).values({ companyId: company!.id, userId: user!.id, role: "admin" });
    return {
      tokenHash: "bench",
      userId: user!.id,
      email: user!.email,
      name: user!.name,
      displayName: user!.name,
      companyId: company!.id,
      role: "admin",
    };
  }

  /** A signed-in dashboard session of that admin: the cookie value a browser would hold. */
  async function createSession(auth: CompanyAuth): Promise<string> {
    const token = crypto.randomUUID();
    await database.db.insert(sessions).values({
      tokenHash: sha256(token),
      userId: auth.userId,
      companyId: auth.companyId,
      expiresAt: new Date(Date.now() + 24 * 3600_000),
    });
    return token;
  }

  return {
    app,
    database,
    dataDir,
    createCompany,
    createSession,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
