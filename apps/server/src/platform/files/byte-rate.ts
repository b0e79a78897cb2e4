import { setTimeout as sleep } from "node:timers/promises";

/**
 * Passes chunks on no faster than `bytesPerSecond` after a first `burstBytes` that go at once.
 * Waiting here stops reading the request, so TCP holds the sender back: one fast client cannot
 * take the server's whole event loop from everyone else's requests.
 */
export async function* atMostBytesPerSecond(
  source: AsyncIterable<Buffer>,
  options: { bytesPerSecond: number; burstBytes: number },
) {
  const startedAt = performance.now();
  let passed = 0;
  for await (const chunk of source) {
    passed += chunk.length;
    const dueAt = startedAt + (Math.max(0, passed - options.burstBytes) / options.bytesPerSecond) * 1000;
    const early = dueAt - performance.now();
    if (early > 0) await sleep(early);
    yield chunk;
  }
}
