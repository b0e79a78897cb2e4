import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../../test/fake-s3";
import { createDiskFileStore } from "./disk-file-store";
import { type FileStore, FileTooLargeError } from "./file-store";
import { createS3FileStore, type S3FileStoreConfig } from "./s3-file-store";

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

/** A body that arrives in pieces, the way an upload's file part does. */
const inPieces = (bytes: Buffer, pieceBytes = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += pieceBytes) yield bytes.subarray(at, at + pieceBytes);
    })(),
  );

async function bytesOf(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: FileStore, before: Date) {
  const keys: string[] = [];
  for await (const key of store.keysWrittenBefore(before)) keys.push(key);
  return keys.sort();
}

/** What the contract needs of each store's world: the store, and a way to make a write look old. */
type StoreUnderTest = { store: FileStore; backdate(key: string, date: Date): Promise<void> };

let dir: string;
let s3: FakeS3;
const s3Config = (overrides: Partial<S3FileStoreConfig> = {}): S3FileStoreConfig => ({
  endpoint: s3.url,
  bucket: s3.bucket,
  region: s3.region,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  isPathStyle: true,
  ...overrides,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "harbor-file-store-"));
  s3 = await startFakeS3();
});

afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const stores: [name: string, make: () => StoreUnderTest][] = [
  [
    "on disk",
    () => ({
      store: createDiskFileStore(dir),
      backdate: (key, date) => utimes(path.join(dir, key.slice(0, 2), key), date, date),
    }),
  ],
  [
    "in an S3-compatible bucket",
    () => ({
      // Two keys a page: the sweep's listing has to follow S3's continuation tokens.
      store: createS3FileStore(s3Config(), { listPageSize: 2 }),
      backdate: async (key, date) => s3.setLastModified(key, date),
    }),
  ],
];

describe.each(stores)("the file store %s", (_name, make) => {
  let store: FileStore;
  let backdate: StoreUnderTest["backdate"];
  beforeAll(() => {
    ({ store, backdate } = make());
  });

  it("gives back what was written, byte for byte, a file larger than one S3 part included", async () => {
    const small = randomBytes(1000);
    const large = randomBytes(12 * MB + 123);
    const [smallKey, largeKey] = [randomUUID(), randomUUID()];
    expect(await store.write(smallKey, inPieces(small), { maxBytes: 10 * MB })).toEqual({ byteSize: 1000 });
    expect(await store.write(largeKey, inPieces(large), { maxBytes: 20 * MB })).toEqual({ byteSize: large.length });
    expect((await bytesOf(await store.read(smallKey)))?.equals(small)).toBe(true);
    expect((await bytesOf(await store.read(largeKey)))?.equals(large)).toBe(true);
  });

  it("stops a write past its limit with FileTooLargeError and keeps nothing of it", async () => {
    const key = randomUUID();
    const write = store.write(key, inPieces(randomBytes(7 * MB)), { maxBytes: 6 * MB });
    await expect(write).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await store.read(key)).toBeNull();
    expect(await keysOf(store, new Date(Date.now() + HOUR_MS))).not.toContain(key);
  });

  it("keeps nothing of a body that breaks half way", async () => {
    const key = randomUUID();
    const body = new PassThrough();
    const write = store.write(key, body, { maxBytes: 20 * MB });
    body.write(randomBytes(6 * MB));
    setTimeout(() => body.destroy(new Error("the visitor's connection dropped")), 50);
    await expect(write).rejects.toThrow("the visitor's connection dropped");
    expect(await store.read(key)).toBeNull();
    expect(await keysOf(store, new Date(Date.now() + HOUR_MS))).not.toContain(key);
  });

  it("reads nothing for a key never written or removed, and removing nothing is no error", async () => {
    const key = randomUUID();
    expect(await store.read(key)).toBeNull();
    await expect(store.remove(key)).resolves.toBeUndefined();
    await store.write(key, inPieces(Buffer.from("bytes")), { maxBytes: 100 });
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
  });

  it("lists the keys written before a moment, on every page of the listing", async () => {
    const [young, ...old] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    for (const key of [young, ...old]) await store.write(key as string, inPieces(randomBytes(10)), { maxBytes: 100 });
    for (const key of old) await backdate(key, twoHoursAgo);

    const listed = await keysOf(store, new Date(Date.now() - HOUR_MS));
    expect(listed).toEqual(expect.arrayContaining(old));
    expect(listed).not.toContain(young);
    expect(await keysOf(store, new Date(Date.now() + HOUR_MS))).toEqual(expect.arrayContaining([young, ...old]));
  });

  it("refuses a key that is not a file id, before touching the store", async () => {
    await expect(store.write("../../etc/passwd", inPieces(Buffer.from("x")), { maxBytes: 10 })).rejects.toThrow(
      "Not a file store key",
    );
    await expect(store.read("../outside")).rejects.toThrow("Not a file store key");
  });
});

