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
    startParams: string[];
  }): Promise<PGliteInWorker> {
    const snapshot = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
    const worker = new Worker(options.workerPath, {
      workerData: { dataDir: options.dataDir, loadDataDir: snapshot, startParams: options.startParams },
      transferList: snapshot ? [snapshot.buffer] : [],
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
    return new PGliteInWorker(worker);
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
