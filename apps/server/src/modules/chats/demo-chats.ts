import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { and, eq, like } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chats } from "../../db/schema/index";
import type { DemoContentSeeder } from "../../platform/harbor-module";
import type { ChatAnswering } from "./chat-answering.service";
import type { ChatsRepository } from "./chats.repository";
import { seedShowcaseChat } from "./demo-showcase-chat";

type DemoChat = {
  visitorId: string;
  language: VisitorLanguage;
  customer: Record<string, unknown>;
  questions: string[];
  state?: { resolved?: boolean; isFlagged?: boolean; status?: "ticket"; isRead?: boolean };
};

/**
 * A new workspace's inbox is not empty: a few visitors' questions, answered by the real pipeline
 * from the demo help articles (so what a newcomer reads is what the AI really says), in the
 * states the inbox shows: unread, resolved, flagged, a raised ticket, a Dutch visitor. A fifth,
 * the showcase chat (demo-showcase-chat.ts), holds one message of every type the inbox renders.
 */
const DEMO_CHATS: DemoChat[] = [
  {
    visitorId: "demo-visitor-1",
    language: "en",
    customer: { name: "Emma de Vries", email: "emma@example.com", location: "Utrecht, NL" },
    questions: ["How long does standard delivery take?", "And is delivery free?"],
  },
  {
    visitorId: "demo-visitor-2",
    language: "en",
    customer: { name: "Liam Jansen", email: "liam@example.com", location: "Antwerp, BE" },
    questions: ["Can I return items I bought three weeks ago?"],
    state: { resolved: true, isRead: true },
  },
  {
    visitorId: "demo-visitor-3",
    language: "en",
    customer: { name: null, email: "noor@example.com", location: null },
    questions: ["Where is my order #1043? It still hasn't arrived."],
    state: { status: "ticket", isFlagged: true },
  },
  {
    visitorId: "demo-visitor-4",
    language: "nl",
    customer: { name: "Sanne Bakker", email: null, location: "Rotterdam, NL" },
    questions: ["Welke betaalmethoden accepteren jullie?"],
    state: { isRead: true },
  },
];

export function createDemoChatsSeeder(deps: {
  db: Database;
  chats: ChatsRepository;
  chatAnswering: ChatAnswering;
}): DemoContentSeeder {
  return {
    name: "sample-chats",
    async seed(companyId) {
      // Seeding resumes after a restart: chats already made are not made twice.
      const existing = await deps.db
        .select({ visitorId: chats.visitorId })
        .from(chats)
        .where(and(eq(chats.companyId, companyId), like(chats.visitorId, "demo-visitor-%")));
      const made = new Set(existing.map((row) => row.visitorId));
      for (const demo of DEMO_CHATS) {
        if (made.has(demo.visitorId)) continue;
        const chat = await deps.chats.createChat(companyId, { visitorId: demo.visitorId, language: demo.language });
        for (const question of demo.questions) {
          await deps.chatAnswering.answerInChat({ companyId, chatId: chat.id, question, language: demo.language });
        }
        await deps.db
          .update(chats)
          .set({
            customer: demo.customer,
            resolved: demo.state?.resolved ?? false,
            isFlagged: demo.state?.isFlagged ?? false,
            status: demo.state?.status ?? "open",
            chatRead: demo.state?.isRead ?? false,
          })
          .where(and(eq(chats.id, chat.id), eq(chats.companyId, companyId)));
      }
      // Last, so a workspace with five sample chats has all of them.
      await seedShowcaseChat({ db: deps.db, chats: deps.chats, companyId });
    },
  };
}
