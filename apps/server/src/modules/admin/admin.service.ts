import type { AddCompanyRequest, AddCompanyResponse } from "@harbor/contract/admin";
import { AppError } from "../../platform/errors";
import type { StaffAccess } from "../../platform/realtime/staff-access";
import type { RequestAuth } from "../../platform/session";
import type { CompaniesRepository, CompaniesService } from "../companies/companies.module";

/**
 * Platform administration: creating and deleting whole companies. The spec shows no guard on
 * these pages; we allow only the e-mails listed in PLATFORM_ADMINS (docs/decisions/002).
 */
export function createAdminService(deps: {
  companies: CompaniesRepository;
  companiesService: CompaniesService;
  platformAdmins: ReadonlySet<string>;
  staffAccess: Pick<StaffAccess, "endCompany">;
  companyDeleted(companyId: string): void;
}) {
  function requirePlatformAdmin(auth: RequestAuth) {
    if (!deps.platformAdmins.has(auth.email)) {
      throw new AppError("FORBIDDEN", "Only Harbor platform admins can manage companies.");
    }
  }

  return {
    async addCompany(auth: RequestAuth, request: AddCompanyRequest): Promise<AddCompanyResponse> {
      requirePlatformAdmin(auth);
      const { name, url, currency, ...setupOptions } = request;
      const company = await deps.companiesService.createWorkspace({
        name,
        websiteUrl: url,
        currency,
        setupOptions,
        adminUserId: auth.userId,
      });
      return { companyID: company.id, name: company.name };
    },

    async deleteCompany(auth: RequestAuth, companyId: string) {
      requirePlatformAdmin(auth);
      if (!(await deps.companies.deleteById(companyId))) {
        throw new AppError("NOT_FOUND", "No company has this ID.");
      }
      deps.staffAccess.endCompany(companyId);
      deps.companyDeleted(companyId);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
