// The embedded database's thread (docs/decisions/011). PGlite runs PostgreSQL compiled to
// WebAssembly on whichever thread calls it; here that is a worker thread of its own, so the
// server's event loop (HTTP, sockets, the answer pipeline) keeps running while a query, a
// vacuum or a bulk write is under way. `pglite-in-worker.ts` is the other end of these messages.
// Plain JavaScript: it is loaded the same way from the sources, from tests and from the bundle.
import { openAsBlob } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";

/** PGlite takes parsers as functions, which cannot cross threads: the types whose text is kept as is. */
const asQueryOptions = (options) => {
  if (!options) return undefined;
  const parsers = Object.fromEntries((options.textTypes ?? []).map((type) => [type, (value) => value]));
  return { rowMode: options.rowMode, parsers };
};

/** What a caller needs of a PostgreSQL error (its code above all: 23505 is a unique violation). */
const errorFields = (error) => {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  for (const key of ["name", "code", "detail", "hint", "constraint", "table", "column", "schema", "severity"]) {
    if (error && typeof error === "object" && error[key] !== undefined) fields[key] = error[key];
  }
  return fields;
};

const { dataDir, loadDataDir, loadDataDirPath, startParams, isInitOnly } = workerData;
// A snapshot by path is read here, on this thread, so the server's thread never holds a copy of it.
const snapshot = loadDataDirPath
  ? await openAsBlob(loadDataDirPath)
  : loadDataDir
    ? new Blob([loadDataDir])
    : undefined;
const db = await PGlite.create({
  dataDir,
  loadDataDir: snapshot,
  extensions: { vector, pg_trgm },
  relaxedDurability: false,
  startParams: [...PGlite.defaultStartParams, ...startParams],
});

// A new data folder's initdb thread (pglite-in-worker.ts): the folder is written, the thread ends.
if (isInitOnly) {
  await db.close();
  process.exit(0);
}

/**
 * Open transactions by id: PGlite runs a transaction as a callback, so the callback waits here
 * until the main thread says commit (resolve) or roll back (reject). PGlite queues every other
 * query until that callback returns, as it does in one thread.
 */
const transactions = new Map();

function begin(txId) {
  return new Promise((started, failedToStart) => {
    const open = { tx: null, commit: null, rollBack: null, finished: null };
    const outcome = new Promise((commit, rollBack) => {
      open.commit = commit;
      open.rollBack = rollBack;
    });
    open.finished = db
      .transaction(async (tx) => {
        open.tx = tx;
        transactions.set(txId, open);
        started();
        await outcome;
      })
      .finally(() => transactions.delete(txId));
    open.finished.catch((error) => {
      if (!open.tx) failedToStart(error);
    });
  });
}

async function end(txId, isCommit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  if (isCommit) open.commit();
  else open.rollBack(new Error("rolled back"));
  // A commit that fails (a deferred constraint) rejects here; a rollback's own rejection is expected.
  await open.finished.catch((error) => {
    if (isCommit) throw error;
  });
}

const handlers = {
  query: ({ txId, text, params, options }) =>
    (txId ? transactions.get(txId).tx : db).query(text, params, asQueryOptions(options)),
  begin: ({ txId }) => begin(txId),
  commit: ({ txId }) => end(txId, true),
  rollback: ({ txId }) => end(txId, false),
  // A script of several statements (pg-boss's schema and maintenance), some with their own BEGIN …
  // COMMIT, inside a transaction of PGlite's: when a statement fails, PGlite rolls it all back.
  // Run alone, a failure would leave the one connection in a failed transaction for every later query.
  script: async ({ text }) => {
    const results = await db.transaction((tx) => tx.exec(text));
    return results.at(-1) ?? { rows: [], fields: [] };
  },
  dump: async () => new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer()),
  close: () => db.close(),
};

parentPort.on("message", async (message) => {
  try {
    const result = await handlers[message.op](message);
    const transfer = result instanceof Uint8Array ? [result.buffer] : [];
    parentPort.postMessage({ id: message.id, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: errorFields(error) });
  }
});
parentPort.postMessage({ ready: true });
