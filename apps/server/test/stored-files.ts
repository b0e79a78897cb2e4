import { readdir, readFile, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { FakeS3 } from "./fake-s3";

/**
 * What a test sees of the file store's own storage, whichever it is: the disk's `FILES_DIR` or
 * the S3-compatible bucket. Tests look there, not through the app, to prove what is kept.
 */
export type StoredFilesView = {
  /** Complete files' keys. */
  keys(): Promise<string[]>;
  /** Writes not yet complete (a `.part` on disk, a multipart upload in the bucket) and their bytes so far. */
  unfinished(): Promise<{ key: string; byteSize: number }[]>;
  bytesOf(key: string): Promise<Buffer | undefined>;
  /** Makes a stored file look written at `date`. */
  backdate(key: string, date: Date): Promise<void>;
};

const PARTIAL = ".part";

export function diskFilesView(dir: string): StoredFilesView {
  const entries = async () => {
    const found: { name: string; byteSize: number }[] = [];
    for (const shard of await readdir(dir).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(dir, shard))) {
        found.push({ name, byteSize: (await stat(path.join(dir, shard, name))).size });
      }
    }
    return found;
  };
  const pathOf = (key: string) => path.join(dir, key.slice(0, 2), key);
  return {
    keys: async () => (await entries()).filter((entry) => !entry.name.endsWith(PARTIAL)).map((entry) => entry.name),
    unfinished: async () =>
      (await entries())
        .filter((entry) => entry.name.endsWith(PARTIAL))
        .map((entry) => ({ key: entry.name.slice(0, -PARTIAL.length), byteSize: entry.byteSize })),
    bytesOf: (key) => readFile(pathOf(key)).catch(() => undefined),
    backdate: (key, date) => utimes(pathOf(key), date, date),
  };
}

export function s3FilesView(s3: FakeS3): StoredFilesView {
  return {
    keys: async () => s3.keys(),
    unfinished: async () => s3.uploadsInProgress(),
    bytesOf: async (key) => s3.bytesOf(key),
    backdate: async (key, date) => s3.setLastModified(key, date),
  };
}
