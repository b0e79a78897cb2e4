import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import type { CompanyAuth } from "../platform/session";
import { EVAL_ROOT, loadEvalSetFromDir } from "./eval-set";
import { loadEvalSetIntoCompany } from "./load-eval-set";
import { askEvalQuestions } from "./run-eval";
import { formatSummary, summarize } from "./score-eval";

const usage = `Usage: npm run eval -- [--set <dir>] [--out <file.jsonl>] [--only <kind>]

Loads an eval set (the format of ../shared/eval/shop-a) into a fresh company in a temporary
embedded database through the real ingestion path, asks every question through the real answer
pipeline with the configured AI provider (AI_PROVIDER, default local), and prints pass rates.`;

/** `npm run eval`: measures the AI's answers on a question set (issue #4, ../shared/eval). */
async function main() {
  const { values } = parseArgs({
    options: {
      set: { type: "string", default: path.join(EVAL_ROOT, "shop-a") },
      out: { type: "string" },
      only: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const setDir = path.resolve(values.set);
  const set = await loadEvalSetFromDir(setDir);
  const questions = values.only ? set.questions.filter((q) => q.kind === values.only) : set.questions;

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
  try {
    const { usersRepository, companiesRepository } = app.services;
    const user = await usersRepository.findOrCreate({ email: "eval@harbor.localhost", name: "Eval" });
    const company = await companiesRepository.createWithAdmin({ name: path.basename(setDir), adminUserId: user.id });
    const auth: CompanyAuth = {
      tokenHash: "eval",
      userId: user.id,
      email: "eval@harbor.localhost",
      name: "Eval",
      displayName: "Eval",
      companyId: company.id,
      role: "admin",
    };
    const loadStarted = performance.now();
    const site = await loadEvalSetIntoCompany(app, set, auth);
    console.log(
      `Loaded ${set.articles.length} articles and the products of ${path.basename(setDir)} in ` +
        `${((performance.now() - loadStarted) / 1000).toFixed(1)} s; asking ${questions.length} questions ` +
        `with ${app.services.aiEngine.model}.`,
    );
    try {
      const answers = await askEvalQuestions(app, company.id, questions, (answer) => {
        if (!answer.passed)
          console.log(
            `  ✗ ${answer.id} [${answer.kind}/${answer.lang}] ${answer.question}\n      → ${answer.outcome}: ${answer.answer.slice(0, 200).replace(/\n/g, " ")}`,
          );
      });
      console.log(`\n${formatSummary(summarize(answers))}`);
      if (values.out) {
        await writeFile(values.out, `${answers.map((answer) => JSON.stringify(answer)).join("\n")}\n`);
        console.log(`\nWrote ${answers.length} answers to ${values.out}`);
      }
    } finally {
      await site.close();
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
