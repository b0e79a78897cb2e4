import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The server's side of `bench/visitors.ts`, run in a process of its own (forked by the bench) so
 * its CPU time is the server's alone, and so the same bench can start the server of another
 * checkout of Harbor (BENCH_BASELINE, e.g. a worktree of main) beside this one's, on the same
 * machine in the same run. It loads that checkout's own `bench/support/in-process-app.ts`.
 *
 * Orders come as IPC messages: `start` (answers with the address, the widget and a staff cookie),
 * `mark` (answers with the CPU time used since the last mark), `memory`, `count` (stored questions and
 * answers) and `stop`.
 */
export type VisitorServerOrder =
  | { op: "start"; root: string; visitorLimits: Record<string, number> }
  | { op: "mark" }
  | { op: "count" }
  | { op: "memory" }
  | { op: "stop" };

export type VisitorServerStarted = {
  url: string;
  widgetID: string;
  staffCookie: string;
  databaseKind: string;
};
export type VisitorServerMark = { cpuMs: number; rssMb: number; peakRssMb: number };
/**
 * process.memoryUsage() of the server, after a full collection when it runs with --expose-gc, and
 * the peak RSS since the previous `memory` order (or since start-up).
 */
export type VisitorServerMemory = NodeJS.MemoryUsage & { peakRssMb: number };
export type VisitorServerCount = { questions: number; answers: number };

type InProcessApp = Awaited<ReturnType<typeof import("./in-process-app").startInProcessApp>>;

let harbor: InProcessApp | null = null;
let companyId = "";
let cpuAtMark = process.cpuUsage();
let peakRssMb = 0;
// memoryUsage.rss() alone: the full memoryUsage() walks the heaps, a few ms every sample, which the
// profile showed as server CPU per question.
const sampleRss = () => {
  peakRssMb = Math.max(peakRssMb, process.memoryUsage.rss() / 1024 / 1024);
};
setInterval(sampleRss, 250).unref();

async function handle(order: VisitorServerOrder): Promise<unknown> {
  switch (order.op) {
    case "start": {
      const appModule = pathToFileURL(path.join(order.root, "bench/support/in-process-app.ts")).href;
      const sessionModule = pathToFileURL(path.join(order.root, "apps/server/src/platform/session.ts")).href;
      const { startInProcessApp } = (await import(appModule)) as typeof import("./in-process-app");
      const { SESSION_COOKIE } = (await import(
        sessionModule
      )) as typeof import("../../apps/server/src/platform/session");
      harbor = await startInProcessApp({ visitorLimits: order.visitorLimits });
      // A name of its own: on PostgreSQL the checkouts (and earlier runs) share one database.
      const company = await harbor.createCompany(`Visitor Bench Shop ${crypto.randomUUID().slice(0, 8)}`);
      companyId = company.companyId;
      await harbor.app.services.knowledgeService.seedDemoArticles(company.companyId);
      const widget = await harbor.app.services.widgetRepository.findOrCreate(company.companyId);
      const url = await harbor.app.listen({ port: 0, host: "127.0.0.1" });
      const staffCookie = `${SESSION_COOKIE}=${await harbor.createSession(company)}`;
      cpuAtMark = process.cpuUsage();
      return { url, widgetID: widget.widgetId, staffCookie, databaseKind: harbor.database.kind };
    }
    case "mark": {
      const used = process.cpuUsage(cpuAtMark);
      cpuAtMark = process.cpuUsage();
      sampleRss();
      const mark: VisitorServerMark = {
        cpuMs: (used.user + used.system) / 1000,
        rssMb: process.memoryUsage.rss() / 1024 / 1024,
        peakRssMb,
      };
      return mark;
    }
    case "memory": {
      globalThis.gc?.();
      sampleRss();
      const memory: VisitorServerMemory = { ...process.memoryUsage(), peakRssMb };
      // The next reading's peak is of what happened since this one (start-up's own peak is not the load's).
      peakRssMb = memory.rss / 1024 / 1024;
      return memory;
    }
    case "count": {
      const { rows } = await harbor!.database.sql.executeSql(
        `select count(*) filter (where sender_role = 'customer')::int as questions,
                count(*) filter (where sender_role = 'ai')::int as answers
           from chat_messages where company_id = $1`,
        [companyId],
      );
      return rows[0] as VisitorServerCount;
    }
    case "stop": {
      await harbor?.close();
      harbor = null;
      return null;
    }
  }
}

// The bench is gone (it failed, or was stopped): so is its server.
process.once("disconnect", () => process.exit(1));

process.on("message", (order: VisitorServerOrder) => {
  handle(order).then(
    (result) => {
      process.send?.({ ok: true, result }, () => {
        if (order.op === "stop") process.exit(0);
      });
    },
    (error: unknown) => {
      console.error(error);
      process.send?.({ ok: false, message: error instanceof Error ? error.message : String(error) });
    },
  );
});
