import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generateFakeProducts } from "../apps/server/src/integrations/shopify/shopify.fake-products";
import { prepareDocument } from "../apps/server/src/modules/knowledge/ingestion/prepare-document";
import { productDocument } from "../apps/server/src/modules/knowledge/ingestion/source-readers";
import type { CompanyAuth } from "../apps/server/src/platform/session";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import { printTable } from "./table";

const EVAL_QUESTIONS = path.resolve(import.meta.dirname, "../eval/shop-a/questions.jsonl");

/**
 * Retrieval and document-list latency at scale: one company with `documents` products (about
 * two passages each, ~100,000 passages) beside other companies' data, on the embedded database.
 * Rows are bulk-loaded through the same repository the ingestion uses, with the vector index
 * built after loading (as a restore would); queries are the eval set's 81 visitor questions.
 */
export async function benchKnowledgeRetrieval(options: { documents?: number; otherCompanies?: number } = {}) {
  const documentCount = options.documents ?? 50_000;
  const otherCompanies = options.otherCompanies ?? 1;
  const loaded = await loadKnowledge({ documentCount, otherCompanies });
  const { harbor, main, counts, loadSeconds, indexSeconds } = loaded;
  const services = harbor.app.services;
  try {
    const questions = (await readFile(EVAL_QUESTIONS, "utf8"))
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { question: string }).question);
    const time = async (run: () => Promise<unknown>, repeat = 1) => {
      const samples: number[] = [];
      for (let r = 0; r < repeat; r++) {
        const startedAt = performance.now();
        await run();
        samples.push(performance.now() - startedAt);
      }
      return samples;
    };
    const retrievalSamples = async (mode: "hybrid" | "text" | "vector") => {
      const samples: number[] = [];
      for (const question of [...questions, ...questions]) {
        samples.push(
          ...(await time(() => services.retriever.retrieve({ companyId: main.auth.companyId, query: question, mode }))),
        );
      }
      return samples;
    };
    await retrievalSamples("hybrid"); // warm caches
    const hybrid = await retrievalSamples("hybrid");
    const text = await retrievalSamples("text");
    const vector = await retrievalSamples("vector");

    // The whole answer pipeline with the local engine, a new chat per question: classify +
    // retrieve + compose + store (messages, analysis, summary, token usage, times_used).
    const askInChat = async () => {
      const samples: number[] = [];
      for (const question of questions) {
        const chat = await services.chatsRepository.createChat(main.auth.companyId);
        samples.push(
          ...(await time(() =>
            services.chatAnswering.answerInChat({ companyId: main.auth.companyId, chatId: chat.id, question }),
          )),
        );
      }
      return samples;
    };
    await askInChat(); // warm caches
    const pipelineSamples = [...(await askInChat()), ...(await askInChat())];

    const list =
      (request: { pageNumber?: number; searchTerm?: string; filter?: "all" | "active" | "inactive" }) => () =>
        services.knowledgeService.listDocuments(main.auth, {
          sourceID: main.sourceId,
          pageNumber: request.pageNumber ?? 1,
          pageSize: 20,
          searchTerm: request.searchTerm,
          filter: request.filter ?? "all",
        });
    const listCases: [string, () => Promise<unknown>][] = [
      ["first page", list({})],
      ["deep page (1,000)", list({ pageNumber: 1000 })],
      ["search 'jacket'", list({ searchTerm: "jacket" })],
      ["filter inactive", list({ filter: "inactive" })],
    ];
    const listRows: string[][] = [];
    for (const [name, run] of listCases) {
      await time(run, 3);
      const samples = await time(run, 40);
      listRows.push([`/document/all ${name}`, ms(percentile(samples, 50)), ms(percentile(samples, 95)), "p95 < 30 ms"]);
    }

    printTable(
      `Knowledge at scale (${harbor.database.kind}): ${counts!.mine.toLocaleString("en")} passages in one company, ${counts!.total.toLocaleString("en")} in all; load ${loadSeconds.toFixed(0)} s, vector index ${indexSeconds.toFixed(0)} s`,
      [
        ["measure", "p50", "p95", "aim"],
        ["retrieve, hybrid (162 questions)", ms(percentile(hybrid, 50)), ms(percentile(hybrid, 95)), "p95 < 50 ms"],
        ["retrieve, full text only", ms(percentile(text, 50)), ms(percentile(text, 95)), "—"],
        ["retrieve, vectors only", ms(percentile(vector, 50)), ms(percentile(vector, 95)), "—"],
        [
          "answer pipeline, local engine (162 questions)",
          ms(percentile(pipelineSamples, 50)),
          ms(percentile(pipelineSamples, 95)),
          "p95 < 50 ms",
        ],
        ...listRows,
      ],
    );
  } finally {
    await harbor.close();
  }
}

