import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { io } from "socket.io-client";
import { ms, percentile } from "./support/in-process-app";
import type { VisitorClientsOrder, VisitorClientsResult } from "./support/visitor-clients";
import type {
  VisitorServerCount,
  VisitorServerMark,
  VisitorServerOrder,
  VisitorServerStarted,
} from "./support/visitor-server";
import { printTable } from "./table";

/*
 * Knobs (environment):
 *   BENCH_VISITORS   visitors of the fixed run (default 1000; 0 skips it)
 *   BENCH_THINK_MS   the fixed run's think time before each question (default 20000; 0 = burst)
 *   BENCH_STEPS      offered loads of the saturation search, questions per second, ascending
 *                    (default 5,10,20,30,45,60,90; "" skips it). Stepping stops after two loads
 *                    in a row whose p95 is over 300 ms (one may be a burst of other work).
 *   BENCH_STEP_S     how long each step offers its load (default 12 s)
 *   BENCH_KEEP_STEPPING=1 runs every step even past saturation: on a loaded machine, repeated
 *                    steps (BENCH_STEPS=4,4,4,4) give several interleaved samples of CPU per question
 *   BENCH_BASELINE   another checkout of Harbor (e.g. `git worktree add --detach ../main-base main`
 *                    and `npm ci` there) whose server runs beside this one's, step by step
 *   BENCH_SERVER_ARGS node options for the server processes, e.g. "--cpu-prof --cpu-prof-dir=prof"
 *   DATABASE_URL     PostgreSQL instead of a fresh embedded database (as every bench)
 */
const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
export const QUESTIONS_PER_VISITOR = 3;
/**
 * People type: before each question a visitor "thinks" for a random time up to this long
 * (BENCH_THINK_MS=0 asks everything at once, a burst no shop sees). With 1,000 visitors and
 * 20 s, questions arrive at about 100 a second — a very busy shop.
 */
export const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 20_000);
const STEPS = (process.env.BENCH_STEPS ?? "5,10,20,30,45,60,90")
  .split(",")
  .filter((step) => step.trim() !== "")
  .map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_S ?? 12);
const KEEP_STEPPING = process.env.BENCH_KEEP_STEPPING === "1";
/** The latency a visitor still reads as "at once": the saturation point is where p95 crosses it. */
const P95_LIMIT_MS = 300;
/** Visitors connect in waves of this size, as shoppers arrive, not in one burst of handshakes. */
const CONNECT_WAVE = 100;
const QUESTIONS = [
  "How long does standard delivery take?",
  "Can I return items I bought three weeks ago?",
  "Which payment methods do you accept?",
  "Is delivery free?",
  "How do I exchange a size?",
];
export const VISITOR_LIMITS = { questionsPerWidget: 1_000_000, questionsPerVisitor: 1000, eventsPerVisitor: 1000 };

type Run = VisitorClientsResult & {
  asked: number;
  cpuMs: number;
  staffUpdates: number;
  stored: VisitorServerCount;
  peakRssMb: number;
};
/** `index`: its place in BENCH_STEPS (a rate may be listed more than once). */
type Step = { rate: number; index: number; run: Run };

/**
 * Widget visitors on loopback asking the demo knowledge base with the local engine, while a staff
 * member watches the inbox live. The server runs in a process of its own, the visitors' socket.io
 * clients in another (`support/visitor-clients.ts`), as real visitors are on other machines.
 *
 * Two parts: the fixed run (1,000 visitors × 3 questions with think time), and the saturation
 * search, which offers a steady load in steps and finds the questions per second at which p95
 * ask → last chunk crosses 300 ms — the headroom of this machine, whatever machine it is. With
 * BENCH_BASELINE the other checkout's server takes every step right after this one's, so both see
 * the same machine at nearly the same moment. Measures ask → last streamed chunk and ask → stored
 * answer, answers that never arrived, and the server process's memory and CPU time per question.
 */
