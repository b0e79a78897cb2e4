import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

type Parser = (value: string, typeId: number) => unknown;
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, Parser> };
type WireOptions = { rowMode?: "array" | "object"; textTypes: number[] };
export type QueryResults = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

/** The part of PGlite's transaction that drizzle uses. */
export type WorkerTransaction = {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResults>;
};

/** A PostgreSQL error raised on the database thread, with the fields callers read (`code` above all). */
export class DatabaseThreadError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Reply = { id: number; result?: unknown; error?: Record<string, string> };

const PROBE = "\u0000probe";

/**
 * PGlite's options cross to the worker as data: its parsers are functions, so only those that keep
 * a value's text as it is (drizzle's, for dates and intervals) can go, as a list of types.
 */
function toWire(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const textTypes = Object.entries(options.parsers ?? {}).map(([type, parser]) => {
    if (parser(PROBE, Number(type)) !== PROBE) {
      throw new Error(`A parser for type ${type} changes values; only text-keeping parsers reach the database thread`);
    }
    return Number(type);
  });
  return { rowMode: options.rowMode, textTypes };
}

/** A data folder initdb has already filled (PostgreSQL writes PG_VERSION first). */
const isInitialised = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

/**
 * PGlite on a worker thread of its own, with the calls drizzle's PGlite driver makes (`query` and
 * `transaction`) answered through messages (docs/decisions/011). PGlite runs PostgreSQL as
 * WebAssembly on the calling thread: in the server's own thread every query, vacuum and bulk write
 * would stop HTTP, sockets and answers while it runs. Here they run side by side, on two cores.
 */
export class PGliteInWorker {
  private nextId = 0;
  private nextTransactionId = 0;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(Object.assign(new DatabaseThreadError(reply.error.message), reply.error));
      else waiting.resolve(reply.result);
    });
    const failAll = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`The database thread stopped (exit code ${code})`)));
  }

  static async create(options: {
    workerPath: URL | string;
    dataDir?: string;
    loadDataDir?: Blob | File;
    /** A snapshot file the database thread reads itself (decision 060). */
    loadDataDirPath?: string;
    startParams: string[];
  }): Promise<PGliteInWorker> {
    if (options.dataDir && !options.loadDataDir && !options.loadDataDirPath && !isInitialised(options.dataDir)) {
      // A new data folder: initdb runs in a thread of its own that then ends. What initdb touches
      // (its own WebAssembly instance, the first catalogue load) stays resident in a thread until
      // that thread's heap is collected, which an idle server may never do: ~400 MB of a fresh
      // server's memory, for good (decision 060). The database thread then opens the folder as on a restart.
      await PGliteInWorker.initialise(options.workerPath, options.dataDir, options.startParams);
    }
    const snapshot = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
    const worker = await PGliteInWorker.start(
      options.workerPath,
      {
        dataDir: options.dataDir,
        loadDataDir: snapshot,
        loadDataDirPath: options.loadDataDirPath,
        startParams: options.startParams,
      },
      snapshot ? [snapshot.buffer] : [],
    );
    return new PGliteInWorker(worker);
  }

  /** Runs initdb into a new data folder on a thread that ends when the folder is written. */
  private static async initialise(workerPath: URL | string, dataDir: string, startParams: string[]) {
    const initdb = new Worker(workerPath, {
      workerData: { dataDir, startParams, isInitOnly: true },
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    const exitCode = await new Promise<number>((resolve, reject) => {
      initdb.once("exit", resolve);
      initdb.once("error", reject);
    });
    if (exitCode !== 0) throw new Error(`Creating the database in ${dataDir} failed (exit code ${exitCode})`);
  }

  /** A database thread, once PGlite in it is ready. */
  private static async start(
    workerPath: URL | string,
    workerData: Record<string, unknown>,
    transferList: ArrayBuffer[] = [],
  ): Promise<Worker> {
    const worker = new Worker(workerPath, {
      workerData,
      transferList,
      // The thread's JavaScript only moves query results; PostgreSQL's memory is WebAssembly's,
      // outside V8's heap. A small young generation keeps the second isolate's idle memory low.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("error", onError);
        resolve();
      };
      const onError = (error: Error) => {
        worker.off("message", onMessage);
        reject(error);
      };
      worker.once("message", onMessage);
      worker.once("error", onError);
    });
    return worker;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query(text: string, params?: unknown[], options?: QueryOptions) {
    return this.call<QueryResults>({ op: "query", text, params, options: toWire(options) });
  }

  /**
   * Runs a script of statements separated by semicolons (no parameters), as one transaction even
   * when it has its own BEGIN … COMMIT; answers the last statement's result.
   */
  async script(text: string) {
    return this.call<QueryResults>({ op: "script", text });
  }

  /** Commits when the callback returns, rolls back when it throws (and rethrows), as PGlite does. */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = ++this.nextTransactionId;
    await this.call({ op: "begin", txId });
    const tx: WorkerTransaction = {
      query: async (text, params, options) =>
        this.call<QueryResults>({ op: "query", txId, text, params, options: toWire(options) }),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.call({ op: "rollback", txId }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: "commit", txId });
    return result;
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<Uint8Array>({ op: "dump" })]);
  }

  async close() {
    if (!this.failure) await this.call({ op: "close" });
    await this.worker.terminate();
  }
}
