import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import type { CompanyAuth } from "../platform/session";
import { EVAL_ROOT, loadEvalSetFromDir } from "./eval-set";
import { loadEvalSetIntoCompany } from "./load-eval-set";
import {
  formatConversationSummary,
  formatFailedTurn,
  loadConversations,
  runConversations,
  summarizeConversations,
} from "./run-conversations";
import { askEvalQuestions } from "./run-eval";
import {
  type EvalAnswer,
  type EvalSummary,
  formatFailedAnswer,
  formatOverview,
  formatSummary,
  summarize,
} from "./score-eval";

const usage = `Usage: npm run eval -- [--set <name|dir>]... [--all] [--conversations] [--split dev|test] [--out <file.jsonl>] [--only <kind>]

Loads each eval set (eval/<name>, default shop-a; --all: every shop set in eval/) into a fresh
company in a temporary embedded database through the real ingestion path, asks its questions
through the real answer pipeline with the configured AI provider (AI_PROVIDER, default local), and
prints per set and split: pass, wrong and declined per kind and language, recall@5, routing,
latency and tokens, then one overview table (dev and test side by side). --conversations also plays
eval/conversations (multi-turn chats) against the shops they name. See eval/README.md.`;

/** `npm run eval`: measures the AI's answers on the eval sets (eval/README.md). */
async function main() {
  const { values } = parseArgs({
    options: {
      set: { type: "string", multiple: true },
      all: { type: "boolean" },
      conversations: { type: "boolean" },
      split: { type: "string" },
      out: { type: "string" },
      only: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const setDirs = values.all
    ? (await readdir(EVAL_ROOT, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() && entry.name.startsWith("shop-"))
        .map((entry) => path.join(EVAL_ROOT, entry.name))
        .sort()
    : (values.set ?? ["shop-a"]).map((set) => (set.includes("/") ? path.resolve(set) : path.join(EVAL_ROOT, set)));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-eval-"));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // The set's help centre is served on loopback.
    CRAWL_ALLOW_PRIVATE_NETWORKS: "1",
  });
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, demoContentSeeders: [] });
  const allAnswers: EvalAnswer[] = [];
  const companyOfSet = new Map<string, string>();
  const summaries: EvalSummary[] = [];
  try {
    for (const setDir of setDirs) {
      const set = await loadEvalSetFromDir(setDir);
      const questions = set.questions.filter(
        (q) => (!values.only || q.kind === values.only) && (!values.split || q.split === values.split),
      );
      const { usersRepository, companiesRepository } = app.services;
      const email = `eval@${set.name}.harbor.localhost`;
      const user = await usersRepository.findOrCreate({ email, name: "Eval" });
      const company = await companiesRepository.createWithAdmin({ name: set.name, adminUserId: user.id });
      const auth: CompanyAuth = {
        tokenHash: "eval",
        userId: user.id,
        email,
        name: "Eval",
        displayName: "Eval",
        companyId: company.id,
        role: "admin",
      };
      const loadStarted = performance.now();
      const site = await loadEvalSetIntoCompany(app, set, auth, database.db);
      companyOfSet.set(set.name, company.id);
      console.log(
        `Loaded ${set.articles.length} articles and the products of ${set.name} in ` +
          `${((performance.now() - loadStarted) / 1000).toFixed(1)} s; asking ${questions.length} questions ` +
          `with ${app.services.aiEngine.model}.`,
      );
      try {
        const answers = await askEvalQuestions({
          app,
          companyId: company.id,
          set: set.name,
          questions,
          sourceIdOf: site.sourceIdOf,
          onAnswer: (answer) => {
            const line = formatFailedAnswer(answer);
            if (line) console.log(line);
          },
        });
        allAnswers.push(...answers);
        for (const split of ["dev", "test"] as const) {
          const pool = answers.filter((answer) => answer.split === split);
          if (pool.length === 0) continue;
          const summary = summarize(pool, { set: set.name, split });
          summaries.push(summary);
          console.log(`\n${formatSummary(summary)}\n`);
        }
      } finally {
        await site.close();
      }
    }
    console.log(`\n${formatOverview(summaries)}`);
    if (values.conversations) {
      const conversations = (await loadConversations()).filter(
        (conversation) => !values.split || conversation.split === values.split,
      );
      const results = await runConversations({
        app,
        companyIdOf: (set) => companyOfSet.get(set),
        conversations,
        onTurn: (turn) => {
          const line = formatFailedTurn(turn);
          if (line) console.log(line);
        },
      });
      for (const split of ["dev", "test"]) {
        const pool = results.filter((result) => result.split === split);
        if (pool.length > 0) console.log(`\n${formatConversationSummary(summarizeConversations(pool, split))}`);
      }
    }
    if (values.out) {
      await writeFile(values.out, `${allAnswers.map((answer) => JSON.stringify(answer)).join("\n")}\n`);
      console.log(`\nWrote ${allAnswers.length} answers to ${values.out}`);
    }
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
