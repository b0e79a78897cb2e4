import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An S3-compatible object store over loopback, faithful to the parts of the protocol Harbor's S3
 * file store uses (path-style addressing only): PutObject, GetObject, HeadObject, DeleteObject,
 * ListObjectsV2 with continuation tokens, and multipart uploads (create, upload part, complete,
 * abort). Every request must carry a valid AWS Signature Version 4 `Authorization` header: the
 * fake recomputes the signature from the request it received (canonical request, string to sign,
 * signing key from the secret) and answers S3's XML errors as S3 does (403 SignatureDoesNotMatch,
 * InvalidAccessKeyId, XAmzContentSHA256Mismatch, RequestTimeTooSkewed; 404 NoSuchKey, NoSuchBucket,
 * NoSuchUpload; 400 EntityTooSmall, InvalidPart). Objects live in memory: it is a test's store.
 */
export type FakeS3 = {
  /** The endpoint, e.g. http://127.0.0.1:PORT (FILES_S3_URL). */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The keys stored, in S3's listing order. */
  keys(): string[];
  /** An object's bytes, or undefined. */
  bytesOf(key: string): Buffer | undefined;
  /** Makes an object look written at `date` (S3 sets LastModified itself; tests age objects). */
  setLastModified(key: string, date: Date): void;
  /** Multipart uploads begun and neither completed nor aborted, with the bytes of their parts so far. */
  uploadsInProgress(): { key: string; byteSize: number }[];
  /** How many requests the fake refused for their signature or credential (a test's proof they were checked). */
  refusedSignatures(): number;
  close(): Promise<void>;
};

type StoredObject = { body: Buffer; lastModified: Date; etag: string; contentType: string };
type MultipartUpload = { key: string; parts: Map<number, { body: Buffer; etag: string }>; initiated: Date };

