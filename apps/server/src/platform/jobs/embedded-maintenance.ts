import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";

/** How often (every 5 minutes, as cron) the embedded database looks for tables that need their statistics or dead rows seen to. */
export const EMBEDDED_MAINTENANCE_CRON = "*/5 * * * *";

type TableNeed = { tableName: string; isVacuumDue: boolean };

/**
 * PostgreSQL's autovacuum keeps the planner's statistics fresh, reclaims dead rows and keeps the
 * visibility map that index-only scans rely on. PGlite runs PostgreSQL in single-user mode, where
 * no autovacuum worker exists: without this, the embedded default would plan every query from
 * guesses (a table never analysed has no column statistics) and its dead rows would only grow.
 * This does autovacuum's job on autovacuum's default thresholds, one table at a time, as a
 * schedule of the job runner's. PGlite has one connection, so a vacuum holds other queries while it runs; the
 * thresholds keep that to tables that changed by a fifth (docs/decisions/009).
 */
export function createEmbeddedMaintenance(deps: { db: Database }) {
  return {
    /** Vacuums and analyses what is due; returns the tables it saw to. */
    async run(): Promise<TableNeed[]> {
      const due = await queryRows<TableNeed>(
        deps.db,
        sql`
          select format('%I.%I', s.schemaname, s.relname) as "tableName",
                 (s.n_dead_tup > 50 + 0.2 * s.n_live_tup
                   or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup) as "isVacuumDue"
          from pg_stat_user_tables s
          join pg_class c on c.oid = s.relid
          where s.n_dead_tup > 50 + 0.2 * s.n_live_tup
             or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
             or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup
             -- Statistics are lost when the process stops without a clean shutdown: a table
             -- that was never analysed is due whatever the counters say.
             or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
          order by s.schemaname, s.relname`,
      );
      for (const table of due) {
        // The name comes from the catalogue, quoted by format('%I'); VACUUM takes no parameters.
        await deps.db.execute(sql.raw(`${table.isVacuumDue ? "VACUUM (ANALYZE)" : "ANALYZE"} ${table.tableName}`));
      }
      return due;
    },
  };
}
