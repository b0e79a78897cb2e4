import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * The scaled mode's connection for limits: the API's per-address request limit and the visitor
 * side's limiters count here, so every node shares them (decision 029). Commands are not queued
 * while Redis is away: the limiters count in the process meanwhile, and the request limit lets
 * requests through, rather than every request waiting on a reconnect. Resolves once connected.
 */
export async function connectLimitsRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let hasReported = false;
  redis.on("error", (error: unknown) => {
    // ioredis reconnects by itself; one line per outage is enough.
    if (hasReported) return;
    hasReported = true;
    log.error({ err: error }, "limits Redis connection failed");
  });
  redis.on("ready", () => {
    hasReported = false;
  });
  if (redis.status !== "ready") await new Promise<void>((resolve) => redis.once("ready", () => resolve()));
  return redis;
}
