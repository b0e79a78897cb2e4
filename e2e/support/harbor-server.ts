import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startSmtpCapture } from "../../apps/server/test/smtp-capture";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Set by the journeys' global setup (e2e/global-setup.ts): a data folder whose database the built
 * server created and migrated on its first start, then shut down.
 */
export const MIGRATED_DATA_TEMPLATE_ENV = "HARBOR_E2E_MIGRATED_DATA";

/**
 * The built Harbor server as `npm start` runs it (node apps/server/dist/main.js) on a fresh data
 * folder, with mail going to a real SMTP capture. `stop()` sends SIGTERM and reports the exit code.
 *
 * In the journeys, a fresh folder starts with a copy of the global setup's migrated database (its
 * `db` folder only: each server makes its own app secret), so each server starts as a restart
 * does, in a third of a first start's time: running the 34 migrations on every journey file's new
 * database cost about 7 s each. A caller's own `dataDir` (the start-up bench) is used as it is.
 */
export async function startHarborServer(
  options: { platformAdmins?: string[]; env?: Record<string, string>; dataDir?: string } = {},
) {
  const startedAt = performance.now();
  const smtp = await startSmtpCapture();
  // A given data folder is the caller's to keep (restart measurements); a fresh one is removed on stop.
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "harbor-e2e-")));
  const template = process.env[MIGRATED_DATA_TEMPLATE_ENV];
  if (!options.dataDir && template) await cp(path.join(template, "db"), path.join(dataDir, "db"), { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PLATFORM_ADMINS: (options.platformAdmins ?? []).join(","),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // Journeys crawl a site on loopback, which a real deployment refuses.
      CRAWL_ALLOW_PRIVATE_NETWORKS: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // A hang guard under the hook's 120 s: a start-up on a loaded two-core machine was seen past 60 s.
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Harbor exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Harbor did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const msToHealthy = performance.now() - startedAt;

  return {
    url,
    smtp,
    dataDir,
    pid: child.pid,
    msToHealthy,
    output: () => output,
    async stop(): Promise<number | null> {
      child.kill("SIGTERM");
      const code = await exited;
      await smtp.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export type HarborServer = Awaited<ReturnType<typeof startHarborServer>>;
