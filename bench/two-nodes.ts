import { fork } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { io } from "socket.io-client";
import { openDatabase } from "../apps/server/src/db/client";
import { knowledgeSources } from "../apps/server/src/db/schema/index";
import { createJobRunner } from "../apps/server/src/platform/jobs/job-runner";
import { SESSION_COOKIE } from "../apps/server/src/platform/session";
import { startTwoNodeCluster, type TwoNodeCluster } from "../apps/server/test/two-node-cluster";
import { percentile } from "./support/in-process-app";
import type { TwoNodeClientsOrder, TwoNodeClientsResult } from "./support/two-node-clients";
import { printTable } from "./table";

/*
 * Knobs (environment):
 *   BENCH_VISITORS   visitors (default 3000)
 *   BENCH_QUESTIONS  questions each (default 3)
 *   BENCH_THINK_MS   think time before each question, random up to this (default 100 ms per visitor:
 *                    the offered load is about 20 questions a second whatever the count)
 *   BENCH_KILL_S     seconds after the asking starts when node B is killed (default: half the
 *                    expected run, which is 1.5 × the think time: 0.75 × it)
 *   BENCH_JOBS       knowledge syncs queued before the kill and as many after it (default 20)
 *   BENCH_POSTGRES   the PostgreSQL server the bench makes its fresh database on
 *                    (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REDIS      the Redis (default redis://127.0.0.1:6379)
 */
const VISITORS = Number(process.env.BENCH_VISITORS ?? 3000);
const QUESTIONS_PER_VISITOR = Number(process.env.BENCH_QUESTIONS ?? 3);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? VISITORS * 100);
const KILL_S = Number(process.env.BENCH_KILL_S ?? (0.75 * THINK_MS) / 1000);
const JOBS = Number(process.env.BENCH_JOBS ?? 20);
const POSTGRES = process.env.BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS = process.env.BENCH_REDIS ?? "redis://127.0.0.1:6379";
const ANSWER_TIMEOUT_MS = 60_000;
const CONNECT_WAVE = 100;
const QUESTIONS = [
  "How long does standard delivery take?",
  "Can I return items I bought three weeks ago?",
  "Which payment methods do you accept?",
  "Is delivery free?",
  "How do I exchange a size?",
];
/** The knowledge module's sync job (its name is its queue's): a real job both nodes take. */
const SYNC_SOURCE_JOB = "knowledge.sync-source";

/**
 * Scaled mode losing a node under load (issue #20 item 4, decision 063): a fresh PostgreSQL
 * database, two server processes on it and one Redis, the load balancer of
 * `apps/server/test/load-balancer.ts` in front (routing by visitor address, health-probed), the
 * visitors spread over both through it, one staff tab on node A watching the inbox. Node B is killed
 * with SIGKILL mid-run; its visitors reconnect through the balancer to A, rejoin their chats and
 * send again what got no ack (as the widget does). Knowledge syncs queued before and after the
 * kill check that each job runs once across the nodes. Then the database is counted: every
 * acknowledged question stored once, none missing, one answer each.
 */
