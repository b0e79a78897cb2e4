/**
 * Test support: a clock that only moves when a client sleeps. Clients get `sleep`, fakes get
 * `now`, so a throttled client "waits" instantly and the fake's bucket still refills, and tests
 * can assert exactly which waits were asked for.
 */
export function createVirtualClock(startMs = 1_750_000_000_000) {
  let nowMs = startMs;
  const waits: number[] = [];
  return {
    waits,
    now: () => nowMs,
    sleep: async (ms: number) => {
      waits.push(ms);
      nowMs += ms;
    },
  };
}
