import { CUSTOM_REPLY_FILE_TYPES_TEXT, type CustomReplyFile } from "@harbor/contract/automation";
import type { Database } from "../../db/client";
import { storedFiles } from "../../db/schema/index";
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

/**
 * Files a custom reply sends (message_file), uploaded by an admin: bytes in the file store, facts
 * in stored_files under the company, served by GET /api/files/:id like every stored file. They
 * count as part of something from the start (attached), so the sweep of visitors' unattached
 * uploads leaves them. An upload whose reply is never saved, or a file a reply no longer names,
 * stays stored: nothing yet tracks which reply uses which file.
 */
export function createCustomReplyFiles(deps: { db: Database; store: FileStore; publicUrl: string }) {
  return {
    async store(companyId: string, bytes: Buffer): Promise<CustomReplyFile> {
      if (bytes.length === 0) throw new AppError("BAD_REQUEST", "file: Choose a file to upload.");
      const fileType = replyFileType(bytes);
      if (!fileType) throw new AppError("BAD_REQUEST", `file: The file must be ${CUSTOM_REPLY_FILE_TYPES_TEXT}.`);
      const id = await storeSmallFile(deps.store, bytes);
      try {
        await deps.db.insert(storedFiles).values({ id, companyId, contentType: fileType, byteSize: bytes.length });
      } catch (error) {
        await deps.store.remove(id);
        throw error;
      }
      return { fileUrl: `${deps.publicUrl}/api/files/${id}`, fileType };
    },
  };
}

export type CustomReplyFiles = ReturnType<typeof createCustomReplyFiles>;