export async function benchTwoNodes() {
  const name = `harbor_bench_two_nodes_${crypto.randomUUID().slice(0, 8)}`;
  // The server's maintenance connection, through the app's own pool (CREATE DATABASE outside a transaction).
  const admin = await openDatabase({ kind: "postgres", connectionString: POSTGRES });
  await admin.sql.executeSql(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(POSTGRES), { pathname: `/${name}` }).toString();
  const site = await startSite();
  let cluster: TwoNodeCluster | null = null;
  try {
    const migrating = await openDatabase({ kind: "postgres", connectionString: databaseUrl });
    await migrating.migrate();
    await migrating.close();
    cluster = await startTwoNodeCluster({
      databaseUrl,
      redisUrl: REDIS,
      visitorLimits: { questionsPerWidget: 1_000_000, questionsPerVisitor: 1000, eventsPerVisitor: 1000 },
    });
    await run(cluster, site);
  } finally {
    await cluster?.close();
    site.server.close();
    await admin.sql.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

async function run(cluster: TwoNodeCluster, site: Site) {
  const [nodeA, nodeB] = cluster.nodes as [TwoNodeCluster["nodes"][number], TwoNodeCluster["nodes"][number]];
  // A dashboard tab on node A's inbox (staff on one node; visitors on both).
  const staff = io(`${nodeA.url}/staff`, {
    path: "/socket.io",
    transports: ["websocket"],
    extraHeaders: { cookie: `${SESSION_COOKIE}=${cluster.staffCookie}` },
    forceNew: true,
  });
  const staffChats = new Set<string>();
  let staffUpdates = 0;
  staff.on("chat-updated", (payload: { chat: { chatID: string } }) => {
    staffUpdates++;
    staffChats.add(payload.chat.chatID);
  });
  await new Promise<void>((resolve, reject) => {
    staff.once("connect", () => resolve());
    staff.once("connect_error", reject);
  });

  const jobs = createJobRunner({ sql: cluster.database.sql, log: { info() {}, warn() {}, error() {} } });
  jobs.register({ handlers: { [SYNC_SOURCE_JOB]: async () => {} } });
  await jobs.start({ isWorking: false });

  let connectedAt = 0;
  let perNodeAtStart: ReturnType<TwoNodeCluster["balancer"]["nodes"]> = [];
  let killedAt = 0;
  let perNodeAtKill: ReturnType<TwoNodeCluster["balancer"]["nodes"]> = [];
  let perNodeAfterKill: ReturnType<TwoNodeCluster["balancer"]["nodes"]> = [];
  let allBackAt = 0;
  let jobsBefore: JobBatch | null = null;
  let jobsAfter: JobBatch | null = null;
  let killing: Promise<void> = Promise.resolve();
  const result = await runClients(
    {
      url: cluster.balancer.url,
      widgetID: cluster.widgetID,
      visitors: VISITORS,
      questionsPerVisitor: QUESTIONS_PER_VISITOR,
      thinkMs: THINK_MS,
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      connectWave: CONNECT_WAVE,
      questions: QUESTIONS,
    },
    () => {
      connectedAt = Date.now();
      perNodeAtStart = cluster.balancer.nodes();
      killing = (async () => {
        // Syncs queued while both nodes run; both take them. The kill waits for them (a job held by
        // the killed node is taken over only when its try expires, 30 minutes: decision 026).
        jobsBefore = await runJobBatch(cluster, jobs, site, "before");
        await sleep(Math.max(0, connectedAt + KILL_S * 1000 - Date.now()));
        perNodeAtKill = cluster.balancer.nodes();
        killedAt = Date.now();
        await nodeB.kill();
        // Until B's visitors are all back, on A (or 60 s).
        while (Date.now() - killedAt < 60_000) {
          const [onA, onB] = cluster.balancer.nodes();
          if (onA!.openSockets === VISITORS && onB!.openSockets === 0) break;
          await sleep(50);
        }
        allBackAt = Date.now();
        perNodeAfterKill = cluster.balancer.nodes();
        jobsAfter = await runJobBatch(cluster, jobs, site, "after");
      })();
    },
  );
  await killing;
  await jobs.stop();
  staff.close();
  if (killedAt === 0) throw new Error("The run ended before the kill: raise BENCH_THINK_MS or lower BENCH_KILL_S");

  // Answers still being written (a saturated node, a question cut off by the kill) are given up to
  // 60 s to be stored before the count: "stored" is what the database holds, "received" what the
  // visitors heard within their wait.
  const ackedIDs = result.questions.filter((q) => q.ackedAt !== null).map((q) => q.clientMessageID);
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(500)) {
    const { answers } = await countStored(cluster);
    if (ackedIDs.every((id) => (answers.get(id) ?? 0) > 0)) break;
  }
  const stored = await countStored(cluster);
  print({
    result,
    perNodeAtStart,
    perNodeAtKill,
    perNodeAfterKill,
    allBackAt,
    killedAt,
    connectedAt,
    stored,
    staffUpdates,
    staffChats: staffChats.size,
    jobs: [jobsBefore!, jobsAfter!],
  });
}

type Stored = {
  /** Rows per client id of the company's visitor questions. */
  copies: Map<string, number>;
  answers: Map<string, number>;
  /** When each client id was first stored (ms since the epoch, the database's clock). */
  storedAt: Map<string, number>;
  rows: number;
};

/** The company's visitor questions as stored, by client id, with their answers. */
async function countStored(cluster: TwoNodeCluster): Promise<Stored> {
  const { rows } = await cluster.database.sql.executeSql(
    `select q.client_message_id as "clientMessageID", count(distinct q.id)::int as copies,
            count(a.id)::int as answers, (extract(epoch from min(q.created_at)) * 1000)::float8 as "storedAt"
       from chat_messages q
       left join chat_messages a on a.chat_id = q.chat_id and a.sender_role = 'ai'
        and a.message_data->>'questionID' = q.id::text
      where q.company_id = $1 and q.sender_role = 'customer'
      group by q.client_message_id`,
    [cluster.companyId],
  );
  const typed = rows as { clientMessageID: string; copies: number; answers: number; storedAt: number }[];
  return {
    rows: typed.reduce((sum, row) => sum + row.copies, 0),
    copies: new Map(typed.map((row) => [row.clientMessageID, row.copies])),
    answers: new Map(typed.map((row) => [row.clientMessageID, row.answers])),
    storedAt: new Map(typed.map((row) => [row.clientMessageID, row.storedAt])),
  };
}

type JobBatch = {
  queued: number;
  completed: number;
  retried: number;
  pageFetches: number[];
  synced: number;
  ms: number;
};

/** Queues JOBS knowledge syncs of one-page sites and waits (up to 120 s) until the nodes ran them. */
async function runJobBatch(
  cluster: TwoNodeCluster,
  jobs: ReturnType<typeof createJobRunner>,
  site: Site,
  batch: string,
) {
  const startedAt = Date.now();
  const pages = Array.from({ length: JOBS }, (_, i) => `/${batch}/${i}`);
  const sources = await cluster.database.db
    .insert(knowledgeSources)
    .values(
      pages.map((page) => ({
        companyId: cluster.companyId,
        name: `Site ${page}`,
        sourceType: "website",
        url: `${site.url}${page}`,
        updateFrequency: "none",
        isSyncing: true,
      })),
    )
    .returning();
  for (const source of sources) {
    await jobs.enqueue({
      kind: SYNC_SOURCE_JOB,
      companyId: cluster.companyId,
      payload: { sourceId: source.id },
      singletonKey: `sync:${source.id}`,
    });
  }
  const keys = sources.map((source) => `sync:${source.id}`);
  const count = async () =>
    (
      await cluster.database.sql.executeSql(
        `select count(*) filter (where state = 'completed')::int as completed,
                count(*) filter (where retry_count > 0)::int as retried, count(*)::int as queued
           from pgboss.job where singleton_key = any($1::text[])`,
        [keys],
      )
    ).rows[0] as { completed: number; retried: number; queued: number };
  let counted = await count();
  while (counted.completed < JOBS && Date.now() - startedAt < 120_000) {
    await sleep(250);
    counted = await count();
  }
  const ms = Date.now() - startedAt;
  // Anything that would run a job twice has had time to.
  await sleep(3000);
  counted = await count();
  const { rows } = await cluster.database.sql.executeSql(
    "select count(*)::int as n from knowledge_sources where id = any($1::uuid[]) and not is_syncing and document_count = 1",
    [sources.map((source) => source.id)],
  );
  return {
    ...counted,
    pageFetches: pages.map((page) => site.fetches.get(page) ?? 0),
    synced: (rows[0] as { n: number }).n,
    ms,
  };
}

type Site = { url: string; server: Server; fetches: Map<string, number> };

/** One-page websites for the syncs, counting how often each page is fetched. */
async function startSite(): Promise<Site> {
  const fetches = new Map<string, number>();
  const server = createServer((request, response) => {
    const page = request.url ?? "/";
    if (!/^\/(before|after)\/\d+$/.test(page)) return response.writeHead(404).end();
    fetches.set(page, (fetches.get(page) ?? 0) + 1);
    response
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<html><head><title>Page ${page}</title></head><body><main><h1>Page ${page}</h1><p>Opening hours of the shop at ${page}: nine to five.</p></main></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, fetches };
}

function runClients(order: TwoNodeClientsOrder, onGo: () => void): Promise<TwoNodeClientsResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, "support/two-node-clients.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.on("message", (message) => {
      if (message === "connected") {
        onGo();
        child.send("go");
        return;
      }
      resolve(message as TwoNodeClientsResult);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the visitors' process exited with ${code}`));
    });
    child.send(order);
  });
}

