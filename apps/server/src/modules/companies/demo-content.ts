import type { CompaniesRepository } from "./companies.repository";

/**
 * One step of a new workspace's demo content. Each domain that has something to show a newcomer
 * (knowledge articles, widget defaults, sample chats) registers a seeder; each must be safe to run
 * again, because a restart re-runs the seeding of any company whose flag is not yet set.
 */
export type DemoContentSeeder = {
  name: string;
  seed(companyId: string): Promise<void>;
};

type Logger = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Runs the seeders in the background and sets the company's demo-content flag when all are done. */
export function createDemoContentRunner(options: {
  companies: CompaniesRepository;
  seeders: readonly DemoContentSeeder[];
  log: Logger;
}) {
  const running = new Map<string, Promise<void>>();

  async function seedCompany(companyId: string) {
    for (const seeder of options.seeders) {
      await seeder.seed(companyId);
    }
    await options.companies.markDemoContentReady(companyId);
    options.log.info({ companyId }, "demo content ready");
  }

  return {
    /** Starts seeding; returns at once. Awaiting the returned promise is for tests and shutdown. */
    start(companyId: string): Promise<void> {
      const existing = running.get(companyId);
      if (existing) return existing;
      const job = seedCompany(companyId)
        .catch((error: unknown) => options.log.error({ err: error, companyId }, "demo content failed"))
        .finally(() => running.delete(companyId));
      running.set(companyId, job);
      return job;
    },

    /** On start-up: finish the seeding a stop interrupted. */
    async resumePending() {
      const pending = await options.companies.listAwaitingDemoContent();
      await Promise.all(pending.map((company) => this.start(company.id)));
    },

    /** Waits for every seeding in flight (graceful shutdown). */
    async drain() {
      await Promise.all(running.values());
    },
  };
}

export type DemoContentRunner = ReturnType<typeof createDemoContentRunner>;
