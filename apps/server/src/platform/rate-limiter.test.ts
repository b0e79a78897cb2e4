import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createConcurrencyLimit, createLimiterStore } from "./rate-limiter";

const takes = async (limiter: { take(key: string): Promise<boolean> }, key: string, count: number) => {
  const results: boolean[] = [];
  for (let i = 0; i < count; i++) results.push(await limiter.take(key));
  return results;
};

describe("the limiter store in memory", () => {
  it("refuses a key past its allowance, each key on its own", async () => {
    const limiter = createLimiterStore().limiter("memory-test", { points: 3, durationSeconds: 60 });
    expect(await takes(limiter, "a", 4)).toEqual([true, true, true, false]);
    expect(await limiter.take("b")).toBe(true);
  });

  it("keeps every window: the tighter one refuses", async () => {
    const limiter = createLimiterStore().limiter("windows-test", [
      { points: 5, durationSeconds: 60 },
      { points: 2, durationSeconds: 3600 },
    ]);
    expect(await takes(limiter, "a", 3)).toEqual([true, true, false]);
  });

  it("tells how much a key used without using more", async () => {
    const limiter = createLimiterStore().limiter("used-test", [
      { points: 5, durationSeconds: 60 },
      { points: 9, durationSeconds: 3600 },
    ]);
    expect(await limiter.used("a")).toBe(0);
    await takes(limiter, "a", 2);
    expect(await limiter.used("a")).toBe(2);
    expect(await limiter.used("a")).toBe(2);
    expect(await limiter.used("b")).toBe(0);
  });
});

describe("open places", () => {
  it("holds at most the limit per key and frees a place when released", () => {
    const places = createConcurrencyLimit(2);
    expect([places.acquire("a"), places.acquire("a"), places.acquire("a")]).toEqual([true, true, false]);
    expect(places.acquire("b")).toBe(true);
    places.release("a");
    expect(places.acquire("a")).toBe(true);
  });
});

describe("the limiter store when Redis is away", () => {
  // Never connected: the store counts in this process instead of waiting or letting all through.
  const away = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false });
  afterAll(() => away.disconnect());

  it("still refuses past the allowance", async () => {
    const limiter = createLimiterStore({ redis: away }).limiter("away-test", { points: 2, durationSeconds: 60 });
    expect(await takes(limiter, "a", 3)).toEqual([true, true, false]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("the limiter store in Redis", () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  it("shares one allowance between two stores (two nodes)", async () => {
    const connect = async () => {
      const client = new Redis(redisUrl ?? "", { enableOfflineQueue: false });
      clients.push(client);
      await new Promise((resolve) => client.once("ready", resolve));
      return client;
    };
    const keyPrefix = `harbor-test:${crypto.randomUUID()}`;
    const rule = { points: 3, durationSeconds: 60 };
    const nodeA = createLimiterStore({ redis: await connect(), keyPrefix }).limiter("shared", rule);
    const nodeB = createLimiterStore({ redis: await connect(), keyPrefix }).limiter("shared", rule);
    expect([await nodeA.take("k"), await nodeB.take("k"), await nodeA.take("k"), await nodeB.take("k")]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
