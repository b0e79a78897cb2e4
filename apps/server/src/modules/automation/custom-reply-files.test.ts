import { CUSTOM_REPLY_FILE_MAX_BYTES, type CustomReply, type CustomReplyFile } from "@harbor/contract/automation";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { storedFiles } from "../../db/schema/index";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let agentCookie: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@reply-files.example");
  agentCookie = (await h.addMember(owner.cookie, { name: "Agent", email: "agent@reply-files.example", role: "agent" }))
    .cookie;
});

afterAll(async () => {
  await h?.close();
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");

function fileForm(bytes: Buffer, name = "size-guide.pdf", type = "application/pdf", field = "file") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const upload = (body: FormData, cookie = owner.cookie) =>
  h.api<CustomReplyFile>("POST", "/api/custom-reply/upload", { cookie, body });

describe("POST /api/custom-reply/upload", () => {
  it("stores an admin's PDF for the company, serves it, and a message_file action saves its URL", async () => {
    const uploaded = await upload(fileForm(PDF));
    expect(uploaded.status, uploaded.body.message).toBe(200);
    const { fileUrl, fileType } = uploaded.body.data;
    expect(fileType).toBe("application/pdf");
    expect(fileUrl).toMatch(/^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}$/);

    const path = new URL(fileUrl).pathname;
    const served = await h.app.inject({ method: "GET", url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const [row] = await h.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, path.split("/").pop() ?? ""));
    expect(row).toMatchObject({
      companyId: owner.companyId,
      chatId: null,
      byteSize: PDF.length,
      purpose: "custom_reply",
    });
    // Part of something from the start: the sweep of visitors' unattached uploads leaves it.
    expect(row?.attachedAt).not.toBeNull();

    const saved = await h.api<CustomReply>("POST", "/api/custom-reply/save", {
      cookie: owner.cookie,
      body: {
        name: "Size guide",
        nodes: [
          {
            _id: "n1",
            actions: [
              { _id: "a1", actionType: "message_file", message: { content: "Our guide", file: { fileUrl, fileType } } },
            ],
          },
        ],
      },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.nodes[0]?.actions[0]).toMatchObject({ message: { file: { fileUrl, fileType } } });
  });

  it("refuses agents, a file that is not an image or PDF whatever it claims, no file, and one too large", async () => {
    const storedCount = async () =>
      (await h.db.select().from(storedFiles).where(eq(storedFiles.companyId, owner.companyId))).length;
    const before = await storedCount();
    const byAgent = await upload(fileForm(PDF), agentCookie);
    expect(byAgent.status).toBe(403);

    const html = await upload(fileForm(Buffer.from("<html><script>alert(1)</script></html>"), "guide.pdf"));
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({
      hasError: true,
      message: "file: The file must be a JPG, PNG or WebP image, or a PDF.",
    });

    const wrongField = await upload(fileForm(PDF, "size-guide.pdf", "application/pdf", "other"));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe("file: Choose a file to upload.");

    const tooLarge = await upload(fileForm(Buffer.concat([PDF, Buffer.alloc(CUSTOM_REPLY_FILE_MAX_BYTES)])));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("The file is larger than 10 MB. Choose a smaller one.");

    // Nothing refused was stored.
    expect(await storedCount()).toBe(before);
  });
});