export async function benchVisitors() {
  const versions = [{ name: "this checkout", root: path.resolve(import.meta.dirname, "..") }];
  if (process.env.BENCH_BASELINE) {
    versions.push({
      name: `baseline (${path.basename(process.env.BENCH_BASELINE)})`,
      root: process.env.BENCH_BASELINE,
    });
  }
  const starting = versions.map((version) => VisitorServer.start(version.root));
  const servers = await Promise.all(starting).catch(async (error: unknown) => {
    for (const started of await Promise.allSettled(starting)) {
      if (started.status === "fulfilled") await started.value.stop();
    }
    throw error;
  });
  try {
    const kind = servers[0]!.started.databaseKind;
    if (VISITORS > 0) {
      const fixed: Run[] = [];
      for (const server of servers) {
        fixed.push(
          await runVisitors(server, {
            visitors: VISITORS,
            questionsPerVisitor: QUESTIONS_PER_VISITOR,
            thinkMs: THINK_MS,
          }),
        );
      }
      printFixedRuns(kind, versions, fixed);
    }
    if (STEPS.length > 0) {
      const steps: Step[][] = servers.map(() => []);
      const saturated = servers.map(() => false);
      for (const [stepIndex, rate] of STEPS.entries()) {
        // The checkouts take turns going first, so neither always meets the machine's same moment.
        const order = [...servers.keys()].map((n) => (n + stepIndex) % servers.length);
        for (const index of order) {
          const server = servers[index]!;
          if (saturated[index]) continue;
          const run = await runVisitors(server, {
            visitors: Math.ceil((rate * STEP_SECONDS) / QUESTIONS_PER_VISITOR),
            questionsPerVisitor: QUESTIONS_PER_VISITOR,
            thinkMs: 0,
            ratePerSecond: rate,
          });
          steps[index]!.push({ rate, index: stepIndex, run });
          saturated[index] = !KEEP_STEPPING && firstSaturatedStep(steps[index]!) !== -1;
        }
        if (saturated.every(Boolean)) break;
      }
      printSteps(kind, versions, steps);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** One load on one server: connects the visitors, times their questions and the server's CPU. */
export async function runVisitors(
  server: VisitorServer,
  load: Pick<VisitorClientsOrder, "visitors" | "questionsPerVisitor" | "thinkMs" | "ratePerSecond">,
): Promise<Run> {
  const { url, widgetID, staffCookie } = server.started;
  // A dashboard tab on the inbox: every question and answer is also a live inbox update.
  const staff = io(`${url}/staff`, {
    path: "/socket.io",
    transports: ["websocket"],
    extraHeaders: { cookie: staffCookie },
    forceNew: true,
  });
  let staffUpdates = 0;
  staff.on("chat-updated", () => staffUpdates++);
  await new Promise<void>((resolve, reject) => {
    staff.once("connect", () => resolve());
    staff.once("connect_error", reject);
  });
  const before = await server.call<VisitorServerCount>({ op: "count" });
  let cpu: VisitorServerMark | null = null;
  const result = await runVisitorClients(
    { url, widgetID, connectWave: CONNECT_WAVE, questions: QUESTIONS, ...load },
    () => server.call<VisitorServerMark>({ op: "mark" }),
    async () => {
      cpu = await server.call<VisitorServerMark>({ op: "mark" });
    },
  );
  staff.close();
  const after = await server.call<VisitorServerCount>({ op: "count" });
  const mark = cpu as VisitorServerMark | null;
  return {
    ...result,
    asked: load.visitors * load.questionsPerVisitor,
    cpuMs: mark?.cpuMs ?? Number.NaN,
    peakRssMb: mark?.peakRssMb ?? Number.NaN,
    staffUpdates,
    stored: { questions: after.questions - before.questions, answers: after.answers - before.answers },
  };
}

function printFixedRuns(kind: string, versions: { name: string }[], runs: Run[]) {
  const row = (measure: string, value: (run: Run) => string) => [measure, ...runs.map(value)];
  printTable(
    `Widget visitors: ${VISITORS} concurrent, ${QUESTIONS_PER_VISITOR} questions each, local engine, ${kind}`,
    [
      ["measure", ...versions.map((version) => version.name)],
      row("ask → last chunk p50", (run) => ms(percentile(run.askToChunk, 50))),
      row("ask → last chunk p95", (run) => ms(percentile(run.askToChunk, 95))),
      row("ask → stored answer p50", (run) => ms(percentile(run.askToAnswer, 50))),
      row("ask → stored answer p95", (run) => ms(percentile(run.askToAnswer, 95))),
      row("questions answered", (run) => `${run.askToAnswer.length} / ${run.asked}`),
      row("messages lost (no answer arrived)", (run) => String(run.lost)),
      row("asks refused", (run) => String(run.failed)),
      row("stored questions / answers", (run) => `${run.stored.questions} / ${run.stored.answers}`),
      row("live inbox updates the staff tab heard", (run) => String(run.staffUpdates)),
      row("answer-chunk events per answer", (run) =>
        (run.chunkEvents / Math.max(1, run.askToAnswer.length)).toFixed(1),
      ),
      row("think time before each question", () => (THINK_MS > 0 ? `random 0–${THINK_MS / 1000} s` : "none (burst)")),
      row("questions per second (offered)", (run) => (run.asked / run.elapsedS).toFixed(0)),
      row("server CPU per question (user + system)", (run) => ms(run.cpuMs / run.asked)),
      row("server RSS, peak", (run) => `${run.peakRssMb.toFixed(0)} MB`),
      row("visitor clients' process RSS", (run) => `${run.clientRssMb.toFixed(0)} MB`),
    ],
  );
}

function printSteps(kind: string, versions: { name: string }[], steps: Step[][]) {
  const header = ["offered q/s"];
  for (const version of versions) {
    header.push(`${version.name}: p50 / p95 last chunk`, "answered q/s", "lost", "CPU / question");
  }
  const rows = [header];
  for (const [stepIndex, rate] of STEPS.entries()) {
    if (!steps.some((taken) => taken.some((step) => step.index === stepIndex))) break;
    const row = [String(rate)];
    for (const taken of steps) {
      const step = taken.find((candidate) => candidate.index === stepIndex);
      if (!step) {
        row.push("(saturated)", "", "", "");
        continue;
      }
      const { run } = step;
      row.push(
        `${ms(percentile(run.askToChunk, 50))} / ${ms(percentile(run.askToChunk, 95))}`,
        (run.askToAnswer.length / run.elapsedS).toFixed(1),
        String(run.lost),
        ms(run.cpuMs / Math.max(1, run.askToAnswer.length)),
      );
    }
    rows.push(row);
  }
  const saturation = ["saturation (p95 crosses 300 ms)"];
  for (const taken of steps) saturation.push(saturationPoint(taken), "", "", "");
  rows.push(saturation);
  printTable(
    `Widget visitors, saturation: steady load stepped every ${STEP_SECONDS} s, ${QUESTIONS_PER_VISITOR} questions a visitor, local engine, ${kind}`,
    rows,
  );
}

const stepP95 = (step: Step) => (step.run.lost > 0 ? Number.POSITIVE_INFINITY : percentile(step.run.askToChunk, 95));
const isOver = (step: Step | undefined) => step !== undefined && stepP95(step) > P95_LIMIT_MS;

/**
 * The first step over the limit that the next step confirms: on a shared machine one step can meet
 * a burst of other work, and a single step over the limit would end the search too early. -1 while
 * unconfirmed (the search goes on).
 */
function firstSaturatedStep(steps: Step[]): number {
  return steps.findIndex((step, index) => isOver(step) && isOver(steps[index + 1]));
}

/** Where p95 crosses the limit, by linear interpolation between the last step under it and the first over it. */
function saturationPoint(steps: Step[]): string {
  const p95 = stepP95;
  const confirmed = firstSaturatedStep(steps);
  // Never confirmed: the last step alone may be over (the list ran out).
  const over = confirmed !== -1 ? confirmed : isOver(steps.at(-1)) ? steps.length - 1 : -1;
  if (over === -1) return `above ${steps.at(-1)?.rate ?? "?"} q/s`;
  if (over === 0) return `below ${steps[0]!.rate} q/s`;
  const low = steps[over - 1]!;
  const high = steps[over]!;
  if (!Number.isFinite(p95(high)) || p95(high) <= p95(low)) return `~${low.rate}–${high.rate} q/s`;
  const share = (P95_LIMIT_MS - p95(low)) / (p95(high) - p95(low));
  return `~${(low.rate + share * (high.rate - low.rate)).toFixed(0)} q/s`;
}

/** A forked server process (`support/visitor-server.ts`) of one checkout, driven by IPC. */
export class VisitorServer {
  private waiting: ((reply: { ok: boolean; result?: unknown; message?: string }) => void)[] = [];

  private constructor(
    private readonly child: ChildProcess,
    public started: VisitorServerStarted,
  ) {}

  static async start(root: string, moreServerArgs: string[] = []): Promise<VisitorServer> {
    const serverArgs = [...(process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean), ...moreServerArgs];
    const child = fork(path.join(import.meta.dirname, "support/visitor-server.ts"), {
      execArgv: ["--import", "tsx", ...serverArgs],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const server = new VisitorServer(child, { url: "", widgetID: "", staffCookie: "", databaseKind: "" });
    child.on("message", (reply: { ok: boolean; result?: unknown; message?: string }) =>
      server.waiting.shift()?.(reply),
    );
    child.once("exit", (code) => {
      for (const waiting of server.waiting.splice(0)) waiting({ ok: false, message: `server exited with ${code}` });
    });
    try {
      server.started = await server.call<VisitorServerStarted>({ op: "start", root, visitorLimits: VISITOR_LIMITS });
    } catch (error) {
      child.kill();
      throw error;
    }
    return server;
  }

  /** One order at a time per server: replies come back in order. */
  call<T>(order: VisitorServerOrder): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting.push((reply) => (reply.ok ? resolve(reply.result as T) : reject(new Error(reply.message))));
      this.child.send(order);
    });
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    await this.call({ op: "stop" }).catch(() => undefined);
    await exited;
  }
}

/**
 * Forks the visitors' process and gives it its orders; when every visitor is connected, `onReady`
 * runs before the asking starts and `onDone` as soon as the measurements arrive.
 */
function runVisitorClients(
  order: VisitorClientsOrder,
  onReady: () => Promise<unknown>,
  onDone: () => Promise<void>,
): Promise<VisitorClientsResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, "support/visitor-clients.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.on("message", (message) => {
      if (message === "connected") {
        onReady().then(() => child.send("go"), reject);
        return;
      }
      onDone().then(() => resolve(message as VisitorClientsResult), reject);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the visitors' process exited with ${code}`));
    });
    child.send(order);
  });
}
