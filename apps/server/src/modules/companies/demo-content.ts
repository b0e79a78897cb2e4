import type { DemoContentSeeder } from "../../platform/harbor-module";
import type { CompaniesRepository } from "./companies.repository";

type Logger = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Runs the seeders in the background and sets the company's demo-content flag when all are done. */
export function createDemoContentRunner(options: {
  companies: CompaniesRepository;
  log: Logger;
  /** More may be set with `useSeeders` (the app sets the modules' once they are made). */
  seeders?: readonly DemoContentSeeder[];
}) {
  const running = new Map<string, Promise<void>>();
  let seeders: readonly DemoContentSeeder[] = options.seeders ?? [];

  async function seedCompany(companyId: string) {
    for (const seeder of seeders) {
      await seeder.seed(companyId);
    }
    await options.companies.markDemoContentReady(companyId);
    options.log.info({ companyId }, "demo content ready");
  }

  return {
    /** The modules' seeders, in the order they run (knowledge before the chats answered from it). */
    useSeeders(list: readonly DemoContentSeeder[]) {
      seeders = list;
    },

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
