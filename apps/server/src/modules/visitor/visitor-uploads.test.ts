import { randomBytes, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { ApiEnvelope } from "@harbor/contract/envelope";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { WidgetGetResponse } from "@harbor/contract/widget";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../../test/fake-s3";
import { createHarness, type Harness } from "../../../test/harness";
import { diskFilesView, type StoredFilesView, s3FilesView } from "../../../test/stored-files";
import { storedFiles } from "../../db/schema/index";
import { UPLOAD_QUOTA_MESSAGES } from "./upload-quotas";
import { FIELDS_BEFORE_FILE } from "./visitor.routes";

const MB = 1024 * 1024;
/** A 1×1 PNG: what a picture's first bytes look like. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const pictureOf = (byteSize: number) => Buffer.concat([PNG, randomBytes(byteSize - PNG.length)]);

let h: Harness;
let widgetID: string;
let otherWidgetID: string;

beforeAll(async () => {
  h = await createHarness({
    uploadQuotas: {
      perVisitor: { files: 3, bytes: 20 * MB },
      perIp: { files: 5, bytes: 100 * MB },
      perWidget: { files: 6, bytes: 1024 * MB },
      inFlightPerIp: 1,
    },
  });
  const owner = await h.signUp("owner@uploads.example");
  widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
  const otherShop = await h.signUp("owner@uploads-other.example");
  otherWidgetID = (await h.app.services.widgetRepository.findOrCreate(otherShop.companyId)).widgetId;
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function newVisitor(options: { widgetID: string; ip: string }) {
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", {
    body: { widgetID: options.widgetID },
    ip: options.ip,
  });
  if (got.status !== 200) throw new Error(`widget/get failed: ${got.body.message}`);
  return { widgetID: options.widgetID, visitorToken: got.body.data.visitorToken, ip: options.ip };
}

type Visitor = Awaited<ReturnType<typeof newVisitor>>;

function upload(visitor: Visitor, file: Buffer, name = "photo.png") {
  const form = new FormData();
  form.append("widgetID", visitor.widgetID);
  form.append("visitorToken", visitor.visitorToken);
  form.append("file", new Blob([file], { type: "image/png" }), name);
  return h.api<VisitorAttachment>("POST", "/api/widget/upload", { body: form, ip: visitor.ip });
}

type StoreKind = "disk" | "s3";

/**
 * The upload route on each file store: a harness of its own whose files go to `DATA_DIR/files`
 * or to an S3-compatible bucket (a loopback S3 that checks every request's signature).
 */
describe.each<StoreKind>(["disk", "s3"])("POST /api/widget/upload streams to the %s store", (kind) => {
  let app: Harness;
  let s3: FakeS3 | undefined;
  let stored: StoredFilesView;
  let shopWidgetID: string;
  let otherCookie: string;

  beforeAll(async () => {
    s3 = kind === "s3" ? await startFakeS3() : undefined;
    app = await createHarness({ s3, uploadQuotas: { inFlightPerIp: 1 } });
    stored = s3 ? s3FilesView(s3) : diskFilesView(path.join(app.config.dataDir, "files"));
    const owner = await app.signUp("owner@uploads-stream.example");
    shopWidgetID = (await app.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
    otherCookie = (await app.signUp("owner@uploads-stream-other.example")).cookie;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  /** Waits (up to 20 s) for an unfinished write of at least `minBytes` in the store. */
  async function unfinishedWriteOf(minBytes: number) {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      const unfinished = (await stored.unfinished()).find((entry) => entry.byteSize >= minBytes);
      if (unfinished) return unfinished;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("No unfinished write reached the store: the upload is not streamed to it");
  }

  const sendForm = async (visitor: Visitor, file: Buffer) => {
    const form = new FormData();
    form.append("widgetID", visitor.widgetID);
    form.append("visitorToken", visitor.visitorToken);
    form.append("file", new Blob([file], { type: "image/png" }), "photo.png");
    return app.api<VisitorAttachment>("POST", "/api/widget/upload", { body: form, ip: visitor.ip });
  };
  const visitorOf = async (ip: string) => {
    const got = await app.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID: shopWidgetID }, ip });
    if (got.status !== 200) throw new Error(`widget/get failed: ${got.body.message}`);
    return { widgetID: shopWidgetID, visitorToken: got.body.data.visitorToken, ip };
  };

  it("writes a large file to the store as it arrives while another shop's staff and the health check are served", async () => {
    const visitor = await visitorOf("127.0.0.1");
    const file = pictureOf(8 * MB);
    const boundary = `----harbor${randomUUID()}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      field("widgetID", visitor.widgetID) +
        field("visitorToken", visitor.visitorToken) +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL(await app.url());
    // A real connection: the body arrives over the network, in two pieces, the test deciding when.
    const request = httpRequest({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: "/api/widget/upload",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + file.length + tail.length,
      },
    });
    const response = new Promise<{ status: number; body: ApiEnvelope<VisitorAttachment> }>((resolve, reject) => {
      request.on("error", reject);
      request.on("response", (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
      });
    });
    // More than one S3 part (5 MB), so the bucket's store has a part to send before the rest comes.
    const firstPiece = 6 * MB;
    request.write(head);
    request.write(file.subarray(0, firstPiece));

    // Part of the file is in the store before the rest was even sent: it is not gathered in memory.
    await unfinishedWriteOf(MB);
    const health = await app.api("GET", "/api/health");
    expect(health.status).toBe(200);
    const inbox = await app.api("POST", "/api/chat/inbox", { cookie: otherCookie, body: {} });
    expect(inbox.status).toBe(200);
    // Meanwhile the same address may not start another upload.
    const second = await sendForm(await visitorOf("127.0.0.1"), PNG);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ hasError: true, message: UPLOAD_QUOTA_MESSAGES.inFlight });

    request.end(Buffer.concat([file.subarray(firstPiece), tail]));
    const done = await response;
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ name: "big.png", contentType: "image/png", byteSize: file.length });
    const id = done.body.data.url.split("/").pop() ?? "";
    const [row] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
    expect(row).toMatchObject({ bytes: null, byteSize: file.length, contentType: "image/png", attachedAt: null });
    expect((await stored.bytesOf(id))?.equals(file)).toBe(true);
    expect(await stored.unfinished()).toEqual([]);

    const served = await app.app.inject({ method: "GET", url: `/api/files/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(file)).toBe(true);
  });

  it("stops reading a file at the size limit and keeps nothing of it", async () => {
    const visitor = await visitorOf(app.nextIp());
    const before = await stored.keys();
    const tooBig = await sendForm(visitor, pictureOf(10 * MB + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ hasError: true, message: "some files are larger than 10MB" });
    // A body that says it is larger than any allowed file is refused before it is read.
    const declaredTooBig = await sendForm(visitor, pictureOf(11 * MB));
    expect(declaredTooBig.status).toBe(413);
    expect(await stored.keys()).toEqual(before);
    expect(await stored.unfinished()).toEqual([]);
  });
});

