import type { VisitorAttachment } from "@harbor/contract/widget";
import type { Database } from "../../db/client";
import { storedFiles } from "../../db/schema/index";

/**
 * Visitors' attachments, kept like profile pictures in `stored_files` (every node serves them;
 * random ids make the links unguessable) and served by GET /api/files/:id. Deleting the company
 * deletes them; a chat's files go with the company, since a message only links to them.
 */
const printable = (text: string) => [...text].filter((ch) => ch >= " " && ch !== "\u007f").join("");

export function createVisitorFiles(deps: { db: Database; publicUrl: string }) {
  return {
    async store(
      companyId: string,
      file: { name: string; contentType: string; bytes: Buffer },
    ): Promise<VisitorAttachment> {
      const [row] = await deps.db
        .insert(storedFiles)
        .values({ companyId, contentType: file.contentType, byteSize: file.bytes.length, bytes: file.bytes })
        .returning({ id: storedFiles.id });
      if (!row) throw new Error("Stored file insert returned no row");
      return {
        url: `${deps.publicUrl}/api/files/${row.id}`,
        // Names are shown, never used as paths; keep them printable and short.
        name: printable(file.name).slice(0, 200) || "attachment",
        contentType: file.contentType,
        byteSize: file.bytes.length,
      };
    },
  };
}

export type VisitorFiles = ReturnType<typeof createVisitorFiles>;
