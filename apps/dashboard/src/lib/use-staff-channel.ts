import type { StaffClientEvents, StaffServerEvents } from "@harbor/contract/realtime";
import { useCallback, useEffect, useRef } from "react";
import { acquireStaffSocket, releaseStaffSocket, type StaffSocket } from "./socket";

type StaffEvent = keyof StaffServerEvents;
const STAFF_EVENTS: StaffEvent[] = ["chat-updated", "chat-message", "chat-deleted", "visitor-typing", "agent-typing"];

export type StaffChannelHandlers = { [E in StaffEvent]?: StaffServerEvents[E] } & {
  /**
   * The channel connected. Events sent before it may be missing from what the screen loaded
   * (while it connected, or while it was cut off), unless socket.io recovered them (`isRecovered`).
   */
  onConnect?: (connection: { isReconnect: boolean; isRecovered: boolean }) => void;
};

/**
 * Listens on the company's `/staff` channel while the calling screen is mounted; the latest
 * handlers are called, without re-subscribing on every render. Answers a typed, fire-and-forget
 * emit that drops what cannot be sent now (a stale "typing" is worse than none).
 */
export function useStaffChannel(handlers: StaffChannelHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const socketRef = useRef<StaffSocket | null>(null);

  useEffect(() => {
    const socket = acquireStaffSocket();
    socketRef.current = socket;
    let hasConnected = false;
    const onConnect = () => {
      latest.current.onConnect?.({ isReconnect: hasConnected, isRecovered: socket.recovered });
      hasConnected = true;
    };
    const listeners = STAFF_EVENTS.map((event) => {
      // Each event's handler is called with that event's payload, which socket.io typed on receipt.
      const listener = (payload: unknown) =>
        (latest.current[event] as ((payload: unknown) => void) | undefined)?.(payload);
      socket.on(event, listener);
      return () => socket.off(event, listener);
    });
    socket.on("connect", onConnect);
    if (socket.connected) onConnect();
    return () => {
      for (const stop of listeners) stop();
      socket.off("connect", onConnect);
      socketRef.current = null;
      releaseStaffSocket();
    };
  }, []);

  return useCallback(<E extends keyof StaffClientEvents>(event: E, ...args: Parameters<StaffClientEvents[E]>) => {
    socketRef.current?.volatile.emit(event, ...args);
  }, []);
}
