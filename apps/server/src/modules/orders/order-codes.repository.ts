import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orderCodes } from "../../db/schema/index";

export type OrderCodeRow = typeof orderCodes.$inferSelect;

/** The one-time codes that prove an order a visitor's (decision 040). */
export function createOrderCodesRepository(db: Database) {
  return {
    /** A new code replaces the visitor's earlier one for the order (its wrong tries start again). */
    async replace(options: {
      companyId: string;
      visitorId: string;
      orderName: string;
      codeHash: string;
      expiresAt: Date;
    }) {
      await db
        .insert(orderCodes)
        .values(options)
        .onConflictDoUpdate({
          target: [orderCodes.companyId, orderCodes.visitorId, orderCodes.orderName],
          set: { codeHash: options.codeHash, expiresAt: options.expiresAt, wrongTries: 0, createdAt: new Date() },
        });
    },

    /** The code still in force (not expired, tries left), or null. */
    async findLive(options: { companyId: string; visitorId: string; orderName: string; maxWrongTries: number }) {
      const [row] = await db
        .select()
        .from(orderCodes)
        .where(
          and(
            eq(orderCodes.companyId, options.companyId),
            eq(orderCodes.visitorId, options.visitorId),
            eq(orderCodes.orderName, options.orderName),
            gt(orderCodes.expiresAt, new Date()),
            lt(orderCodes.wrongTries, options.maxWrongTries),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Counts a wrong try in one statement (two at once both count); answers the tries now spent. */
    async countWrongTry(companyId: string, id: string) {
      const [row] = await db
        .update(orderCodes)
        .set({ wrongTries: sql`${orderCodes.wrongTries} + 1` })
        .where(and(eq(orderCodes.companyId, companyId), eq(orderCodes.id, id)))
        .returning({ wrongTries: orderCodes.wrongTries });
      return row?.wrongTries ?? Number.POSITIVE_INFINITY;
    },
  };
}

export type OrderCodesRepository = ReturnType<typeof createOrderCodesRepository>;