/** How many, and of the first few what happened to them (cut off by the kill, sends, stored answers). */
function unanswered(questions: TwoNodeClientsResult["questions"]) {
  if (questions.length === 0) return "0";
  const first = questions.slice(0, 3).map((q) => `${q.isInterrupted ? "cut off" : "not cut off"}, ${q.sends} send(s)`);
  return `${questions.length} (${first.join("; ")})`;
}

/** Disconnect reasons with their counts, most first. */
function reasons(drops: { reason: string }[]) {
  const counts = new Map<string, number>();
  for (const drop of drops) counts.set(drop.reason, (counts.get(drop.reason) ?? 0) + 1);
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `${reason} ${n}`)
      .join(", ") || "—"
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString("en")} ms` : "—");
const p50p95 = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;

function print(run: {
  result: TwoNodeClientsResult;
  perNodeAtStart: ReturnType<TwoNodeCluster["balancer"]["nodes"]>;
  perNodeAtKill: ReturnType<TwoNodeCluster["balancer"]["nodes"]>;
  perNodeAfterKill: ReturnType<TwoNodeCluster["balancer"]["nodes"]>;
  allBackAt: number;
  killedAt: number;
  connectedAt: number;
  stored: Stored;
  staffUpdates: number;
  staffChats: number;
  jobs: JobBatch[];
}) {
  const { result, killedAt, stored } = run;
  const questions = result.questions;
  const acked = questions.filter((q) => q.ackedAt !== null);
  const answered = questions.filter((q) => q.answeredAt !== null);
  const before = answered.filter((q) => q.answeredAt! < killedAt && q.lastChunkAt !== null);
  const after = answered.filter((q) => q.askedAt >= killedAt && !q.isInterrupted && q.lastChunkAt !== null);
  const interrupted = questions.filter((q) => q.isInterrupted);
  const resent = questions.filter((q) => q.sends > 1);
  // Sent again after the kill though B had stored it (its ack never came): the case that must not double.
  const resentStoredByB = resent.filter((q) => (stored.storedAt.get(q.clientMessageID) ?? Infinity) < killedAt).length;
  const ackedOnce = acked.filter((q) => stored.copies.get(q.clientMessageID) === 1).length;
  const ackedTwice = acked.filter((q) => (stored.copies.get(q.clientMessageID) ?? 0) > 1).length;
  const ackedMissing = acked.filter((q) => !stored.copies.has(q.clientMessageID)).length;
  const asked = new Set(questions.map((q) => q.clientMessageID));
  const strangers = [...stored.copies.keys()].filter((id) => !asked.has(id)).length;
  const answeredOnce = acked.filter((q) => stored.answers.get(q.clientMessageID) === 1).length;
  // Dropped by the kill: not the visitors' own goodbye at the end.
  const dropped = result.disconnects.filter((d) => d.at >= killedAt && d.reason !== "io client disconnect");
  const reconnect = dropped.filter((d) => d.reconnectedAt !== null).map((d) => d.reconnectedAt! - d.at);
  const killToReconnect = dropped.filter((d) => d.reconnectedAt !== null).map((d) => d.reconnectedAt! - killedAt);
  const nodeRow = (label: string, nodes: typeof run.perNodeAtStart) =>
    // Sockets open at the balancer: the visitors' (staff is on A directly).
    `${nodes.map((n) => n.openSockets.toLocaleString("en")).join(" / ")}${label}`;
  const jobRow = (batch: JobBatch) =>
    `${batch.completed} / ${batch.queued} completed, ${batch.retried} retried; pages fetched ${Math.min(...batch.pageFetches)}–${Math.max(...batch.pageFetches)}× each; ${batch.synced} sources synced (${ms(batch.ms)})`;

  printTable(
    `Two nodes, node B killed ${((killedAt - run.connectedAt) / 1000).toFixed(0)} s into the asking: ${VISITORS} visitors × ${QUESTIONS_PER_VISITOR} questions, think 0–${THINK_MS / 1000} s, PostgreSQL + Redis, local engine`,
    [
      ["measure", "value"],
      ["visitors on A / B when all connected", nodeRow("", run.perNodeAtStart)],
      ["visitors on A / B at the kill", nodeRow("", run.perNodeAtKill)],
      [
        "visitors on A / B once all were back",
        nodeRow(
          ` (B ${run.perNodeAfterKill[1]?.isUp ? "up" : "down"}), ${ms(run.allBackAt - killedAt)} after the kill`,
          run.perNodeAfterKill,
        ),
      ],
      ["connections dropped after the kill / back (on A)", `${dropped.length} / ${reconnect.length}`],
      ["why they dropped", reasons(dropped)],
      ["reconnect after the kill: drop → connected p50 / p95", p50p95(reconnect)],
      ["reconnect after the kill: kill → connected, max", ms(Math.max(...killToReconnect))],
      [
        "questions asked / sends (with re-sends)",
        `${questions.length} / ${questions.reduce((s, q) => s + q.sends, 0)}`,
      ],
      ["acknowledged / refused", `${acked.length} / ${questions.filter((q) => q.refused !== null).length}`],
      ["cut off by the kill (no ack or answer yet)", String(interrupted.length)],
      ["sent again with the same id / of them stored by B already", `${resent.length} / ${resentStoredByB}`],
      ["acknowledged stored exactly once / twice / missing", `${ackedOnce} / ${ackedTwice} / ${ackedMissing}`],
      ["stored questions (rows) / not asked by anyone", `${stored.rows} / ${strangers}`],
      [
        "answers received / via rejoin after reconnect",
        `${answered.length} / ${answered.filter((q) => q.answeredVia === "rejoin").length}`,
      ],
      ["acknowledged with exactly one stored answer", `${answeredOnce} / ${acked.length}`],
      ["acknowledged, no answer received in 60 s", unanswered(acked.filter((q) => q.answeredAt === null))],
      [
        "ask → last chunk p50 / p95, before the kill",
        `${p50p95(before.map((q) => q.lastChunkAt! - q.askedAt))} (${before.length})`,
      ],
      [
        "ask → last chunk p50 / p95, asked after the kill",
        `${p50p95(after.map((q) => q.lastChunkAt! - q.askedAt))} (${after.length})`,
      ],
      [
        "ask → answer p50 / p95, cut off by the kill",
        `${p50p95(interrupted.filter((q) => q.answeredAt !== null).map((q) => q.answeredAt! - q.askedAt))}`,
      ],
      ["staff on A: inbox updates / chats seen", `${run.staffUpdates} / ${run.staffChats}`],
      ["sync jobs queued before the kill", jobRow(run.jobs[0]!)],
      ["sync jobs queued after the kill", jobRow(run.jobs[1]!)],
      ["visitor clients' process RSS", `${result.clientRssMb.toFixed(0)} MB`],
    ],
  );
}
