import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";
import type { Server } from "socket.io";

/**
 * Scaled mode's socket.io adapter: two Redis connections (one publishes, one is subscribed), as
 * the adapter needs. A file of its own so a single node never loads the Redis client (decision 072).
 */
export async function connectRedisAdapter(io: Server, url: string, log: FastifyBaseLogger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on("error", (error: unknown) => log.error({ err: error }, "realtime Redis connection failed"));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: "harbor" }));
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