const MIN_PART_BYTES = 5 * 1024 * 1024;
const ALLOWED_SKEW_MS = 15 * 60 * 1000;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const tag = (name: string, value: string | number | boolean) => `<${name}>${xmlEscape(String(value))}</${name}>`;
const xmlDocument = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/** SigV4's URI encoding: everything but unreserved characters, as %XX in upper case. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("hex");
const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();

export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? "harbor-files";
  const region = options.region ?? "eu-central-1";
  const accessKeyId = options.accessKeyId ?? "AKIAHARBORTEST000001";
  const secretAccessKey = options.secretAccessKey ?? `fake-secret-${randomUUID()}`;
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  let refused = 0;

  /** Recomputes the request's SigV4 signature with the one secret this store knows. */
  function checkSignature(request: IncomingMessage, query: [string, string][], rawPath: string, body: Buffer) {
    const authorization = request.headers.authorization ?? "";
    const parsed =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parsed) throw new S3Error(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
    const [, keyId, day, signedRegion, signedHeaderList, signature] = parsed as unknown as string[];
    if (keyId !== accessKeyId) {
      throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
    }
    if (signedRegion !== region) {
      throw new S3Error(
        400,
        "AuthorizationHeaderMalformed",
        `The authorization header is malformed; the region '${signedRegion}' is wrong; expecting '${region}'`,
      );
    }
    const amzDate = String(request.headers["x-amz-date"] ?? "");
    const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!signedAt || !amzDate.startsWith(day ?? "")) {
      throw new S3Error(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
    }
    const [, y, mo, d, h, mi, s] = signedAt.map(Number) as number[];
    if (Math.abs(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) - Date.now()) > ALLOWED_SKEW_MS) {
      throw new S3Error(
        403,
        "RequestTimeTooSkewed",
        "The difference between the request time and the current time is too large.",
      );
    }
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD") {
      if (!/^[0-9a-f]{64}$/.test(payloadHash)) {
        throw new S3Error(400, "InvalidArgument", "x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 value");
      }
      if (createHash("sha256").update(body).digest("hex") !== payloadHash) {
        throw new S3Error(
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
    }
    const signedHeaders = signedHeaderList?.split(";") ?? [];
    if (!signedHeaders.includes("host")) throw new S3Error(403, "AccessDenied", "The host header must be signed.");
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(",") : (value ?? "");
        return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
      })
      .join("");
    const canonicalQuery = query
      .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join("&");
    const canonicalRequest = [
      request.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaderList,
      payloadHash,
    ].join("\n");
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = [
      "AWS4-HMAC-SHA256",
      amzDate,
      scope,
      createHash("sha256").update(canonicalRequest).digest("hex"),
    ].join("\n");
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day ?? ""), region), "s3"), "aws4_request");
    const expected = hmac(signingKey, stringToSign);
    if (!timingSafeEqual(expected, Buffer.from(signature ?? "", "hex"))) {
      throw new S3Error(
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
        { AWSAccessKeyId: keyId ?? "", StringToSign: stringToSign },
      );
    }
  }

  function sendXml(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    const bytes = Buffer.from(xmlDocument(body));
    response.writeHead(status, { "content-type": "application/xml", "content-length": bytes.length, ...headers });
    response.end(bytes);
  }

  function objectHeaders(object: StoredObject) {
    return {
      "content-type": object.contentType,
      "content-length": String(object.body.length),
      etag: object.etag,
      "last-modified": object.lastModified.toUTCString(),
      "accept-ranges": "bytes",
    };
  }

  function listObjects(response: ServerResponse, params: URLSearchParams) {
    const prefix = params.get("prefix") ?? "";
    const maxKeys = Math.min(1000, Math.max(0, Number(params.get("max-keys") ?? 1000) || 0));
    const token = params.get("continuation-token");
    // The token is opaque to clients: here, the last key of the page before, base64-encoded.
    const after = token !== null ? Buffer.from(token, "base64").toString("utf8") : (params.get("start-after") ?? "");
    const isUrlEncoded = params.get("encoding-type") === "url";
    const matching = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort(byteOrder);
    const page = matching.slice(0, maxKeys);
    const isTruncated = matching.length > page.length;
    const encode = (key: string) => (isUrlEncoded ? uriEncode(key) : key);
    const contents = page
      .map((key) => {
        const object = objects.get(key) as StoredObject;
        return `<Contents>${tag("Key", encode(key))}${tag("LastModified", object.lastModified.toISOString())}${tag("ETag", object.etag)}${tag("Size", object.body.length)}${tag("StorageClass", "STANDARD")}</Contents>`;
      })
      .join("");
    sendXml(
      response,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${tag("Name", bucket)}${tag("Prefix", encode(prefix))}${tag("KeyCount", page.length)}${tag("MaxKeys", maxKeys)}${isUrlEncoded ? tag("EncodingType", "url") : ""}${tag("IsTruncated", isTruncated)}${token !== null ? tag("ContinuationToken", token) : ""}${isTruncated ? tag("NextContinuationToken", Buffer.from(page.at(-1) ?? "").toString("base64")) : ""}${contents}</ListBucketResult>`,
    );
  }

  function completeUpload(response: ServerResponse, key: string, uploadId: string, body: Buffer) {
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      throw new S3Error(404, "NoSuchUpload", "The specified upload does not exist.", { UploadId: uploadId });
    }
    const listed = [...body.toString("utf8").matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
      number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(match[1] ?? "")?.[1]),
      etag: (/<ETag>([^<]*)<\/ETag>/.exec(match[1] ?? "")?.[1] ?? "").replace(/&quot;/g, '"'),
    }));
    if (listed.length === 0) throw new S3Error(400, "MalformedXML", "The XML you provided was not well-formed.");
    const parts = listed.map((entry, index) => {
      const part = upload.parts.get(entry.number);
      if (!part || part.etag !== entry.etag)
        throw new S3Error(400, "InvalidPart", "One or more of the specified parts could not be found.");
      if (index > 0 && entry.number <= (listed[index - 1]?.number ?? 0)) {
        throw new S3Error(400, "InvalidPartOrder", "The list of parts was not in ascending order.");
      }
      if (index < listed.length - 1 && part.body.length < MIN_PART_BYTES) {
        throw new S3Error(
          400,
          "EntityTooSmall",
          "Your proposed upload is smaller than the minimum allowed object size.",
        );
      }
      return part;
    });
    const whole = Buffer.concat(parts.map((part) => part.body));
    const digests = Buffer.concat(parts.map((part) => Buffer.from(part.etag.replace(/"/g, ""), "hex")));
    const etag = `"${createHash("md5").update(digests).digest("hex")}-${parts.length}"`;
    objects.set(key, { body: whole, lastModified: new Date(), etag, contentType: "binary/octet-stream" });
    uploads.delete(uploadId);
    sendXml(
      response,
      200,
      `<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${tag("Location", `/${bucket}/${key}`)}${tag("Bucket", bucket)}${tag("Key", key)}${tag("ETag", etag)}</CompleteMultipartUploadResult>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const rawUrl = request.url ?? "/";
    const questionMark = rawUrl.indexOf("?");
    const rawPath = questionMark === -1 ? rawUrl : rawUrl.slice(0, questionMark);
    const rawQuery = questionMark === -1 ? "" : rawUrl.slice(questionMark + 1);
    const query = rawQuery
      .split("&")
      .filter(Boolean)
      .map((pair) => {
        const equals = pair.indexOf("=");
        const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, "%20"));
        return equals === -1
          ? ([decode(pair), ""] as [string, string])
          : ([decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))] as [string, string]);
      });
    const params = new URLSearchParams(query);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);

    checkSignature(request, query, rawPath, body);

    const [, bucketName = "", ...keyParts] = rawPath.split("/");
    const key = decodeURIComponent(keyParts.join("/"));
    if (decodeURIComponent(bucketName) !== bucket) {
      throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist.", { BucketName: bucketName });
    }
    const method = request.method ?? "GET";

    if (!key) {
      if (method === "GET" && params.get("list-type") === "2") return listObjects(response, params);
      throw new S3Error(
        501,
        "NotImplemented",
        "A header or query you provided implies functionality that is not implemented.",
      );
    }

    if (method === "POST" && params.has("uploads")) {
      const uploadId = randomUUID().replace(/-/g, "");
      uploads.set(uploadId, { key, parts: new Map(), initiated: new Date() });
      return sendXml(
        response,
        200,
        `<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${tag("Bucket", bucket)}${tag("Key", key)}${tag("UploadId", uploadId)}</InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = params.get("uploadId");
    if (method === "POST" && uploadId !== null) return completeUpload(response, key, uploadId, body);
    if (method === "PUT" && uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key)
        throw new S3Error(404, "NoSuchUpload", "The specified upload does not exist.", { UploadId: uploadId });
      const partNumber = Number(params.get("partNumber"));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Error(400, "InvalidArgument", "Part number must be an integer between 1 and 10000, inclusive");
      }
      const etag = `"${md5(body)}"`;
      upload.parts.set(partNumber, { body, etag });
      response.writeHead(200, { etag, "content-length": 0 });
      return response.end();
    }
    if (method === "DELETE" && uploadId !== null) {
      if (!uploads.delete(uploadId))
        throw new S3Error(404, "NoSuchUpload", "The specified upload does not exist.", { UploadId: uploadId });
      response.writeHead(204);
      return response.end();
    }

    if (method === "PUT") {
      const etag = `"${md5(body)}"`;
      const contentType = String(request.headers["content-type"] ?? "binary/octet-stream");
      objects.set(key, { body, lastModified: new Date(), etag, contentType });
      response.writeHead(200, { etag, "content-length": 0 });
      return response.end();
    }
    if (method === "GET" || method === "HEAD") {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
      response.writeHead(200, objectHeaders(object));
      return response.end(method === "GET" ? object.body : undefined);
    }
    if (method === "DELETE") {
      // Deleting a key that is not there succeeds, as on S3.
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const s3Error =
        error instanceof S3Error
          ? error
          : new S3Error(500, "InternalError", "We encountered an internal error. Please try again.");
      if (s3Error.code === "SignatureDoesNotMatch" || s3Error.code === "InvalidAccessKeyId") refused++;
      const requestId = randomUUID().replace(/-/g, "").slice(0, 16).toUpperCase();
      if (request.method === "HEAD") {
        // S3 answers a HEAD's error with its status and no body.
        response.writeHead(s3Error.status, { "x-amz-request-id": requestId });
        return response.end();
      }
      const extra = Object.entries(s3Error.extra)
        .map(([name, value]) => tag(name, value))
        .join("");
      sendXml(
        response,
        s3Error.status,
        `<Error>${tag("Code", s3Error.code)}${tag("Message", s3Error.message)}${extra}${tag("RequestId", requestId)}</Error>`,
        { "x-amz-request-id": requestId },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    keys: () => [...objects.keys()].sort(byteOrder),
    bytesOf: (key) => objects.get(key)?.body,
    setLastModified(key, date) {
      const object = objects.get(key);
      if (!object) throw new Error(`No object ${key} in the fake S3 store`);
      object.lastModified = date;
    },
    uploadsInProgress: () =>
      [...uploads.values()].map((upload) => ({
        key: upload.key,
        byteSize: [...upload.parts.values()].reduce((sum, part) => sum + part.body.length, 0),
      })),
    refusedSignatures: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** S3 lists keys in UTF-8 binary order. */
function byteOrder(a: string, b: string) {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
