import { and, eq, inArray, sql } from "drizzle-orm";
import type { TokenUsage } from "../../ai/answer/answer-types";
import type { Database } from "../../db/client";
import { chatAnalyses, chats, knowledgeDocuments, type StoredReference, tokenUsage } from "../../db/schema/index";
import { appendMessage, tokenUsageRows } from "./chats.repository";

/**
 * Everything an answered question leaves behind, written in one transaction: the answer
 * message, the chat's position in the inbox, the analysis entry, token usage and the cited
 * documents' times_used. One commit instead of five keeps the pipeline's overhead low on the
 * embedded database, and the inbox never shows an answer without its analysis.
 */
export function createAnswerStore(db: Database) {
  return {
    async storeAnswer(options: {
      companyId: string;
      chatId: string;
      questionMessageId: string;
      text: string;
      messageData: Record<string, unknown>;
      references: StoredReference[];
      analysis: { shortenedCustomerMessage: string; questionCategory: string | null; selectedIntent: string | null };
      usage: TokenUsage[];
      citedDocumentIds: string[];
    }) {
      const { companyId, chatId } = options;
      return db.transaction(async (tx) => {
        const message = await appendMessage(tx, {
          companyId,
          chatId,
          message: options.text,
          messageType: "answer",
          senderRole: "ai",
          messageData: options.messageData,
          references: options.references,
        });
        await tx
          .insert(chatAnalyses)
          .values({ companyId, chatId, messageId: options.questionMessageId, ...options.analysis });
        const usage = tokenUsageRows({ companyId, chatId, purpose: "chat", usage: options.usage });
        if (usage.length > 0) await tx.insert(tokenUsage).values(usage);
        if (options.citedDocumentIds.length > 0) {
          await tx
            .update(knowledgeDocuments)
            .set({ timesUsed: sql`${knowledgeDocuments.timesUsed} + 1` })
            .where(
              and(
                eq(knowledgeDocuments.companyId, companyId),
                inArray(knowledgeDocuments.id, options.citedDocumentIds),
              ),
            );
        }
        return message;
      });
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
