import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/** An allowance: so many takes per window of so many seconds. */
export type RateRule = { points: number; durationSeconds: number };

/** Answers false once a key used up its allowance in the current window. */
export type RateLimiter = {
  take(key: string): Promise<boolean>;
  /** How many takes the key has in its fullest current window, without taking one. */
  used(key: string): Promise<number>;
};

/**
 * Where counts live: this process's memory on one node; Redis in the scaled mode (REDIS_URL), so
 * every node counts against the same allowance (decision 029). A limiter's name and the store's
 * prefix make its Redis keys (`<prefix>:<name>:<key>`).
 */
export type LimiterStore = {
  limiter(name: string, rules: RateRule | RateRule[]): RateLimiter;
  /** Whether counts are shared across nodes (Redis) or kept by this process. */
  isShared: boolean;
};

export function createLimiterStore(
  options: { redis?: Redis | null; keyPrefix?: string; log?: Pick<FastifyBaseLogger, "warn"> } = {},
): LimiterStore {
  const prefix = options.keyPrefix ?? "harbor:limit";
  const { redis, log } = options;
  let hasWarned = false;

  function one(name: string, rule: RateRule) {
    const base = { keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.durationSeconds };
    if (!redis) return new RateLimiterMemory(base);
    return new RateLimiterRedis({
      ...base,
      storeClient: redis,
      // Redis down: count in this process rather than wait for it or let everything through.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(base),
    });
  }

  return {
    isShared: Boolean(redis),
    limiter(name, rules) {
      // One counter per window: `questions-per-address:60s`, `questions-per-address:3600s`.
      const limiters = Array.isArray(rules)
        ? rules.map((rule) => one(`${name}:${rule.durationSeconds}s`, rule))
        : [one(name, rules)];
      return {
        async take(key) {
          // Every window counts the take, even when an earlier one refuses: a flood stays refused.
          const results = await Promise.allSettled(limiters.map((limiter) => limiter.consume(key)));
          let isAllowed = true;
          for (const result of results) {
            if (result.status === "fulfilled") continue;
            if (result.reason instanceof RateLimiterRes) {
              isAllowed = false;
            } else if (!hasWarned) {
              // Only without an insurance limiter, which every store limiter has; never refuse on it.
              hasWarned = true;
              log?.warn({ err: result.reason }, "a rate limiter failed; letting the request through");
            }
          }
          return isAllowed;
        },
        async used(key) {
          const results = await Promise.allSettled(limiters.map((limiter) => limiter.get(key)));
          return Math.max(
            0,
            ...results.map((result) => (result.status === "fulfilled" ? (result.value?.consumedPoints ?? 0) : 0)),
          );
        },
      };
    },
  };
}

/**
 * At most `limit` held at once per key (a visitor's open sockets per address). Kept by this
 * process on purpose: a socket lives and dies with its node, so a count in Redis would outlive
 * a node that crashed and lock its visitors' addresses out (decision 029).
 */
export function createConcurrencyLimit(limit: number) {
  const held = new Map<string, number>();
  return {
    /** Takes a place for the key; false when it already holds `limit`. */
    acquire(key: string): boolean {
      const count = held.get(key) ?? 0;
      if (count >= limit) return false;
      held.set(key, count + 1);
      return true;
    },
    release(key: string) {
      const count = (held.get(key) ?? 0) - 1;
      if (count > 0) held.set(key, count);
      else held.delete(key);
    },
  };
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
