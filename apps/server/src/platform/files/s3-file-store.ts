import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { byteLimit } from "./byte-limit";
import { type FileStore, isFileStoreKey } from "./file-store";

/** Where the S3-compatible store is and who Harbor is there (FILES_S3_*, decision 033). */
export type S3FileStoreConfig = {
  /** An S3-compatible server (MinIO, R2, Ceph, …); undefined for AWS's own endpoint of the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither: neither uses the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most S3-compatible servers need. */
  isPathStyle: boolean;
};

/**
 * S3's smallest part of a multipart upload, and so the most of a file in memory at once: a file
 * up to this size goes in one PutObject, a larger one in parts of this size, one at a time.
 */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The file store on an S3-compatible bucket, for several nodes without a shared disk. A key is the
 * object's name at the bucket's root, so the bucket must be Harbor's alone: the sweep removes
 * objects named like a file id that have no file. An object exists only once it is complete
 * (PutObject, or CompleteMultipartUpload), so a reader never sees half a file; a failed write
 * aborts its multipart upload (lib-storage's Upload does so itself).
 */
export function createS3FileStore(config: S3FileStoreConfig, options: { listPageSize?: number } = {}): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.isPathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default (CRC32 in aws-chunked trailers) on PutObject and UploadPart.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const bucket = config.bucket;
  const checkedKey = (key: string) => {
    if (!isFileStoreKey(key)) throw new Error(`Not a file store key: ${key}`);
    return key;
  };

  return {
    async write(key, body, writeOptions) {
      const limit = byteLimit(writeOptions.maxBytes);
      // The body's error (a broken upload) fails the counted stream the upload reads.
      body.on("error", (error) => limit.transform.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: checkedKey(key), Body: body.pipe(limit.transform) },
        partSize: PART_BYTES,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (error) {
        // The body may still be arriving (a refused upload): stop reading it, keep nothing.
        body.unpipe(limit.transform);
        body.resume();
        // The limit's own error, however the SDK wrapped the stream's failure.
        throw limit.error() ?? error;
      }
      return { byteSize: limit.byteSize() };
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        // In Node the SDK's body is the response's IncomingMessage: the bytes stream as they come.
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === "NoSuchKey") return null;
        throw error;
      }
    },

    async remove(key) {
      // S3 answers 204 whether or not the key was there.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },

    async *keysWrittenBefore(before) {
      const pages = paginateListObjectsV2({ client, pageSize: options.listPageSize }, { Bucket: bucket });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isFileStoreKey(object.Key) && object.LastModified && object.LastModified < before) {
            yield object.Key;
          }
        }
      }
    },
  };
}
