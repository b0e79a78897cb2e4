import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { companies, memberships } from "../../db/schema/index";

export type CompanyRow = typeof companies.$inferSelect;

export function createCompaniesRepository(db: Database) {
  return {
    /** Creates the company and makes `adminUserId` its admin, together or not at all. */
    async createWithAdmin(options: {
      name: string;
      adminUserId: string;
      websiteUrl?: string;
      currency?: string;
      setupOptions?: Record<string, unknown>;
    }): Promise<CompanyRow> {
      return db.transaction(async (tx) => {
        const [company] = await tx
          .insert(companies)
          .values({
            name: options.name,
            websiteUrl: options.websiteUrl,
            currency: options.currency,
            setupOptions: options.setupOptions,
          })
          .returning();
        if (!company) throw new Error("Company insert returned no row");
        await tx.insert(memberships).values({ companyId: company.id, userId: options.adminUserId, role: "admin" });
        return company;
      });
    },

    async findById(companyId: string) {
      const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
      return company ?? null;
    },

    /** The user's companies with their role in each, sorted by name as the picker shows them. */
    async listForUser(userId: string) {
      return db
        .select({ id: companies.id, name: companies.name, logoUrl: companies.logoUrl, role: memberships.role })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(companies.name), asc(companies.id));
    },

    async findMembership(options: { companyId: string; userId: string }) {
      const [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, options.companyId), eq(memberships.userId, options.userId)))
        .limit(1);
      return row ?? null;
    },

    async markDemoContentReady(companyId: string) {
      await db.update(companies).set({ isDemoContentReady: true }).where(eq(companies.id, companyId));
    },

    async listAwaitingDemoContent() {
      return db.select({ id: companies.id }).from(companies).where(eq(companies.isDemoContentReady, false));
    },

    /**
     * Removes the company and, through ON DELETE CASCADE on every company-owned table, all its
     * data in this one statement (one transaction). Tables added later must cascade the same way.
     */
    async deleteById(companyId: string) {
      const deleted = await db.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id });
      return deleted.length === 1;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
