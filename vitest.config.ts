import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * One runner for the whole repository; `npm test` runs every project. Server suites run on PGlite
 * and, when TEST_DATABASE_URL is set (CI), a second time on that PostgreSQL server.
 */
const serverProject = (name: string, databaseUrl: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
    environment: "node",
    globalSetup: ["apps/server/test/global-setup.ts"],
    provide: { testDatabaseUrl: databaseUrl },
    // Each file still gets its own database, app and ports (test/harness.ts); what is shared is the
    // module cache of a worker, so the server's code is imported and compiled once per worker rather
    // than once per file: that import was a third of the suite's time. No server test mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL ?? "";

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores − 1), which left a core idle while
    // a worker waited on PostgreSQL or a child process. Two workers serve the unit and integration
    // projects (group 0); the browser journeys run after them, alone, one file at a time (group 1),
    // so their servers and Chromium never compete with the rest for the two cores.
    maxWorkers: 2,
    projects: [
      { test: { name: "contract", include: ["packages/contract/src/**/*.test.ts"], environment: "node" } },
      // The repository's own tooling: the layer rules of the lint (.dependency-cruiser.cjs).
      { test: { name: "tooling", include: ["scripts/**/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      serverProject("server", ""),
      ...(postgresUrl ? [serverProject("server-postgres", postgresUrl)] : []),
      "apps/dashboard/vitest.config.ts",
      "apps/widget/vitest.config.ts",
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          expect: { poll: { timeout: 10_000, interval: 50 } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
