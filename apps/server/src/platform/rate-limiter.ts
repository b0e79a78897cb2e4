/**
 * Fixed-window counters kept in this process (the realtime channel's per-visitor and per-widget
 * limits). `take` answers false once a key used its allowance in the current window. Windows of
 * idle keys are dropped as they expire, so memory follows the active keys only.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; used: number }>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < options.windowMs) return;
    lastSweep = at;
    for (const [key, window] of windows) {
      if (at - window.startedAt >= options.windowMs) windows.delete(key);
    }
  }

  return {
    take(key: string): boolean {
      const at = now();
      sweep(at);
      const window = windows.get(key);
      if (!window || at - window.startedAt >= options.windowMs) {
        windows.set(key, { startedAt: at, used: 1 });
        return true;
      }
      if (window.used >= options.limit) return false;
      window.used++;
      return true;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
