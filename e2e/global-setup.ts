import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Journeys run against the built app, exactly what `npm start` serves; build it if missing. */
export default function setup() {
  const isBuilt =
    existsSync(path.join(root, "apps/dashboard/dist/index.html")) &&
    existsSync(path.join(root, "apps/widget/dist/loader.js")) &&
    existsSync(path.join(root, "apps/server/dist/main.js"));
  if (!isBuilt) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}
