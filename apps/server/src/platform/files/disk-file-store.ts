import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, opendir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { byteLimit } from "./byte-limit";
import { type FileStore, isFileStoreKey } from "./file-store";

const PARTIAL = ".part";

/**
 * The file store on one machine: `<dir>/<first two characters of the key>/<key>`. A write goes to
 * `<key>.part` and is renamed into place only when complete, so a reader never sees half a file
 * and an interrupted write leaves only a `.part` the sweep removes.
 */
export function createDiskFileStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    if (!isFileStoreKey(key)) throw new Error(`Not a file store key: ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };

  return {
    async write(key, body, options) {
      const finalPath = pathOf(key);
      const partialPath = finalPath + PARTIAL;
      await mkdir(path.dirname(finalPath), { recursive: true });
      const limit = byteLimit(options.maxBytes);
      try {
        await pipeline(body, limit.transform, createWriteStream(partialPath, { flags: "wx" }));
        await rename(partialPath, finalPath);
      } catch (error) {
        // The body may still be arriving (a refused upload): stop reading it, keep nothing.
        body.resume();
        await rm(partialPath, { force: true });
        throw error;
      }
      return { byteSize: limit.byteSize() };
    },

    async read(key) {
      const filePath = pathOf(key);
      try {
        await stat(filePath);
      } catch {
        return null;
      }
      return createReadStream(filePath);
    },

    async remove(key) {
      const filePath = pathOf(key);
      await rm(filePath, { force: true });
      await rm(filePath + PARTIAL, { force: true });
    },

    async *keysWrittenBefore(before) {
      let shards: string[];
      try {
        shards = [];
        for await (const entry of await opendir(dir)) if (entry.isDirectory()) shards.push(entry.name);
      } catch {
        return;
      }
      for (const shard of shards) {
        for await (const entry of await opendir(path.join(dir, shard))) {
          const key = entry.name.endsWith(PARTIAL) ? entry.name.slice(0, -PARTIAL.length) : entry.name;
          if (!isFileStoreKey(key)) continue;
          const written = await stat(path.join(dir, shard, entry.name)).catch(() => null);
          if (written && written.mtime < before) yield key;
        }
      }
    },
  };
}
