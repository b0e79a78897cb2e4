import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../e2e/support/harbor-server";
import type { VisitorServerMemory } from "./support/visitor-server";
import { printTable } from "./table";
import { QUESTIONS_PER_VISITOR, runVisitors, THINK_MS, VisitorServer } from "./visitors";

/*
 * Knobs (environment):
 *   BENCH_VISITORS   visitors of the load run (default 1000; 0 measures the idle server only)
 *   BENCH_AFTER_S    how long after the load the memory is read again (default 60 s)
 *   BENCH_SETTLE_S   how long the idle server settles before it is read (default 5 s)
 *   BENCH_BASELINE   another checkout of Harbor, built (e.g. a worktree of main), measured beside this one
 *   BENCH_GC=1       diagnostic: the servers run with --expose-gc and collect fully before each reading
 *   DATABASE_URL     the load run on PostgreSQL instead of a fresh embedded database
 */
const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const AFTER_S = Number(process.env.BENCH_AFTER_S ?? 60);
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 5);
const IS_GC = process.env.BENCH_GC === "1";
const probe = path.join(import.meta.dirname, "support/memory-probe.mjs");

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Reading = NodeJS.MemoryUsage & { peakRssMb?: number };
type Version = { name: string; root: string };

/**
 * Where a Harbor server's memory goes: the built server (`node apps/server/dist/main.js`, embedded
 * defaults, a fresh DATA_DIR, as `npm start` runs it) idle after start-up settles and after a
 * restart, and the visitors bench's server (`support/visitor-server.ts`) before, at the peak of
 * and a minute after its fixed run (1,000 visitors × 3 questions with think time). Each reading
 * splits the resident memory into the V8 heap, memory outside it that V8 knows of (Buffers,
 * ArrayBuffers) and the rest, which on PGlite is mostly PostgreSQL's WebAssembly memory in the
 * database thread, plus code and the threads' own heaps.
 */
export async function benchMemory() {
  const versions: Version[] = [{ name: "this checkout", root: path.resolve(import.meta.dirname, "..") }];
  if (process.env.BENCH_BASELINE) {
    versions.push({
      name: `baseline (${path.basename(process.env.BENCH_BASELINE)})`,
      root: process.env.BENCH_BASELINE,
    });
  }
  const idle: { first: Reading; restart: Reading }[] = [];
  for (const version of versions) idle.push(await idleBuiltServer(version.root));
  const gcNote = IS_GC ? ", after a full collection" : "";
  const aim = (row: string[], index: number) => [...row, index === 0 ? "< 250 MB" : "—"];
  printTable(`Memory, built server idle ${SETTLE_S} s after healthy (embedded PGlite, fresh DATA_DIR${gcNote})`, [
    ["measure", ...versions.map((version) => version.name), "aim"],
    ...breakdown(
      "new data folder",
      idle.map((reading) => reading.first),
    ).map((row) => [...row, "—"]),
    ...breakdown(
      "restart",
      idle.map((reading) => reading.restart),
    ).map(aim),
  ]);
  if (VISITORS === 0) return;

  const loaded: { before: Reading; after: Reading; peakRssMb: number; answered: string; kind: string }[] = [];
  for (const version of versions) {
    const server = await VisitorServer.start(version.root, IS_GC ? ["--expose-gc"] : []);
    try {
      const before = await server.call<VisitorServerMemory>({ op: "memory" });
      const run = await runVisitors(server, {
        visitors: VISITORS,
        questionsPerVisitor: QUESTIONS_PER_VISITOR,
        thinkMs: THINK_MS,
      });
      const atEnd = await server.call<VisitorServerMemory>({ op: "memory" });
      await sleep(AFTER_S * 1000);
      const after = await server.call<VisitorServerMemory>({ op: "memory" });
      loaded.push({
        before,
        after,
        peakRssMb: Math.max(run.peakRssMb, atEnd.peakRssMb),
        answered: `${run.askToAnswer.length} / ${run.asked}`,
        kind: server.started.databaseKind,
      });
    } finally {
      await server.stop();
    }
  }
  printTable(
    `Memory under load: ${VISITORS} visitors × ${QUESTIONS_PER_VISITOR} questions, think time up to ${THINK_MS / 1000} s, local engine, ${loaded[0]!.kind}${gcNote}`,
    [
      ["measure", ...versions.map((version) => version.name), "aim"],
      ...breakdown(
        "before the load",
        loaded.map((run) => run.before),
      ).map((row) => [...row, "—"]),
      ["RSS, peak during the load", ...loaded.map((run) => `${run.peakRssMb.toFixed(0)} MB`), "< 600 MB"],
      ...breakdown(
        `${AFTER_S} s after the load`,
        loaded.map((run) => run.after),
      ).map((row) => [...row, "—"]),
      ["questions answered", ...loaded.map((run) => run.answered), "all"],
    ],
  );
}

/** Rows of one reading per version: RSS, then what it is made of. */
function breakdown(when: string, readings: Reading[]): string[][] {
  return [
    [`${when}: RSS`, ...readings.map((reading) => mb(reading.rss))],
    [
      `${when}: V8 heap used / total`,
      ...readings.map((reading) => `${mb(reading.heapUsed)} / ${mb(reading.heapTotal)}`),
    ],
    [
      `${when}: external (of it ArrayBuffers)`,
      ...readings.map((reading) => `${mb(reading.external)} (${mb(reading.arrayBuffers)})`),
    ],
    [
      `${when}: the rest (PGlite's WebAssembly, code, threads)`,
      ...readings.map((reading) => mb(reading.rss - reading.heapTotal - reading.external)),
    ],
  ];
}

/** The built server on a fresh data folder, read when settled; then stopped, started again and read again. */
async function idleBuiltServer(root: string): Promise<{ first: Reading; restart: Reading }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-bench-memory-"));
  try {
    const first = await startBuiltServer(root, dataDir);
    const firstReading = await first.read();
    await first.stop();
    const second = await startBuiltServer(root, dataDir);
    const restartReading = await second.read();
    await second.stop();
    return { first: firstReading, restart: restartReading };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function startBuiltServer(root: string, dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", probe, ...(IS_GC ? ["--expose-gc"] : []), path.join(root, "apps/server/dist/main.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Harbor (${root}) exited early`);
    const isHealthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) break;
    if (Date.now() > deadline) throw new Error(`Harbor (${root}) did not become healthy`);
    await sleep(50);
  }
  return {
    async read(): Promise<Reading> {
      await sleep(SETTLE_S * 1000);
      const usage = await new Promise<NodeJS.MemoryUsage>((resolve) => {
        child.once("message", (message) => resolve(message as NodeJS.MemoryUsage));
        child.send("memory");
      });
      // The kernel's count, not node's: the same number `ps` and a container's limit see.
      const status = await readFile(`/proc/${child.pid}/status`, "utf8");
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
      return { ...usage, rss };
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
