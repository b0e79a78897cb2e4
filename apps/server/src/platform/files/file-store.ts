import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";

/**
 * Where uploaded files' bytes live (decision 027). The database keeps only each file's facts; the
 * bytes are streamed in and out under the file's id, never held whole in memory and never sent
 * through the database's one connection. `DATA_DIR/files` on one machine (disk-file-store.ts);
 * an S3-compatible bucket for many (s3-file-store.ts, decision 033). app.ts picks one by FILES_S3_BUCKET.
 */
export type FileStore = {
  /**
   * Streams `body` into the store under `key`. More than `maxBytes` stops the write with a
   * FileTooLargeError as soon as the limit is passed; on any failure nothing is left under `key`.
   */
  write(key: string, body: Readable, options: { maxBytes: number }): Promise<{ byteSize: number }>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  read(key: string): Promise<Readable | null>;
  /** Removes what is stored under `key`; removing nothing is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The keys of everything written before `before`, unfinished writes included: what the sweep
   * compares with the database to find bytes whose file is gone.
   */
  keysWrittenBefore(before: Date): AsyncIterable<string>;
};

/** Keys are ids the server made (uuids); anything else never reaches a disk path or a bucket. */
export const isFileStoreKey = (key: string) => /^[0-9a-f-]{36}$/.test(key);

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

/**
 * Stores bytes already in memory (a picture of at most a few MB, read with its form) under a new
 * id, before the database transaction that records it: if that fails, the sweep removes the bytes.
 */
export async function storeSmallFile(store: FileStore, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  await store.write(id, Readable.from([bytes]), { maxBytes: bytes.length });
  return id;
}
