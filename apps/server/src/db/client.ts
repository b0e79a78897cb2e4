import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PGliteInWorker } from "./pglite-in-worker";
import * as schema from "./schema/index";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Plain SQL text with `$n` parameters, for a library that brings its own statements (pg-boss). */
export type SqlExecutor = {
  /**
   * One statement with its parameters; or, without parameters, a script of statements separated by
   * semicolons (which may have its own BEGIN … COMMIT). Answers the (last) statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/** Plain SQL on the database, and transactions of it (one connection, committed or rolled back as one). */
export type SqlClient = SqlExecutor & {
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
};

/** Either database behind one handle: code above this file never asks which it has. */
export type DatabaseHandle = {
  db: Database;
  /** The same database for plain SQL text (the job queue's, decision 026). */
  sql: SqlClient;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` restores in ~0.5 s. */
  dumpDataDir?: () => Promise<Blob>;
};

/**
 * Where the migrations are when this file runs from the sources (tests, `npm run dev`). The built
 * server is bundled, so main.ts passes the folder it ships beside instead.
 */
const sourceMigrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** The embedded database's thread (plain JavaScript beside this file; the build copies it). */
const sourceWorkerPath = new URL("./pglite-worker.mjs", import.meta.url);

/**
 * Every connection's HNSW search settings (pgvector): the scan keeps going until it has found
 * enough of *one company's* rows, over 40 candidates. Set per connection rather than per query,
 * so retrieval needs no transaction of its own (decision 011): a transaction holds the embedded
 * database for every round trip between its statements.
 */
export const HNSW_EF_SEARCH = 40;
const connectionSettings = { "hnsw.ef_search": String(HNSW_EF_SEARCH), "hnsw.iterative_scan": "relaxed_order" };
const settingFlags = Object.entries(connectionSettings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);

export type OpenDatabaseOptions = { migrationsFolder?: string } & (
  | {
      kind: "pglite";
      dataDir?: string;
      loadDataDir?: Blob | File;
      /**
       * A snapshot (`dumpDataDir`) on disk, restored like `loadDataDir` but read by the database
       * thread itself: the tarball is never copied into the server's thread (decision 060).
       */
      loadDataDirPath?: string;
      sharedBuffers?: string;
      workerPath?: string;
    }
  | { kind: "postgres"; connectionString: string; maxConnections?: number }
);

/** Any number of nodes may start together: an advisory lock lets one migrate while the rest wait. */
async function migratePostgresUnderLock(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('harbor:migrations'))");
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('harbor:migrations'))").catch(() => {});
    client.release();
  }
}

/**
 * Plain SQL on the pool. A script that fails inside its own BEGIN leaves PostgreSQL's connection
 * in the failed transaction, so it is rolled back before the pool hands the connection to anyone.
 */
function postgresSqlClient(pool: pg.Pool): SqlClient {
  async function onOneConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let isBroken = false;
    try {
      return await work(client);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {
        isBroken = true;
      });
      throw error;
    } finally {
      client.release(isBroken);
    }
  }
  return {
    executeSql: (text, values) => (values ? pool.query(text, values) : onOneConnection((client) => client.query(text))),
    transaction: (work) =>
      onOneConnection(async (client) => {
        await client.query("BEGIN");
        const result = await work({ executeSql: (text, values) => client.query(text, values) });
        await client.query("COMMIT");
        return result;
      }),
  };
}

/** Plain SQL on the database thread: scripts run there inside one PGlite transaction. */
function pgliteSqlClient(client: PGliteInWorker): SqlClient {
  return {
    executeSql: (text, values) => (values ? client.query(text, values) : client.script(text)),
    transaction: (work) =>
      client.transaction((tx) => work({ executeSql: (text, values) => tx.query(text, values ?? []) })),
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? sourceMigrationsFolder;
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      options: settingFlags.join(" "),
    });
    // An idle client's error (the server restarting) must not crash the process; the pool reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      sql: postgresSqlClient(pool),
      kind: "postgres",
      migrate: () => migratePostgresUnderLock(pool, migrationsFolder),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const client = await PGliteInWorker.create({
    workerPath: options.workerPath ?? sourceWorkerPath,
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    loadDataDirPath: options.loadDataDirPath,
    // PGlite's default 128 MB of shared buffers is most of an idle server's memory; 32 MB keeps it
    // near 250 MB resident (decision 011), and the OS file cache still serves hot pages.
    startParams: ["-c", `shared_buffers=${options.sharedBuffers ?? "32MB"}`, ...settingFlags],
  });
  // The driver calls only query and transaction, which the worker's client answers.
  const pglite = client as unknown as PGlite;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    sql: pgliteSqlClient(client),
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir(),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which drizzle types only loosely. */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
