import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import type { Mailer } from "../../platform/mailer";
import type { StaffAccess } from "../../platform/realtime/staff-access";
import type { SessionStore } from "../../platform/session";
import type { CompaniesRepository, CompaniesService } from "../companies/companies.module";
import type { UsersRepository } from "../users/users.module";
import { createAuthRepository } from "./auth.repository";
import { authRoutes } from "./auth.routes";
import { createAuthService } from "./auth.service";

/** Sign-in codes and sessions; its session store is the platform's SessionStore. */
export function createAuthModule(deps: {
  db: Database;
  users: UsersRepository;
  companies: CompaniesRepository;
  companiesService: CompaniesService;
  mailer: Mailer;
  appSecret: string;
  publicUrl: string;
  isSecureCookie: boolean;
  staffAccess: StaffAccess;
}) {
  const authRepository = createAuthRepository(deps.db);
  const authService = createAuthService({
    auth: authRepository,
    users: deps.users,
    companies: deps.companies,
    companiesService: deps.companiesService,
    mailer: deps.mailer,
    appSecret: deps.appSecret,
    publicUrl: deps.publicUrl,
    staffAccess: deps.staffAccess,
  });
  const sessions: SessionStore = {
    find: (tokenHash) => authRepository.findSession(tokenHash),
    delete: (tokenHash) => authRepository.deleteSession(tokenHash),
    refresh: (options) => authService.refreshSession(options),
  };
  const module: HarborModule = {
    name: "auth",
    plugin: async (app) => authRoutes(app, { authService, isSecureCookie: deps.isSecureCookie }),
  };
  return { module, authService, sessions };
}
