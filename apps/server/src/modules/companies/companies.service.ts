import type { Company, CompanySummary, SubscriptionStatus } from "@harbor/contract/user";
import type { CompaniesRepository, CompanyRow } from "./companies.repository";
import type { DemoContentRunner } from "./demo-content";

const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ["active", "trialing", "past_due", "canceled"];

export function toCompanyDto(row: CompanyRow): Company {
  const status = SUBSCRIPTION_STATUSES.find((s) => s === row.subscriptionStatus) ?? "canceled";
  return {
    _id: row.id,
    name: row.name,
    logoURL: row.logoUrl,
    subscription: { status },
    isDemoContentReady: row.isDemoContentReady,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCompanySummary(row: { id: string; name: string; logoUrl: string | null }): CompanySummary {
  return { companyID: row.id, name: row.name, logoURL: row.logoUrl };
}

export function createCompaniesService(deps: { companies: CompaniesRepository; demoContent: DemoContentRunner }) {
  return {
    /** A new workspace with its creator as admin; demo content is seeded in the background. */
    async createWorkspace(options: Parameters<CompaniesRepository["createWithAdmin"]>[0]) {
      const company = await deps.companies.createWithAdmin(options);
      void deps.demoContent.start(company.id);
      return company;
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