type LoadedKnowledge = {
  main: { auth: CompanyAuth; sourceId: string };
  counts: { mine: number; total: number };
  loadSeconds: number;
  indexSeconds: number;
};

/**
 * Loaded PGlite databases are kept here (gitignored), keyed by size and by the code that shapes
 * their rows. Migrations are not in the key: a restored snapshot is migrated on start, as an
 * upgraded installation is.
 */
const CACHE_DIR = path.resolve(import.meta.dirname, ".cache");
const SHAPING_CODE = [
  "../apps/server/src/modules/knowledge/ingestion",
  "../apps/server/src/ai/embeddings",
  "../apps/server/src/integrations/shopify",
].map((folder) => path.resolve(import.meta.dirname, folder));

/** A hash of every file that decides what the loaded rows look like: a change there loads afresh. */
async function shapingCodeHash() {
  const hash = createHash("sha256");
  for (const folder of SHAPING_CODE) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".test.ts"))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file).update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * One company with `documentCount` products beside `otherCompanies` smaller ones, loaded and
 * indexed. Loading 50,000 products and building the vector index takes ~10 minutes on PGlite, so
 * the finished database is kept as a PGlite snapshot and restored on the next run (~seconds);
 * BENCH_FRESH=1 loads anew. PostgreSQL always loads (its database is not ours to keep).
 */
async function loadKnowledge(options: { documentCount: number; otherCompanies: number }) {
  const isPglite = !process.env.DATABASE_URL;
  const key = `knowledge-${options.documentCount}x${options.otherCompanies}-${await shapingCodeHash()}`;
  const snapshotFile = path.join(CACHE_DIR, `${key}.tar`);
  const metaFile = path.join(CACHE_DIR, `${key}.json`);
  if (isPglite && process.env.BENCH_FRESH !== "1" && existsSync(snapshotFile) && existsSync(metaFile)) {
    const meta = JSON.parse(await readFile(metaFile, "utf8")) as LoadedKnowledge;
    const harbor = await startInProcessApp({ loadDataDir: new Blob([await readFile(snapshotFile)]) });
    console.log(`(restored the loaded database from ${path.relative(process.cwd(), snapshotFile)})`);
    return { harbor, ...meta };
  }

  const harbor = await startInProcessApp();
  const { db } = harbor.database;
  const services = harbor.app.services;
  await db.execute(sql`drop index knowledge_chunks_embedding_idx`);
  const loadStartedAt = performance.now();
  const load = async (companyName: string, count: number) => {
    const auth = await harbor.createCompany(companyName);
    const row = await services.knowledgeRepository.createSource({
      companyId: auth.companyId,
      name: "Products",
      sourceType: "shopify-products",
      url: `https://${companyName.toLowerCase().replace(/\W+/g, "-")}.myshopify.com`,
      updateFrequency: "none",
    });
    const products = generateFakeProducts(count, { seed: companyName.length });
    for (let i = 0; i < products.length; i += 250) {
      const prepared = await Promise.all(
        products
          .slice(i, i + 250)
          .map((product) =>
            prepareDocument(
              productDocument({ product, currency: "EUR", shopDomain: "bench.myshopify.com", selectors: undefined }),
              services.embedder,
            ),
          ),
      );
      await services.knowledgeRepository.replaceDocuments({
        companyId: auth.companyId,
        sourceId: row!.id,
        documents: prepared,
      });
    }
    return { auth, sourceId: row!.id };
  };
  const main = await load("Bench Outdoor", options.documentCount);
  for (let i = 0; i < options.otherCompanies; i++)
    await load(`Other Shop ${i + 1}`, Math.round(options.documentCount / 5));
  const loadSeconds = (performance.now() - loadStartedAt) / 1000;
  const indexStartedAt = performance.now();
  await db.execute(
    sql`create index knowledge_chunks_embedding_idx on knowledge_chunks using hnsw (embedding vector_cosine_ops) with (m = 12, ef_construction = 32)`,
  );
  const indexSeconds = (performance.now() - indexStartedAt) / 1000;
  // What the server does after a bulk change (VACUUM also sets the visibility map index-only scans use).
  await db.execute(sql`vacuum analyze`);
  const [counts] = (
    (await db.execute(sql`
      select (select count(*) from knowledge_chunks where company_id = ${main.auth.companyId})::int as mine,
             (select count(*) from knowledge_chunks)::int as total`)) as unknown as {
      rows: { mine: number; total: number }[];
    }
  ).rows;
  const loaded: LoadedKnowledge = { main, counts: counts!, loadSeconds, indexSeconds };
  if (isPglite && harbor.database.dumpDataDir) {
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(snapshotFile, Buffer.from(await (await harbor.database.dumpDataDir()).arrayBuffer()));
    await writeFile(metaFile, JSON.stringify(loaded));
  }
  return { harbor, ...loaded };
}
