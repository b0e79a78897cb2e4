import type { FastifyPluginAsync } from "fastify";
import type { JobHandler, JobSchedule } from "./jobs/job-runner";

/**
 * One step of a new workspace's demo content. Each domain that has something to show a newcomer
 * (knowledge articles, sample chats) brings a seeder; each must be safe to run again, because a
 * restart re-runs the seeding of any company whose flag is not yet set.
 */
export type DemoContentSeeder = {
  name: string;
  seed(companyId: string): Promise<void>;
};

/**
 * What a domain module plugs into the app (docs/ARCHITECTURE.md, "Modules"). Each module has one
 * entry file, `modules/<name>/<name>.module.ts`, whose factory receives the module's dependencies
 * and answers this plus the API other modules may use. buildApp composes them: it registers every
 * plugin (routes, socket handlers), hands the job handlers and schedules to the job runner and the
 * seeders to the demo content, and drains the modules on close.
 */
export type HarborModule = {
  name: string;
  /** Routes and realtime handlers, registered as a Fastify plugin once the platform is in place. */
  plugin?: FastifyPluginAsync;
  /** Background job kinds this module runs, by kind. */
  jobs?: Record<string, JobHandler>;
  /** Job kinds of its own upkeep (a cache's warming), which tests' waits for idle leave out. */
  upkeepJobs?: Record<string, JobHandler>;
  /** Periodic work, run once per due time across every node that runs jobs. */
  schedules?: JobSchedule[];
  /** Demo content for a new workspace, run in module order. */
  seeders?: DemoContentSeeder[];
  /** Once background jobs run (never in processes that do not run jobs): queue start-up work. */
  onJobsStarted?: () => Promise<void>;
  /** On close, after the sockets and before the database: finish work in flight. */
  drain?: () => Promise<void>;
};
