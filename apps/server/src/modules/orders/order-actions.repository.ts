import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orderActions } from "../../db/schema/index";

export type OrderActionRow = typeof orderActions.$inferSelect;
type NewOrderAction = Omit<typeof orderActions.$inferInsert, "id" | "createdAt" | "status" | "vendorAnswer">;

/** What visitors asked shops to do with orders; a client key is claimed once per company. */
export function createOrderActionsRepository(db: Database) {
  return {
    /** Claims the client key: the new record, or the one a request with this key made first. */
    async claim(action: NewOrderAction): Promise<{ row: OrderActionRow; isNew: boolean }> {
      const [inserted] = await db
        .insert(orderActions)
        .values({ ...action, status: "pending" })
        .onConflictDoNothing({ target: [orderActions.companyId, orderActions.clientKey] })
        .returning();
      if (inserted) return { row: inserted, isNew: true };
      const existing = await this.findByClientKey(action.companyId, action.clientKey);
      if (!existing) throw new Error("order action claimed but not found");
      return { row: existing, isNew: false };
    },

    async findByClientKey(companyId: string, clientKey: string) {
      const [row] = await db
        .select()
        .from(orderActions)
        .where(and(eq(orderActions.companyId, companyId), eq(orderActions.clientKey, clientKey)))
        .limit(1);
      return row ?? null;
    },

    async finish(options: {
      companyId: string;
      id: string;
      status: "recorded" | "vendor_failed";
      vendorAnswer: Record<string, unknown>;
    }) {
      const [row] = await db
        .update(orderActions)
        .set({ status: options.status, vendorAnswer: options.vendorAnswer })
        .where(and(eq(orderActions.companyId, options.companyId), eq(orderActions.id, options.id)))
        .returning();
      return row ?? null;
    },

    listForOrder(companyId: string, orderName: string) {
      return db
        .select()
        .from(orderActions)
        .where(and(eq(orderActions.companyId, companyId), eq(orderActions.orderName, orderName)));
    },
  };
}

export type OrderActionsRepository = ReturnType<typeof createOrderActionsRepository>;
