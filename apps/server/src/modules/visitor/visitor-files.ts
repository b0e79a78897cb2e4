import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { VISITOR_FILE_MAX_BYTES } from "@harbor/contract/constants";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../platform/errors";
import { atMostBytesPerSecond } from "../../platform/files/byte-rate";
import type { FileStore } from "../../platform/files/file-store";
import { checkUploadQuotas, UPLOAD_QUOTA_MESSAGES, type UploadQuotas } from "./upload-quotas";
import type { VisitorFilesRepository } from "./visitor-files.repository";
import type { VisitorScope } from "./visitor-scope";

const printable = (text: string) => [...text].filter((ch) => ch >= " " && ch !== "\u007f").join("");

/**
 * How old stored bytes without a row must be before the sweep removes them: an upload writes its
 * bytes first and its row right after, so younger bytes may be a file still arriving.
 */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** What an upload may send at once before its read rate applies: pictures from a phone go at once. */
const UPLOAD_BURST_BYTES = 1024 * 1024;

/** Enough of a file's start to tell its type (the longest signature checked is 8 bytes). */
const SNIFF_BYTES = 16;

export const UNSUPPORTED_FILE = "Send a picture (jpg, png) or a document (pdf, Word, Excel, PowerPoint).";
export const NOT_AN_UPLOAD = "Attach files through the widget's upload.";

/**
 * Passes a file's bytes on once its first bytes say it is a type visitors may send; anything else
 * fails the stream before more than its first chunk is read.
 */
async function* ofAllowedType(
  source: AsyncIterable<Buffer>,
  judge: (head: Buffer) => string | null,
  onType: (contentType: string) => void,
) {
  let head = Buffer.alloc(0);
  let isJudged = false;
  const decide = () => {
    const contentType = judge(head);
    if (!contentType) throw new AppError("BAD_REQUEST", UNSUPPORTED_FILE);
    onType(contentType);
    isJudged = true;
  };
  for await (const chunk of source) {
    if (isJudged) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length >= SNIFF_BYTES) {
      decide();
      yield head;
    }
  }
  if (!isJudged) {
    decide();
    yield head;
  }
}

/**
 * Visitors' attachments (decision 027): streamed into the file store under a new id while the
 * database gets only the file's facts, within the upload quotas; attached to the chat of the
 * message that carries them; swept when no message ever does, or when their chat is gone.
 * Served, like every stored file, by GET /api/files/:id.
 */
export function createVisitorFiles(deps: {
  repository: VisitorFilesRepository;
  store: FileStore;
  quotas: UploadQuotas;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { repository, store, quotas } = deps;
  const fileUrlPrefix = `${deps.publicUrl}/api/files/`;
  const inFlightByIp = new Map<string, number>();

  function fileIdsOf(attachments: VisitorAttachment[]) {
    return attachments.map((file) => (file.url.startsWith(fileUrlPrefix) ? file.url.slice(fileUrlPrefix.length) : ""));
  }

  return {
    /**
     * Stores one file a visitor sends. Quotas are checked before a byte is read; the size limit
     * and the type while the bytes stream, so a refused file stops being read at once.
     */
    async upload(options: {
      scope: VisitorScope;
      ip: string;
      declaredBytes: number;
      file: { name: string; claimedType: string; stream: Readable };
      judgeType: (head: Buffer, claimedType: string) => string | null;
    }): Promise<VisitorAttachment> {
      const { scope, ip, file } = options;
      const inFlight = inFlightByIp.get(ip) ?? 0;
      if (inFlight >= quotas.inFlightPerIp) throw new AppError("TOO_MANY_REQUESTS", UPLOAD_QUOTA_MESSAGES.inFlight);
      inFlightByIp.set(ip, inFlight + 1);
      try {
        await checkUploadQuotas({
          repository,
          quotas,
          companyId: scope.companyId,
          visitorId: scope.visitorId,
          ip,
          incomingBytes: Math.min(options.declaredBytes, VISITOR_FILE_MAX_BYTES),
          now: deps.now(),
        });
        const id = randomUUID();
        let contentType = "";
        const body = Readable.from(
          ofAllowedType(
            atMostBytesPerSecond(file.stream, {
              bytesPerSecond: quotas.bytesPerSecondPerUpload,
              burstBytes: UPLOAD_BURST_BYTES,
            }),
            (head) => options.judgeType(head, file.claimedType),
            (type) => {
              contentType = type;
            },
          ),
        );
        const { byteSize } = await store.write(id, body, { maxBytes: VISITOR_FILE_MAX_BYTES });
        try {
          await repository.insertUpload({
            id,
            companyId: scope.companyId,
            visitorId: scope.visitorId,
            uploaderIp: ip,
            contentType,
            byteSize,
          });
        } catch (error) {
          await store.remove(id);
          throw error;
        }
        return {
          url: `${fileUrlPrefix}${id}`,
          // Names are shown, never used as paths; keep them printable and short.
          name: printable(file.name).slice(0, 200) || "attachment",
          contentType,
          byteSize,
        };
      } finally {
        const left = (inFlightByIp.get(ip) ?? 1) - 1;
        if (left > 0) inFlightByIp.set(ip, left);
        else inFlightByIp.delete(ip);
      }
    },

    /** Refuses links that are not this visitor's own uploads (another visitor's, another shop's, elsewhere). */
    async checkAttachable(scope: VisitorScope, chatId: string | null | undefined, attachments: VisitorAttachment[]) {
      if (attachments.length === 0) return;
      const fileIds = fileIdsOf(attachments);
      const attachable = new Set(
        await repository.attachableIds({
          companyId: scope.companyId,
          visitorId: scope.visitorId,
          chatId: chatId ?? null,
          fileIds: fileIds.filter((id) => /^[0-9a-f-]{36}$/.test(id)),
        }),
      );
      if (fileIds.some((id) => !attachable.has(id))) throw new AppError("BAD_REQUEST", NOT_AN_UPLOAD);
    },

    /** The message carrying the files is stored: they belong to its chat now, and go when it goes. */
    async attach(scope: VisitorScope, chatId: string, attachments: VisitorAttachment[]) {
      await repository.attach({
        companyId: scope.companyId,
        visitorId: scope.visitorId,
        chatId,
        fileIds: fileIdsOf(attachments),
      });
    },

    /**
     * The scheduled sweep: uploads no message took up within the grace period lose their row,
     * then every stored object older than an hour whose row is gone (a deleted chat's
     * files, a deleted company's, an upload whose row was never written) is removed.
     */
    async sweep() {
      const before = new Date(deps.now().getTime() - quotas.unattachedGraceMs);
      const unattached = await repository.deleteUnattachedBefore(before);
      for (const id of unattached) await store.remove(id);
      let orphans = 0;
      let batch: string[] = [];
      const removeOrphans = async () => {
        const existing = await repository.existingIds(batch);
        for (const id of batch) {
          if (existing.has(id)) continue;
          await store.remove(id);
          orphans++;
        }
        batch = [];
      };
      const orphanedBefore = new Date(deps.now().getTime() - ORPHAN_GRACE_MS);
      for await (const key of store.keysWrittenBefore(orphanedBefore)) {
        batch.push(key);
        if (batch.length >= 500) await removeOrphans();
      }
      await removeOrphans();
      if (unattached.length + orphans > 0) {
        deps.log.info({ unattached: unattached.length, orphans }, "swept stored files");
      }
      return { unattached: unattached.length, orphans };
    },
  };
}

export type VisitorFiles = ReturnType<typeof createVisitorFiles>;
