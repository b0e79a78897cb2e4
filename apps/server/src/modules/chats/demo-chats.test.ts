import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chatMessages, chats } from "../../db/schema/index";
import { createDemoChatsSeeder } from "./demo-chats";

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  h = await createHarness({ withDemoContent: true });
  owner = await h.signUp("owner@new-shop.example");
});

afterAll(async () => {
  await h?.close();
});

const companyChats = () =>
  h.db.select().from(chats).where(eq(chats.companyId, owner.companyId)).orderBy(asc(chats.visitorId));

describe("sample chats of a new workspace", () => {
  it("are answered by the AI from the demo articles, in the states the inbox shows", async () => {
    const rows = await companyChats();
    expect(rows.map((chat) => [chat.visitorId, chat.status, chat.resolved, chat.isFlagged, chat.chatRead])).toEqual([
      ["demo-visitor-1", "open", false, false, false],
      ["demo-visitor-2", "open", true, false, true],
      ["demo-visitor-3", "ticket", false, true, false],
      ["demo-visitor-4", "open", false, false, true],
      // The showcase chat (demo-showcase-chat.test.ts): resolved by the shopper, read.
      ["demo-visitor-showcase", "open", true, false, true],
    ]);
    const first = rows[0];
    const messages = await h.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, first?.id ?? ""), eq(chatMessages.companyId, owner.companyId)))
      .orderBy(asc(chatMessages.createdAt));
    expect(messages.map((m) => m.messageType)).toEqual(["question", "answer", "question", "answer"]);
    expect(messages[1]?.message).toContain("1–3 working days");
    expect(messages[1]?.references.map((r) => r.title)).toEqual(["Shipping and delivery"]);
    expect(first?.summary).not.toBe("");
    const order = await h.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, rows[2]?.id ?? ""));
    expect(order.find((m) => m.messageType === "answer")?.message).toContain("order #1043");
  });

  it("are not made twice when seeding resumes", async () => {
    const seeder = createDemoChatsSeeder({
      db: h.db,
      chats: h.app.services.chatsRepository,
      chatAnswering: h.app.services.chatAnswering,
    });
    await seeder.seed(owner.companyId);
    expect(await companyChats()).toHaveLength(5);
  });
});
