import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startHarborServer } from "../e2e/support/harbor-server";
import { printTable } from "./table";

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Time from starting the built server (what `npm start` runs after building) to a healthy
 * /api/health, on a new data folder and on restart, and the idle resident memory.
 */
export async function benchStartup(runs = 3) {
  const fresh: number[] = [];
  const restart: number[] = [];
  const idleRss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-bench-"));
    const first = await startHarborServer({ dataDir });
    fresh.push(first.msToHealthy);
    await first.stop();
    const second = await startHarborServer({ dataDir });
    restart.push(second.msToHealthy);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    idleRss.push(await residentMegabytes(second.pid!));
    await second.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  printTable(`Start-up (median of ${runs}, built server, embedded PGlite)`, [
    ["measure", "value", "aim"],
    ["new data folder → healthy", `${Math.round(median(fresh))} ms`, "—"],
    ["restart → healthy", `${Math.round(median(restart))} ms`, "< 2000 ms"],
    ["idle RSS after restart", `${Math.round(median(idleRss))} MB`, "< 250 MB"],
  ]);
}