describe("upload form", () => {
  it("needs who sends the file before the file", async () => {
    const visitor = await newVisitor({ widgetID, ip: h.nextIp() });
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "photo.png");
    form.append("widgetID", visitor.widgetID);
    form.append("visitorToken", visitor.visitorToken);
    const refused = await h.api("POST", "/api/widget/upload", { body: form, ip: visitor.ip });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ hasError: true, message: FIELDS_BEFORE_FILE });
  });
});

describe("upload quotas", () => {
  it("refuses a visitor's upload past their count or their bytes", async () => {
    const visitor = await newVisitor({ widgetID, ip: h.nextIp() });
    for (let i = 0; i < 3; i++) expect((await upload(visitor, PNG)).status).toBe(200);
    const fourth = await upload(visitor, PNG);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ hasError: true, message: UPLOAD_QUOTA_MESSAGES.perVisitor });

    const heavy = await newVisitor({ widgetID, ip: h.nextIp() });
    expect((await upload(heavy, pictureOf(9 * MB))).status).toBe(200);
    expect((await upload(heavy, pictureOf(9 * MB))).status).toBe(200);
    const third = await upload(heavy, pictureOf(9 * MB));
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(UPLOAD_QUOTA_MESSAGES.perVisitor);
  });

  it("refuses an address's upload past its count, however many visitor tokens it holds", async () => {
    const shop = await h.signUp("owner@uploads-by-address.example");
    const shopWidget = (await h.app.services.widgetRepository.findOrCreate(shop.companyId)).widgetId;
    const ip = h.nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await upload(await newVisitor({ widgetID: shopWidget, ip }), PNG)).status).toBe(200);
    }
    const sixth = await upload(await newVisitor({ widgetID: shopWidget, ip }), PNG);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ hasError: true, message: UPLOAD_QUOTA_MESSAGES.perIp });
    // Another address is still welcome.
    expect((await upload(await newVisitor({ widgetID: shopWidget, ip: h.nextIp() }), PNG)).status).toBe(200);
  });

  it("refuses uploads to a widget past its count, whichever visitors and addresses send them", async () => {
    const shop = await h.signUp("owner@uploads-by-widget.example");
    const shopWidget = (await h.app.services.widgetRepository.findOrCreate(shop.companyId)).widgetId;
    for (let i = 0; i < 6; i++) {
      expect((await upload(await newVisitor({ widgetID: shopWidget, ip: h.nextIp() }), PNG)).status).toBe(200);
    }
    const seventh = await upload(await newVisitor({ widgetID: shopWidget, ip: h.nextIp() }), PNG);
    expect(seventh.status).toBe(429);
    expect(seventh.body).toMatchObject({ hasError: true, message: UPLOAD_QUOTA_MESSAGES.perWidget });
    // Other shops' widgets are not held back by this one's visitors.
    expect((await upload(await newVisitor({ widgetID: otherWidgetID, ip: h.nextIp() }), PNG)).status).toBe(200);
  });
});
