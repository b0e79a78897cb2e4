import type { MessageDataOf } from "@harbor/contract/message-data";
import { and, eq, inArray, sql, type WithSubquery } from "drizzle-orm";
import type { TokenUsage } from "../../ai/answer/answer-types";
import type { Database } from "../../db/client";
import { chatAnalyses, chats, knowledgeDocuments, type StoredReference, tokenUsage } from "../../db/schema/index";
import { appendMessageSteps, tokenUsageRows } from "./chats.repository";

/**
 * Everything an answered question leaves behind, written in one statement (data-modifying CTEs):
 * the answer message, the chat's position in the inbox (and its summary, when it is ready), the
 * analysis entry, token usage and the cited documents' times_used; it answers the chat's new inbox
 * row too (decision 064). One statement is atomic, so the inbox never shows an answer without its
 * analysis, and it holds the embedded database for a single round trip (decision 011).
 */
export function createAnswerStore(db: Database) {
  return {
    async storeAnswer(options: {
      companyId: string;
      chatId: string;
      questionMessageId: string;
      text: string;
      messageData: MessageDataOf<"answer">;
      references: StoredReference[];
      analysis: { shortenedCustomerMessage: string; questionCategory: string | null; selectedIntent: string | null };
      usage: TokenUsage[];
      citedDocumentIds: string[];
      /** The chat's new running summary, when it is ready with the answer (an instant summarizer). */
      summary?: string;
    }) {
      const { companyId, chatId } = options;
      const { inserted, touched } = appendMessageSteps(
        db,
        {
          companyId,
          chatId,
          message: options.text,
          messageType: "answer",
          senderRole: "ai",
          messageData: options.messageData,
          references: options.references,
          ...(options.summary === undefined ? {} : { chatSummary: options.summary }),
        },
        { withInbox: true },
      );
      const analysed = db.$with("analysed").as(
        db
          .insert(chatAnalyses)
          .values({ companyId, chatId, messageId: options.questionMessageId, ...options.analysis })
          .returning({ id: chatAnalyses.id }),
      );
      const steps: WithSubquery[] = [inserted, touched, analysed];
      const usage = tokenUsageRows({ companyId, chatId, purpose: "chat", usage: options.usage });
      if (usage.length > 0) {
        steps.push(db.$with("counted").as(db.insert(tokenUsage).values(usage).returning({ id: tokenUsage.id })));
      }
      if (options.citedDocumentIds.length > 0) {
        const cited = db
          .update(knowledgeDocuments)
          .set({ timesUsed: sql`${knowledgeDocuments.timesUsed} + 1` })
          .where(
            and(eq(knowledgeDocuments.companyId, companyId), inArray(knowledgeDocuments.id, options.citedDocumentIds)),
          )
          .returning({ id: knowledgeDocuments.id });
        steps.push(db.$with("cited").as(cited));
      }
      const [found] = await db
        .with(...steps)
        .select()
        .from(inserted)
        .leftJoin(touched, sql`true`);
      if (!found) throw new Error("Answer insert returned no row");
      // The chat's inbox row with the answer in, for staff (read in this statement, not after it).
      return { message: found.inserted, inbox: found.touched?.inbox ?? null };
    },

    /**
     * A question routed to a custom reply: its analysis entry (so AI Conversations files the chat
     * under the category) and the classification's tokens, in one statement; no answer is written.
     */
    async storeRouting(options: {
      companyId: string;
      chatId: string;
      questionMessageId: string;
      analysis: { shortenedCustomerMessage: string; questionCategory: string | null; selectedIntent: string | null };
      usage: TokenUsage[];
    }) {
      const { companyId, chatId } = options;
      const analyse = db
        .insert(chatAnalyses)
        .values({ companyId, chatId, messageId: options.questionMessageId, ...options.analysis });
      const usage = tokenUsageRows({ companyId, chatId, purpose: "chat", usage: options.usage });
      if (usage.length === 0) {
        await analyse;
        return;
      }
      const analysed = db.$with("analysed").as(analyse.returning({ id: chatAnalyses.id }));
      await db.with(analysed).insert(tokenUsage).values(usage);
    },

    /** The running summary and the tokens spent writing it, together. */
    async storeSummary(options: { companyId: string; chatId: string; summary: string; usage: TokenUsage[] }) {
      const { companyId, chatId } = options;
      const setSummary = db
        .update(chats)
        .set({ summary: options.summary })
        .where(and(eq(chats.id, chatId), eq(chats.companyId, companyId)));
      const usage = tokenUsageRows({ companyId, chatId, purpose: "chat", usage: options.usage });
      if (usage.length === 0) {
        await setSummary;
        return;
      }
      // One statement (a data-modifying CTE), so both land together without a transaction's round trips.
      const summarized = db.$with("summarized").as(setSummary.returning({ id: chats.id }));
      await db.with(summarized).insert(tokenUsage).values(usage);
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;
