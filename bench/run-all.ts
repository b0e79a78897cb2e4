import { benchAnalytics } from "./analytics";
import { benchInbox } from "./inbox";
import { benchKnowledgeIngest } from "./knowledge-ingest";
import { benchKnowledgeRetrieval } from "./knowledge-retrieval";
import { benchMemory } from "./memory";
import { benchStartup } from "./startup";
import { benchTtft } from "./ttft";
import { benchTwoNodes } from "./two-nodes";
import { benchUploads } from "./uploads";
import { benchVisitors } from "./visitors";
import { benchWidgetOpen } from "./widget-open";
import { benchWidgetSize } from "./widget-size";

// Each benchmark prints a table; their latest figures go in the README. `npm run bench -- NAME`
// runs one: startup, ingest, retrieval (which also times the document list), inbox, analytics, visitors, memory, uploads, ttft, widget-size,
// widget-open (needs `npm run build` and Chromium). two-nodes (PostgreSQL and Redis, about 16 minutes)
// runs only when named.
const only = process.argv[2];
const benchmarks: Record<string, () => Promise<void>> = {
  startup: () => benchStartup(),
  ingest: () => benchKnowledgeIngest(),
  retrieval: () => benchKnowledgeRetrieval(),
  inbox: () => benchInbox(),
  analytics: () => benchAnalytics(),
  visitors: () => benchVisitors(),
  memory: () => benchMemory(),
  uploads: () => benchUploads(),
  ttft: () => benchTtft(),
  "widget-size": () => benchWidgetSize(),
  "widget-open": () => benchWidgetOpen(),
};
const namedOnly: Record<string, () => Promise<void>> = {
  "two-nodes": () => benchTwoNodes(),
};
for (const [name, run] of Object.entries(benchmarks)) {
  if (!only || only === name) await run();
}
if (only && namedOnly[only]) await namedOnly[only]();
