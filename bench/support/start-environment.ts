import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The variables a checkout's `npm start` sets before it runs `node apps/server/dist/main.js`
 * (`NAME=value` words just before `node` in package.json's `start` script), so a bench starts each
 * checkout's built server as that checkout's `npm start` would: glibc reads GLIBC_TUNABLES only when
 * the process starts (decision 072), so the bench cannot leave it out and measure the same server.
 */
export function startEnvironment(root: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: { start?: string };
  };
  const command = manifest.scripts?.start?.split("&&").at(-1)?.trim() ?? "";
  const words = command.split(/\s+/);
  const assignments = words.slice(0, Math.max(0, words.indexOf("node")));
  return Object.fromEntries(
    assignments
      .map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
}
