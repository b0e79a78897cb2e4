import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { storedFiles } from "../../db/schema/index";

/** How much was uploaded since a moment: what a quota compares with its limits. */
export type UploadTally = { files: number; bytes: number };

/** The SQL of visitors' attachments (`stored_files` rows; the bytes are in the file store). */
export function createVisitorFilesRepository(db: Database) {
  async function tally(where: ReturnType<typeof and>): Promise<UploadTally> {
    const [row] = await db
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${storedFiles.byteSize}), 0)::bigint`,
      })
      .from(storedFiles)
      .where(where);
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  return {
    async insertUpload(file: {
      id: string;
      companyId: string;
      visitorId: string;
      uploaderIp: string;
      contentType: string;
      byteSize: number;
    }) {
      // Not attached until a message carries it; the sweep removes it if none ever does.
      await db.insert(storedFiles).values({ ...file, attachedAt: null });
    },

    /** Uploads of one visitor of a company since `since`. */
    tallyByVisitor: (companyId: string, visitorId: string, since: Date) =>
      tally(
        and(
          eq(storedFiles.companyId, companyId),
          eq(storedFiles.visitorId, visitorId),
          sql`${storedFiles.createdAt} >= ${since}`,
        ),
      ),

    /** Uploads by every visitor of a company's widget since `since`. */
    tallyByWidget: (companyId: string, since: Date) =>
      tally(
        and(
          eq(storedFiles.companyId, companyId),
          sql`${storedFiles.visitorId} is not null`,
          sql`${storedFiles.createdAt} >= ${since}`,
        ),
      ),

    /** Uploads from one address since `since`, whichever shop's widget they went to. */
    tallyByIp: (uploaderIp: string, since: Date) =>
      tally(and(eq(storedFiles.uploaderIp, uploaderIp), sql`${storedFiles.createdAt} >= ${since}`)),

    /** Of `fileIds`, those this visitor uploaded and that are free or already in `chatId`. */
    async attachableIds(options: { companyId: string; visitorId: string; chatId: string | null; fileIds: string[] }) {
      if (options.fileIds.length === 0) return [];
      const rows = await db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.companyId, options.companyId),
            eq(storedFiles.visitorId, options.visitorId),
            inArray(storedFiles.id, options.fileIds),
            options.chatId
              ? or(isNull(storedFiles.chatId), eq(storedFiles.chatId, options.chatId))
              : isNull(storedFiles.chatId),
          ),
        );
      return rows.map((row) => row.id);
    },

    async attach(options: { companyId: string; visitorId: string; chatId: string; fileIds: string[] }) {
      if (options.fileIds.length === 0) return;
      await db
        .update(storedFiles)
        .set({ chatId: options.chatId, attachedAt: sql`now()` })
        .where(
          and(
            eq(storedFiles.companyId, options.companyId),
            eq(storedFiles.visitorId, options.visitorId),
            inArray(storedFiles.id, options.fileIds),
            isNull(storedFiles.chatId),
          ),
        );
    },

    /**
     * Deletes the rows of uploads no message took up before `before`, across companies (the
     * sweep is the platform's housekeeping, not a company's request), and answers their ids.
     */
    async deleteUnattachedBefore(before: Date) {
      const rows = await db
        .delete(storedFiles)
        .where(and(isNull(storedFiles.attachedAt), lt(storedFiles.createdAt, before)))
        .returning({ id: storedFiles.id });
      return rows.map((row) => row.id);
    },

    /** Of `ids`, those that still have a row: bytes under any other id belong to no file. */
    async existingIds(ids: string[]) {
      if (ids.length === 0) return new Set<string>();
      const rows = await db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, ids));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type VisitorFilesRepository = ReturnType<typeof createVisitorFilesRepository>;
