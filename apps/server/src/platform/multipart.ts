import type { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import { findUnstorableText, type TextPath, unstorableTextMessage } from "@harbor/contract/storable-text";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "./errors";
import { FileTooLargeError } from "./files/file-store";

/** What a form that can't be parsed at all gets: the client's body is broken, not the server. */
const UNREADABLE_FORM = "The form could not be read. Send it again as multipart/form-data.";

/**
 * A part holding JSON carries escapes (\u0000, \ud83d) that become the characters themselves only
 * once parsed. Parts are decoded here, before any route reads one, so the rule holds for every
 * part whatever order a route parses them in; anything that is not JSON is left to the route.
 */
function decodedJson(text: string): unknown {
  if (!/^\s*[[{"]/.test(text)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The storable-text rule (see storable-text-check.ts) for what a form carries. */
function refuseUnstorable(value: unknown, prefix: TextPath) {
  const path = findUnstorableText(value);
  if (path) throw new AppError("BAD_REQUEST", unstorableTextMessage([...prefix, ...path]));
}

export type UploadedFile = { fieldName: string; filename: string; mimetype: string; bytes: Buffer };

/**
 * Reads a whole multipart form: text parts as strings and at most `maxFiles` files, each at most
 * `maxFileBytes`. Limit breaches and broken forms become envelope errors (413/400), never a 500;
 * text the database can't store (in a part's name, value or file name) is refused like anywhere else.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: { maxFileBytes: number; maxFiles: number; tooLargeMessage: string },
) {
  if (!request.isMultipart()) throw new AppError("BAD_REQUEST", "Send this form as multipart/form-data.");
  const files: UploadedFile[] = [];
  const fields = await readParts(
    request,
    { fileSize: limits.maxFileBytes, files: limits.maxFiles },
    limits,
    async (part) => {
      files.push({
        fieldName: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        bytes: await part.toBuffer(),
      });
    },
  );
  return { fields, files };
}

/** What went wrong reading a form, as the envelope error the client gets (413/400, never a 500). */
function asFormError(
  request: FastifyRequest,
  error: unknown,
  limits: { maxFiles: number; tooLargeMessage: string },
): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FileTooLargeError) return new AppError("PAYLOAD_TOO_LARGE", limits.tooLargeMessage);
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", limits.tooLargeMessage);
  if (code === "FST_FILES_LIMIT") return new AppError("BAD_REQUEST", `Send at most ${limits.maxFiles} file.`);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
    return new AppError("BAD_REQUEST", "The form has too many parts.");
  }
  // Anything else reading the parts throws (no boundary, a truncated body, a malformed part
  // header, a prototype-polluting field name) comes from the bytes the client sent.
  request.log.info({ err: error }, "an unreadable multipart form was refused");
  return new AppError("BAD_REQUEST", UNREADABLE_FORM);
}

/** A form's file part as it arrives: its bytes are read from `stream`, never gathered here. */
export type StreamedFile = { fieldName: string; filename: string; mimetype: string; stream: Readable };

/** Room for a form's boundaries and text parts on top of its file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart form whose one file is streamed to `onFile` as it arrives, so a large file is
 * never held in memory. The text parts the file needs (who sends it) must come before it, as the
 * browser's FormData sends them in the order appended; `onFile` receives them. A body that says
 * it is larger than the file limit is refused before it is read; `onFile` enforces the limit on
 * the bytes themselves (the store's FileTooLargeError becomes the 413).
 */
export async function streamMultipartFile<T>(
  request: FastifyRequest,
  options: {
    maxFileBytes: number;
    tooLargeMessage: string;
    onFile(file: StreamedFile, fields: Record<string, string>): Promise<T>;
  },
): Promise<{ fields: Record<string, string>; stored: T | null }> {
  const limits = { maxFiles: 1, tooLargeMessage: options.tooLargeMessage };
  if (!request.isMultipart()) throw new AppError("BAD_REQUEST", "Send this form as multipart/form-data.");
  const declared = Number(request.headers["content-length"]);
  if (declared > options.maxFileBytes + FORM_OVERHEAD_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", options.tooLargeMessage);
  }
  let stored: T | null = null;
  // One byte over the limit reaches onFile, which refuses it; the parser only stops runaways.
  const fields = await readParts(
    request,
    { fileSize: options.maxFileBytes + 1, files: 1 },
    limits,
    async (part, soFar) => {
      stored = await options.onFile(
        { fieldName: part.fieldname, filename: part.filename, mimetype: part.mimetype, stream: part.file },
        soFar,
      );
    },
  );
  return { fields, stored };
}

/**
 * The loop both readers share: every part's name, text value and file name checked for text the
 * database can't store, text fields collected, each file handed to `onFile` with the fields that
 * came before it; limit breaches and broken forms become envelope errors.
 */
async function readParts(
  request: FastifyRequest,
  partLimits: { fileSize: number; files: number },
  errorLimits: { maxFiles: number; tooLargeMessage: string },
  onFile: (part: MultipartFile, fieldsSoFar: Record<string, string>) => Promise<void>,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({ limits: { ...partLimits, fields: 20, fieldSize: 256 * 1024 } });
    for await (const part of parts) {
      refuseUnstorable(part.fieldname, []);
      if (part.type === "file") {
        refuseUnstorable(part.filename, [part.fieldname, "filename"]);
        await onFile(part, { ...fields });
      } else if (typeof part.value === "string") {
        refuseUnstorable(part.value, [part.fieldname]);
        refuseUnstorable(decodedJson(part.value), [part.fieldname]);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asFormError(request, error, errorLimits);
  }
  return fields;
}

/** Parses one JSON text part with a contract schema; problems read "persona.name: Name is required". */
export function parseJsonPart<T extends z.ZodType>(schema: T, raw: string | undefined, partName: string): z.infer<T> {
  if (raw === undefined) throw new AppError("BAD_REQUEST", `${partName}: this part is required`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("BAD_REQUEST", `${partName}: not valid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = [partName, ...(issue?.path ?? [])].join(".");
    throw new AppError("BAD_REQUEST", `${where}: ${issue?.message ?? "is not valid"}`);
  }
  return parsed.data;
}

/** The file's real type from its first bytes; a client-declared type is not trusted. */
export function sniffImageType(bytes: Buffer): "image/jpeg" | "image/png" | "image/webp" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "image/webp";
  }
  return null;
}
