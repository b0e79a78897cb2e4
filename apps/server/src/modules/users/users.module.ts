import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import type { Mailer } from "../../platform/mailer";
import type { StaffAccess } from "../../platform/realtime/staff-access";
import type { CompaniesRepository } from "../companies/companies.module";
import { createUsersRepository } from "./users.repository";
import { usersRoutes } from "./users.routes";
import { createUsersService } from "./users.service";

export type { UsersRepository } from "./users.repository";

/** A workspace's team: members, roles, profiles. */
export function createUsersModule(deps: {
  db: Database;
  companies: CompaniesRepository;
  mailer: Mailer;
  publicUrl: string;
  platformAdmins: ReadonlySet<string>;
  log: FastifyBaseLogger;
  staffAccess: StaffAccess;
}) {
  const usersRepository = createUsersRepository(deps.db);
  const usersService = createUsersService({
    users: usersRepository,
    companies: deps.companies,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    platformAdmins: deps.platformAdmins,
    log: deps.log,
    staffAccess: deps.staffAccess,
  });
  const module: HarborModule = { name: "users", plugin: async (app) => usersRoutes(app, { usersService }) };
  return { module, usersRepository, usersService };
}
