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
}) {
  const adminService = createAdminService(deps);
  const module: HarborModule = { name: "admin", plugin: async (app) => adminRoutes(app, { adminService }) };
  return { module, adminService };
}
