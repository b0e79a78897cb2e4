import path from "node:path";
import type { CustomReply, CustomReplyFile } from "@harbor/contract/automation";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../../test/fake-s3";
import { createHarness, type Harness } from "../../../test/harness";
import { ackData, askQuestion, connectVisitor } from "../../../test/realtime-clients";
import { diskFilesView, type StoredFilesView, s3FilesView } from "../../../test/stored-files";
import { storedFiles } from "../../db/schema/index";
import { SWEEP_REPLY_FILES_SCHEDULE } from "./automation.module";

/**
 * The sweep of custom-reply uploads (decision 049), run as its schedule runs it (a job on the job
 * runner), on the disk store and on an S3-compatible bucket: an upload no saved reply names is
 * removed a day after it was made; one a reply names, or a reply's message in a chat shows, or
 * that is younger, stays; another company's reply naming a file does not keep it.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");
const HOUR_MS = 60 * 60 * 1000;

let h: Harness;
let s3: FakeS3 | undefined;
let stored: StoredFilesView;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;

const idOf = (file: CustomReplyFile) => file.fileUrl.split("/").pop() ?? "";
const isStored = async (file: CustomReplyFile) => (await stored.keys()).includes(idOf(file));
const served = async (file: CustomReplyFile) =>
  (await h.app.inject({ method: "GET", url: `/api/files/${idOf(file)}` })).statusCode;

async function upload(cookie: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "guide.pdf");
  const uploaded = await h.api<CustomReplyFile>("POST", "/api/custom-reply/upload", { cookie, body: form });
  expect(uploaded.status, uploaded.body.message).toBe(200);
  return uploaded.body.data;
}

/** A reply whose one node sends these files. */
async function saveReplySending(name: string, files: CustomReplyFile[], cookie: string) {
  const saved = await h.api<CustomReply>("POST", "/api/custom-reply/save", {
    cookie,
    body: {
      name,
      nodes: [
        {
          _id: "n1",
          actions: files.map((file, index) => ({
            _id: `f${index}`,
            actionType: "message_file",
            message: { content: "Our guide", file: file },
          })),
        },
      ],
    },
  });
  expect(saved.status, saved.body.message).toBe(200);
  return saved.body.data;
}

/** Makes files look uploaded (and their bytes written) `hours` ago. */
async function age(files: CustomReplyFile[], hours: number) {
  const then = new Date(Date.now() - hours * HOUR_MS);
  for (const file of files) {
    await h.db
      .update(storedFiles)
      .set({ createdAt: then })
      .where(eq(storedFiles.id, idOf(file)));
    await stored.backdate(idOf(file), then);
  }
}

async function runSweepJob() {
  const jobs = h.app.services.jobRunner;
  await jobs.enqueue({ kind: SWEEP_REPLY_FILES_SCHEDULE, companyId: null, payload: {} });
  await jobs.waitUntilIdle({ kinds: [SWEEP_REPLY_FILES_SCHEDULE] });
}

describe.each<"disk" | "s3">(["disk", "s3"])("with the %s file store", (kind) => {
  beforeAll(async () => {
    s3 = kind === "s3" ? await startFakeS3() : undefined;
    h = await createHarness({ s3 });
    stored = s3 ? s3FilesView(s3) : diskFilesView(path.join(h.config.dataDir, "files"));
    owner = await h.signUp(`owner@reply-sweep-${kind}.example`);
    rival = await h.signUp(`owner@reply-sweep-rival-${kind}.example`);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  it("removes a day-old upload no reply of its company names; keeps named, shown, fresh and other files", async () => {
    const unused = await upload(owner.cookie);
    const named = await upload(owner.cookie);
    const fresh = await upload(owner.cookie);
    const shownOnly = await upload(owner.cookie);
    const namedByRivalOnly = await upload(owner.cookie);
    const rivalNamed = await upload(rival.cookie);
    const rivalUnused = await upload(rival.cookie);
    await saveReplySending("Size guide", [named], owner.cookie);
    // Another company's reply pasting our file's address does not keep it.
    await saveReplySending("Borrowed guide", [rivalNamed, namedByRivalOnly], rival.cookie);
    // A file a reply sent into a chat stays in the visitor's history after the reply drops it.
    const widgetID = (await h.app.services.widgetRepository.findOrCreate(owner.companyId)).widgetId;
    const visitor = await connectVisitor(h, widgetID);
    const asked = ackData(await askQuestion(visitor.socket, "Do you have a size guide?"));
    await h.app.services.visitorService.drain();
    await h.app.services.chatsRepository.insertMessage({
      companyId: owner.companyId,
      chatId: asked.chatID,
      senderRole: "ai",
      message: "Our guide",
      messageType: "answer",
      messageData: {
        customReplyID: "00000000-0000-4000-8000-0000000000aa",
        file: { url: shownOnly.fileUrl, contentType: shownOnly.fileType },
      },
    });
    visitor.socket.close();
    // Not a reply upload (a picture, or a reply file from before the sweep): never this sweep's.
    const [picture] = await h.db
      .insert(storedFiles)
      .values({ companyId: owner.companyId, contentType: "image/png", byteSize: 1, bytes: Buffer.from([1]) })
      .returning({ id: storedFiles.id });
    const pictureId = picture?.id ?? "";
    await h.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 48 * HOUR_MS) })
      .where(eq(storedFiles.id, pictureId));

    await age([unused, named, shownOnly, namedByRivalOnly, rivalNamed, rivalUnused], 25);
    await age([fresh], 23);
    await runSweepJob();

    for (const gone of [unused, namedByRivalOnly, rivalUnused]) {
      expect(await served(gone)).toBe(404);
      expect(await isStored(gone)).toBe(false);
    }
    for (const kept of [named, shownOnly, fresh, rivalNamed]) {
      expect(await served(kept)).toBe(200);
      expect(await isStored(kept)).toBe(true);
    }
    expect((await h.app.inject({ method: "GET", url: `/api/files/${pictureId}` })).statusCode).toBe(200);
  });

  it("a file a reply stops naming goes on the next sweep; the one it still names stays", async () => {
    const first = await upload(owner.cookie);
    const second = await upload(owner.cookie);
    const reply = await saveReplySending("Care guide", [first, second], owner.cookie);
    await age([first, second], 30);
    await runSweepJob();
    expect(await served(first)).toBe(200);
    expect(await served(second)).toBe(200);

    const resaved = await h.api<CustomReply>("POST", "/api/custom-reply/save", {
      cookie: owner.cookie,
      body: {
        customReplyID: reply._id,
        name: reply.name,
        nodes: [
          {
            _id: "n1",
            actions: [{ _id: "f1", actionType: "message_file", message: { content: "Guide", file: second } }],
          },
        ],
      },
    });
    expect(resaved.status, resaved.body.message).toBe(200);
    await runSweepJob();
    expect(await served(first)).toBe(404);
    expect(await isStored(first)).toBe(false);
    expect(await served(second)).toBe(200);
  });
});
