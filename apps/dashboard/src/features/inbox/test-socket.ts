import type { StaffServerEvents } from "@harbor/contract/realtime";
import { act } from "@testing-library/react";
import { vi } from "vitest";

type Listener = (payload?: unknown) => void;

/**
 * A stand-in for the /staff socket in tests: `vi.mock("../../../lib/socket", …)` hands this out;
 * tests play the server with `serverSends` and `connectNow`, and read what was emitted.
 */
function createFakeStaffSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const fire = (event: string, payload?: unknown) => {
    act(() => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  };
  return {
    connected: false,
    recovered: false,
    volatile: { emit: vi.fn() },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    serverSends<E extends keyof StaffServerEvents>(event: E, payload: Parameters<StaffServerEvents[E]>[0]) {
      fire(event, payload);
    },
    connectNow({ isRecovered = false }: { isRecovered?: boolean } = {}) {
      this.connected = true;
      this.recovered = isRecovered;
      fire("connect");
    },
    reset() {
      listeners.clear();
      this.connected = false;
      this.recovered = false;
      this.volatile.emit.mockReset();
    },
  };
}

export const fakeStaffSocket = createFakeStaffSocket();

/** For vi.mock of lib/socket. */
export const fakeSocketModule = {
  acquireStaffSocket: () => fakeStaffSocket,
  releaseStaffSocket: () => {},
};
