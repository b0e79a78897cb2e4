import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { HarborModule } from "../../platform/harbor-module";
import { createCompaniesRepository } from "./companies.repository";
import { createCompaniesService } from "./companies.service";
import { createDemoContentRunner } from "./demo-content";

export type { CompaniesRepository } from "./companies.repository";
export { type CompaniesService, toCompanyDto, toCompanySummary } from "./companies.service";
export type { DemoContentRunner } from "./demo-content";
export { nameFromEmail, workspaceNameFromEmail } from "./workspace-name";

/** Workspaces and their demo content (no routes of its own: auth and admin create workspaces). */
export function createCompaniesModule(deps: { db: Database; log: FastifyBaseLogger }) {
  const companiesRepository = createCompaniesRepository(deps.db);
  const demoContent = createDemoContentRunner({ companies: companiesRepository, log: deps.log });
  const companiesService = createCompaniesService({ companies: companiesRepository, demoContent });
  const module: HarborModule = { name: "companies", drain: () => demoContent.drain() };
  return { module, companiesRepository, companiesService, demoContent };
}
