import { randomUUID } from "node:crypto";
import path from "node:path";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { AskQuestionAck } from "@harbor/contract/realtime";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../../test/fake-s3";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, connectVisitor, emitWithAck } from "../../../test/realtime-clients";
import { diskFilesView, type StoredFilesView, s3FilesView } from "../../../test/stored-files";
import { storedFiles } from "../../db/schema/index";
import { SWEEP_FILES_SCHEDULE } from "./visitor.module";
import { NOT_AN_UPLOAD } from "./visitor-files";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const HOUR_MS = 60 * 60 * 1000;

let h: Harness;
let s3: FakeS3 | undefined;
let stored: StoredFilesView;
let widgetID: string;
let companyId: string;
let ownerCookie: string;

const idOf = (file: VisitorAttachment) => file.url.split("/").pop() ?? "";
const isStored = async (id: string) => (await stored.keys()).includes(id);
const served = async (id: string) => (await h.app.inject({ method: "GET", url: `/api/files/${id}` })).statusCode;

async function upload(visitorToken: string) {
  const form = new FormData();
  form.append("widgetID", widgetID);
  form.append("visitorToken", visitorToken);
  form.append("file", new Blob([PNG], { type: "image/png" }), "photo.png");
  const uploaded = await h.api<VisitorAttachment>("POST", "/api/widget/upload", { body: form, ip: h.nextIp() });
  if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.body.message}`);
  return uploaded.body.data;
}

async function ask(socket: Awaited<ReturnType<typeof connectVisitor>>["socket"], attachments: VisitorAttachment[]) {
  return emitWithAck<AskQuestionAck>(socket, "ask-question", {
    chatID: null,
    clientMessageID: randomUUID(),
    question: "Is this the right size?",
    attachments,
  });
}

/** Runs the sweep the way its schedule does: as a job, on the job runner. */
async function runSweepJob() {
  const jobs = h.app.services.jobRunner;
  await jobs.enqueue({ kind: SWEEP_FILES_SCHEDULE, companyId: null, payload: {} });
  await jobs.waitUntilIdle({ kinds: [SWEEP_FILES_SCHEDULE] });
}

/** Makes files look uploaded (and their bytes written) `hours` ago. */
async function age(ids: string[], hours: number) {
  const then = new Date(Date.now() - hours * HOUR_MS);
  for (const id of ids) {
    await h.db.update(storedFiles).set({ createdAt: then }).where(eq(storedFiles.id, id));
    if (await isStored(id)) await stored.backdate(id, then);
  }
}

/** Each test runs on the disk store and on an S3-compatible bucket (a loopback S3 checking signatures). */
describe.each<"disk" | "s3">(["disk", "s3"])("with the %s file store", (kind) => {
  beforeAll(async () => {
    s3 = kind === "s3" ? await startFakeS3() : undefined;
    h = await createHarness({ s3 });
    stored = s3 ? s3FilesView(s3) : diskFilesView(path.join(h.config.dataDir, "files"));
    const owner = await h.signUp(`owner@file-sweep-${kind}.example`);
    ownerCookie = owner.cookie;
    companyId = owner.companyId;
    widgetID = (await h.app.services.widgetRepository.findOrCreate(companyId)).widgetId;
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  describe("the stored files sweep", () => {
    it("deletes uploads no message took up within 24 hours, and keeps attached files and earlier ones", async () => {
      const visitor = await connectVisitor(h, widgetID);
      const abandoned = await upload(visitor.visitorToken);
      const recent = await upload(visitor.visitorToken);
      const sent = await upload(visitor.visitorToken);
      ackData(await ask(visitor.socket, [sent]));
      // Saved before the file store: its bytes are in its row, and it counts as attached.
      const [legacy] = await h.db
        .insert(storedFiles)
        .values({ companyId, contentType: "image/png", byteSize: PNG.length, bytes: PNG })
        .returning({ id: storedFiles.id });
      const legacyId = legacy?.id ?? "";
      await age([idOf(abandoned), idOf(sent), legacyId], 25);
      await age([idOf(recent)], 23);

      await runSweepJob();

      expect(await served(idOf(abandoned))).toBe(404);
      expect(await isStored(idOf(abandoned))).toBe(false);
      expect(await served(idOf(recent))).toBe(200);
      expect(await served(idOf(sent))).toBe(200);
      const legacyServed = await h.app.inject({ method: "GET", url: `/api/files/${legacyId}` });
      expect(legacyServed.statusCode).toBe(200);
      expect(legacyServed.rawPayload.equals(PNG)).toBe(true);
      visitor.socket.close();
    });

    it("removes stored bytes whose file is gone once they are an hour old", async () => {
      const visitor = await connectVisitor(h, widgetID);
      const young = await upload(visitor.visitorToken);
      const old = await upload(visitor.visitorToken);
      await h.db.delete(storedFiles).where(sql`${storedFiles.id} in (${idOf(young)}, ${idOf(old)})`);
      await age([idOf(old)], 2);

      await runSweepJob();

      expect(await isStored(idOf(old))).toBe(false);
      // It may be an upload whose row is about to be written.
      expect(await isStored(idOf(young))).toBe(true);
      visitor.socket.close();
    });
  });

  describe("a deleted chat's files", () => {
    it("stop being served the moment the chat is deleted, and leave the store on the next sweep", async () => {
      const visitor = await connectVisitor(h, widgetID);
      const file = await upload(visitor.visitorToken);
      const asked = ackData(await ask(visitor.socket, [file]));
      expect(await served(idOf(file))).toBe(200);

      const deleted = await h.api("POST", "/api/chat/delete", { cookie: ownerCookie, body: { chatID: asked.chatID } });
      expect(deleted.status).toBe(200);
      const gone = await h.app.inject({ method: "GET", url: `/api/files/${idOf(file)}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ hasError: true, message: "This file does not exist." });

      await age([idOf(file)], 2);
      await runSweepJob();
      expect(await isStored(idOf(file))).toBe(false);
      visitor.socket.close();
    });
  });

  describe("attaching", () => {
    it("refuses another visitor's upload, and a file already in another chat", async () => {
      const first = await connectVisitor(h, widgetID);
      const second = await connectVisitor(h, widgetID);
      const file = await upload(first.visitorToken);
      expect(await ask(second.socket, [file])).toEqual({ ok: false, message: NOT_AN_UPLOAD });
      ackData(await ask(first.socket, [file]));
      // The same file in a new chat of the same visitor: it belongs to the first one.
      expect(await ask(first.socket, [file])).toEqual({ ok: false, message: NOT_AN_UPLOAD });
      first.socket.close();
      second.socket.close();
    });
  });
});
