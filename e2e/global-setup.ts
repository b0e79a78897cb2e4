import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MIGRATED_DATA_TEMPLATE_ENV, startHarborServer } from "./support/harbor-server";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Journeys run against the built app, exactly what `npm start` serves; build it if missing. Then
 * the built server starts once on an empty folder, as a newcomer's first `npm start` does, and
 * stops: its migrated database is what every journey's server starts from (support/harbor-server.ts).
 */
export default async function setup() {
  const isBuilt =
    existsSync(path.join(root, "apps/dashboard/dist/index.html")) &&
    existsSync(path.join(root, "apps/widget/dist/loader.js")) &&
    existsSync(path.join(root, "apps/server/dist/main.js"));
  if (!isBuilt) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

  const template = await mkdtemp(path.join(os.tmpdir(), "harbor-e2e-migrated-"));
  const firstStart = await startHarborServer({ dataDir: template });
  const code = await firstStart.stop();
  if (code !== 0) throw new Error(`The first start's server exited with ${code}:\n${firstStart.output()}`);
  // The journeys' workers are started after this, and inherit the environment.
  process.env[MIGRATED_DATA_TEMPLATE_ENV] = template;
  return async () => {
    delete process.env[MIGRATED_DATA_TEMPLATE_ENV];
    await rm(template, { recursive: true, force: true });
  };
}
