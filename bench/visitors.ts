import { fork } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { io } from "socket.io-client";
import { queryRows } from "../apps/server/src/db/client";
import { SESSION_COOKIE } from "../apps/server/src/platform/session";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import type { VisitorClientsOrder, VisitorClientsResult } from "./support/visitor-clients";
import { printTable } from "./table";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const QUESTIONS_PER_VISITOR = 3;
/**
 * People type: before each question a visitor "thinks" for a random time up to this long
 * (BENCH_THINK_MS=0 asks everything at once, a burst no shop sees). With 1,000 visitors and
 * 20 s, questions arrive at about 100 a second — a very busy shop.
 */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 20_000);
/** Visitors connect in waves of this size, as shoppers arrive, not in one burst of handshakes. */
const CONNECT_WAVE = 100;
const QUESTIONS = [
  "How long does standard delivery take?",
  "Can I return items I bought three weeks ago?",
  "Which payment methods do you accept?",
  "Is delivery free?",
  "How do I exchange a size?",
];

/**
 * 1,000 widget visitors on loopback, each asking three questions one after another against the
 * demo knowledge base with the local engine, while a staff member watches the inbox live. The
 * server runs in this process; the visitors' socket.io clients run in a forked process of their
 * own (`support/visitor-clients.ts`), as real visitors are on other machines. Measures ask → last
 * streamed chunk and ask → stored answer, answers that never arrived, the server's memory and
 * its CPU time per question.
 */
export async function benchVisitors() {
  const harbor = await startInProcessApp({
    visitorLimits: { questionsPerWidget: 1_000_000, questionsPerVisitor: 1000, eventsPerVisitor: 1000 },
  });
  try {
    const company = await harbor.createCompany("Visitor Bench Shop");
    await harbor.app.services.knowledgeService.seedDemoArticles(company.companyId);
    const widget = await harbor.app.services.widgetRepository.findOrCreate(company.companyId);
    const url = await harbor.app.listen({ port: 0, host: "127.0.0.1" });

    // A dashboard tab on the inbox: every question and answer is also a live inbox update.
    const staff = io(`${url}/staff`, {
      path: "/socket.io",
      transports: ["websocket"],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${await harbor.createSession(company)}` },
      forceNew: true,
    });
    let staffUpdates = 0;
    staff.on("chat-updated", () => staffUpdates++);
    await new Promise<void>((resolve, reject) => {
      staff.once("connect", () => resolve());
      staff.once("connect_error", reject);
    });

    let peakRssMb = 0;
    const sampleRss = () => {
      peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 1024 / 1024);
    };
    const rssTimer = setInterval(sampleRss, 250);
    const cpuBefore = process.cpuUsage();
    const order: VisitorClientsOrder = {
      url,
      widgetID: widget.widgetId,
      visitors: VISITORS,
      questionsPerVisitor: QUESTIONS_PER_VISITOR,
      thinkMs: THINK_MS,
      connectWave: CONNECT_WAVE,
      questions: QUESTIONS,
    };
    const result = await runVisitorClients(order);
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(rssTimer);
    sampleRss();
    staff.close();

    const [stored] = await queryRows<{ questions: number; answers: number }>(
      harbor.database.db,
      sql`select count(*) filter (where sender_role = 'customer')::int as questions,
               count(*) filter (where sender_role = 'ai')::int as answers
        from chat_messages where company_id = ${company.companyId}`,
    );
    const asked = VISITORS * QUESTIONS_PER_VISITOR;
    const { askToChunk, askToAnswer } = result;
    printTable(
      `Widget visitors: ${VISITORS} concurrent, ${QUESTIONS_PER_VISITOR} questions each, local engine, ${harbor.database.kind}`,
      [
        ["measure", "value"],
        ["ask → last chunk p50", ms(percentile(askToChunk, 50))],
        ["ask → last chunk p95", ms(percentile(askToChunk, 95))],
        ["ask → stored answer p50", ms(percentile(askToAnswer, 50))],
        ["ask → stored answer p95", ms(percentile(askToAnswer, 95))],
        ["questions answered", `${askToAnswer.length} / ${asked}`],
        ["messages lost (no answer arrived)", String(result.lost)],
        ["asks refused", String(result.failed)],
        ["stored questions / answers", `${stored?.questions} / ${stored?.answers}`],
        ["live inbox updates the staff tab heard", String(staffUpdates)],
        ["think time before each question", THINK_MS > 0 ? `random 0–${THINK_MS / 1000} s` : "none (burst)"],
        ["questions per second (offered)", (asked / result.elapsedS).toFixed(0)],
        ["server CPU per question (user + system)", ms((cpu.user + cpu.system) / 1000 / asked)],
        ["server RSS, peak", `${peakRssMb.toFixed(0)} MB`],
        ["visitor clients' process RSS", `${result.clientRssMb.toFixed(0)} MB`],
      ],
    );
  } finally {
    await harbor.close();
  }
}

/** Forks the visitors' process, gives it its orders and waits for its measurements. */
function runVisitorClients(order: VisitorClientsOrder): Promise<VisitorClientsResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, "support/visitor-clients.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (message) => resolve(message as VisitorClientsResult));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the visitors' process exited with ${code}`));
    });
    child.send(order);
  });
}
