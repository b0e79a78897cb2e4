import { type AppDeps, buildApp } from "../src/app";
import type { Harness } from "./harness";

/**
 * A second server node beside a harness's (scaled mode): the same database, mail and Redis, the
 * same limit keys, no jobs of its own (the first node runs them), listening on a free port.
 */
export async function startSecondNode(nodeA: Harness, deps: Partial<AppDeps> = {}) {
  const app = await buildApp({
    config: nodeA.config,
    database: nodeA.database,
    mailer: nodeA.mailer,
    logger: false,
    demoContentSeeders: [],
    isRunningJobs: false,
    limitKeyPrefix: nodeA.limitKeyPrefix,
    ...deps,
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url };
}
