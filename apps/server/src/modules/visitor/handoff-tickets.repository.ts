import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { handoffTickets } from "../../db/schema/index";

export type HandoffTicketRow = typeof handoffTickets.$inferSelect;
export type HandoffApp = "zendesk" | "gorgias";
export type HandoffTrigger = "agent" | "ticket";

/** A chat's tickets in help desks; (chat, app) is claimed once (decision 041). */
export function createHandoffTicketsRepository(db: Database) {
  return {
    /** The new claim, or null when this chat already has (or is getting) a ticket in this app. */
    async claim(options: {
      companyId: string;
      chatId: string;
      app: HandoffApp;
      trigger: HandoffTrigger;
      ticketStatus: string | null;
    }): Promise<HandoffTicketRow | null> {
      const [row] = await db
        .insert(handoffTickets)
        .values({ ...options, status: "pending" })
        .onConflictDoNothing({ target: [handoffTickets.chatId, handoffTickets.app] })
        .returning();
      return row ?? null;
    },

    async find(companyId: string, id: string) {
      const [row] = await db
        .select()
        .from(handoffTickets)
        .where(and(eq(handoffTickets.companyId, companyId), eq(handoffTickets.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** Settles a pending claim; null when another try settled it first. */
    async finish(options: {
      companyId: string;
      id: string;
      status: "created" | "failed" | "skipped";
      vendorTicketId?: string | null;
      url?: string | null;
      reason?: string | null;
    }) {
      const { companyId, id, ...outcome } = options;
      const [row] = await db
        .update(handoffTickets)
        .set({ ...outcome, finishedAt: new Date() })
        .where(
          and(eq(handoffTickets.companyId, companyId), eq(handoffTickets.id, id), eq(handoffTickets.status, "pending")),
        )
        .returning();
      return row ?? null;
    },

    /** Claims still pending after `before`: their job may have been lost between claim and enqueue. */
    listPendingBefore(before: Date) {
      return db
        .select({ id: handoffTickets.id, companyId: handoffTickets.companyId })
        .from(handoffTickets)
        .where(and(eq(handoffTickets.status, "pending"), lt(handoffTickets.createdAt, before)));
    },
  };
}

export type HandoffTicketsRepository = ReturnType<typeof createHandoffTicketsRepository>;
