import { VISITOR_ATTACHMENTS_MAX } from "@harbor/contract/constants";
import { AppError } from "../../platform/errors";
import type { UploadTally, VisitorFilesRepository } from "./visitor-files.repository";

/**
 * How much visitors may upload (decision 027). Counted from the stored files themselves, so
 * every node of a scaled deployment sees the same totals; files a chat's deletion or the sweep
 * removed no longer count. A file counts from the moment it is stored, attached or not.
 */
export type UploadQuotas = {
  /** The window every count below covers. */
  windowMs: number;
  /** One visitor (one visitor token) of one widget. */
  perVisitor: UploadTally;
  /** All visitors of one shop's widget together: what one shop's storage can grow by. */
  perWidget: UploadTally;
  /** One client address across every shop: tokens are free, addresses are not. */
  perIp: UploadTally;
  /** Uploads one address may have in progress at once on a node (the widget sends a message's files together). */
  inFlightPerIp: number;
  /**
   * How fast one upload is read after its first MB: a visitor's connection is rarely faster, and a
   * client that is cannot take the server's time from every other shop (bench/uploads.ts).
   */
  bytesPerSecondPerUpload: number;
  /** How long an upload may wait for the message that carries it before the sweep removes it. */
  unattachedGraceMs: number;
};

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_UPLOAD_QUOTAS: UploadQuotas = {
  windowMs: HOUR_MS,
  perVisitor: { files: 20, bytes: 50 * MB },
  perWidget: { files: 500, bytes: 1024 * MB },
  perIp: { files: 40, bytes: 100 * MB },
  inFlightPerIp: VISITOR_ATTACHMENTS_MAX,
  bytesPerSecondPerUpload: 4 * MB,
  unattachedGraceMs: 24 * HOUR_MS,
};

export const UPLOAD_QUOTA_MESSAGES = {
  perVisitor: "You have sent a lot of files in a short time. Please wait a while before sending more.",
  perWidget: "This shop has received a lot of files in a short time. Please try again later.",
  perIp: "A lot of files were sent from your network in a short time. Please try again later.",
  inFlight: "Please wait until your other files have been sent.",
} as const;

const isOver = (tally: UploadTally, limit: UploadTally, incomingBytes: number) =>
  tally.files + 1 > limit.files || tally.bytes + incomingBytes > limit.bytes;

/**
 * Refuses an upload (429) that would take its visitor, its widget or its address over a quota.
 * `incomingBytes` is what the request declares; a file is never larger than the size limit, so a
 * quota is passed by at most one file's worth when a client understates it.
 */
export async function checkUploadQuotas(options: {
  repository: VisitorFilesRepository;
  quotas: UploadQuotas;
  companyId: string;
  visitorId: string;
  ip: string;
  incomingBytes: number;
  now: Date;
}) {
  const { repository, quotas, incomingBytes } = options;
  const since = new Date(options.now.getTime() - quotas.windowMs);
  const [visitor, widget, address] = await Promise.all([
    repository.tallyByVisitor(options.companyId, options.visitorId, since),
    repository.tallyByWidget(options.companyId, since),
    repository.tallyByIp(options.ip, since),
  ]);
  if (isOver(visitor, quotas.perVisitor, incomingBytes)) {
    throw new AppError("TOO_MANY_REQUESTS", UPLOAD_QUOTA_MESSAGES.perVisitor);
  }
  if (isOver(address, quotas.perIp, incomingBytes))
    throw new AppError("TOO_MANY_REQUESTS", UPLOAD_QUOTA_MESSAGES.perIp);
  if (isOver(widget, quotas.perWidget, incomingBytes)) {
    throw new AppError("TOO_MANY_REQUESTS", UPLOAD_QUOTA_MESSAGES.perWidget);
  }
}
