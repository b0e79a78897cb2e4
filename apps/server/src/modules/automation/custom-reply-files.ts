import { CUSTOM_REPLY_FILE_TYPES_TEXT, type CustomReplyFile } from "@harbor/contract/automation";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { chatMessages, customReplies, storedFiles } from "../../db/schema/index";
import { AppError } from "../../platform/errors";
import { type FileStore, storeSmallFile } from "../../platform/files/file-store";
import { sniffImageType } from "../../platform/multipart";

/** What an uploaded file really is, judged by its first bytes (the browser's claim is not trusted). */
function replyFileType(bytes: Buffer): string | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  return null;
}

/** stored_files.purpose of a file a custom reply sends. */
const REPLY_FILE_PURPOSE = "custom_reply";

/**
 * How long an upload may stay unnamed: the admin uploads while building a reply and saves it
 * later, maybe the next morning.
 */
export const REPLY_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Files a custom reply sends (message_file), uploaded by an admin: bytes in the file store, facts
 * in stored_files under the company (purpose `custom_reply`), served by GET /api/files/:id like
 * every stored file. They count as attached, so the sweep of visitors' unattached uploads leaves
 * them; their own sweep (decision 049) removes those no saved reply of the company names and no
 * message a reply sent shows, once past the grace period.
 */
export function createCustomReplyFiles(deps: {
  db: Database;
  store: FileStore;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, "info">;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async store(companyId: string, bytes: Buffer): Promise<CustomReplyFile> {
      if (bytes.length === 0) throw new AppError("BAD_REQUEST", "file: Choose a file to upload.");
      const fileType = replyFileType(bytes);
      if (!fileType) throw new AppError("BAD_REQUEST", `file: The file must be ${CUSTOM_REPLY_FILE_TYPES_TEXT}.`);
      const id = await storeSmallFile(deps.store, bytes);
      try {
        await deps.db
          .insert(storedFiles)
          .values({ id, companyId, contentType: fileType, byteSize: bytes.length, purpose: REPLY_FILE_PURPOSE });
      } catch (error) {
        await deps.store.remove(id);
        throw error;
      }
      return { fileUrl: `${deps.publicUrl}/api/files/${id}`, fileType };
    },

    /**
     * The scheduled sweep: reply uploads older than the grace period that no custom reply of
     * their company names (its graph holds the file's address) and no reply message in the
     * company's chats shows (a visitor's history keeps its file) lose their row, then their
     * bytes. A row removed but bytes left (a failed remove) are the stored-files sweep's orphans.
     * The id is matched inside the address, so a change of the public address keeps files named.
     */
    async sweepUnused() {
      const before = new Date(now().getTime() - REPLY_FILE_GRACE_MS);
      const removed = await deps.db
        .delete(storedFiles)
        .where(
          and(
            eq(storedFiles.purpose, REPLY_FILE_PURPOSE),
            lt(storedFiles.createdAt, before),
            sql`not exists (select 1 from ${customReplies} where ${customReplies.companyId} = ${storedFiles.companyId} and strpos(${customReplies.nodes}::text, ${storedFiles.id}::text) > 0)`,
            sql`not exists (select 1 from ${chatMessages} where ${chatMessages.companyId} = ${storedFiles.companyId} and ${chatMessages.messageData}->>'customReplyID' is not null and strpos(${chatMessages.messageData}->'file'->>'url', ${storedFiles.id}::text) > 0)`,
          ),
        )
        .returning({ id: storedFiles.id });
      for (const { id } of removed) await deps.store.remove(id);
      if (removed.length > 0) deps.log?.info({ removed: removed.length }, "swept unused custom reply files");
      return { removed: removed.length };
    },
  };
}

export type CustomReplyFiles = ReturnType<typeof createCustomReplyFiles>;
