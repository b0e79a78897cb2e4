import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Either database behind one handle: code above this file never asks which it has. */
export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` restores in ~0.5 s. */
  dumpDataDir?: () => Promise<Blob>;
};

/** Migrations sit beside this file in the sources and beside main.js in the built server. */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenDatabaseOptions =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File; sharedBuffers?: string }
  | { kind: "postgres"; connectionString: string; maxConnections?: number };

/** Any number of nodes may start together: an advisory lock lets one migrate while the rest wait. */
async function migratePostgresUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('harbor:migrations'))");
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('harbor:migrations'))").catch(() => {});
    client.release();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
    // An idle client's error (the server restarting) must not crash the process; the pool reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgresUnderLock(pool),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { vector },
    relaxedDurability: false,
    // PGlite's default 128 MB of shared buffers is most of an idle server's memory; 32 MB keeps
    // the embedded default under 250 MB resident, and the OS file cache still serves hot pages.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers ?? "32MB"}`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir("none")) as Blob,
  };
}
