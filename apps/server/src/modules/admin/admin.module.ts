import type { HarborModule } from "../../platform/harbor-module";
import type { StaffAccess } from "../../platform/realtime/staff-access";
import type { CompaniesRepository, CompaniesService } from "../companies/companies.module";
import { adminRoutes } from "./admin.routes";
import { createAdminService } from "./admin.service";

/** Platform administration (PLATFORM_ADMINS): adding and deleting companies. */
export function createAdminModule(deps: {
  companies: CompaniesRepository;
  companiesService: CompaniesService;
  platformAdmins: ReadonlySet<string>;
  staffAccess: StaffAccess;
  /** What other modules keep of a company in memory (the widget cache) is forgotten on every node. */
  companyDeleted(companyId: string): void;
}) {
  const adminService = createAdminService(deps);
  const module: HarborModule = { name: "admin", plugin: async (app) => adminRoutes(app, { adminService }) };
  return { module, adminService };
}