describe("the S3 file store", () => {
  it("sends a large file to the bucket part by part as it arrives, not once it has all come", async () => {
    const store = createS3FileStore(s3Config());
    const key = randomUUID();
    const file = randomBytes(8 * MB);
    const body = new PassThrough();
    const write = store.write(key, body, { maxBytes: 10 * MB });
    body.write(file.subarray(0, 6 * MB));
    // The first 5 MB part is in the bucket while the rest of the file has not been sent.
    await expect.poll(() => s3.uploadsInProgress().find((upload) => upload.key === key)?.byteSize).toBe(5 * MB);
    expect(s3.bytesOf(key)).toBeUndefined();
    body.end(file.subarray(6 * MB));
    expect(await write).toEqual({ byteSize: file.length });
    expect(s3.bytesOf(key)?.equals(file)).toBe(true);
    expect(s3.uploadsInProgress()).toEqual([]);
  });

  it("is refused with S3's SignatureDoesNotMatch for a wrong secret, which is never taken for a missing file", async () => {
    const secret = `wrong-${randomUUID()}`;
    const store = createS3FileStore(
      s3Config({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: secret } }),
    );
    const refusedBefore = s3.refusedSignatures();
    const key = randomUUID();
    const failure = await store.write(key, inPieces(Buffer.from("bytes")), { maxBytes: 100 }).catch((error) => error);
    expect(failure).toMatchObject({ name: "SignatureDoesNotMatch", $metadata: { httpStatusCode: 403 } });
    // What the SDK reports (and a log would show) does not carry the secret.
    expect(JSON.stringify(failure) + String(failure) + String(failure.stack)).not.toContain(secret);
    await expect(store.read(key)).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    expect(s3.refusedSignatures()).toBe(refusedBefore + 2);
    expect(s3.keys()).not.toContain(key);
  });

  it("is refused with InvalidAccessKeyId for a key id the store does not know", async () => {
    const store = createS3FileStore(
      s3Config({ credentials: { accessKeyId: "AKIAUNKNOWN000000000", secretAccessKey: s3.secretAccessKey } }),
    );
    await expect(store.read(randomUUID())).rejects.toMatchObject({
      name: "InvalidAccessKeyId",
      $metadata: { httpStatusCode: 403 },
    });
  });

  it("lists only the bucket's file ids: another object in the bucket is never swept", async () => {
    const store = createS3FileStore(s3Config(), { listPageSize: 2 });
    const other = new S3Client({
      endpoint: s3.url,
      region: s3.region,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
    });
    await other.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "backups/notes.txt", Body: "not Harbor's" }));
    await store.write(randomUUID(), inPieces(Buffer.from("bytes")), { maxBytes: 100 });
    const listed = await keysOf(store, new Date(Date.now() + HOUR_MS));
    expect(s3.keys()).toContain("backups/notes.txt");
    expect(listed).toEqual(s3.keys().filter((key) => key !== "backups/notes.txt"));
  });
});

describe("the disk file store", () => {
  it("leaves no unfinished write behind a refused one", async () => {
    const store = createDiskFileStore(dir);
    const key = randomUUID();
    await expect(store.write(key, inPieces(randomBytes(2 * MB)), { maxBytes: MB })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await readdir(path.join(dir, key.slice(0, 2)))).not.toContain(`${key}.part`);
  });
});
