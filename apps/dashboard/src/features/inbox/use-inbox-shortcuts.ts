import { useEffect, useRef } from "react";

type InboxShortcuts = {
  onNext: () => void;
  onPrevious: () => void;
  onToggleResolution: () => void;
  onFocusReply: () => void;
  onHelp: () => void;
};

/** Typing in a field, or working in a dialog, is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("[role='dialog']")) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Inbox keys: j / ArrowDown next chat, k / ArrowUp previous, e resolve or reopen, r reply, ? help. */
export function useInboxShortcuts(handlers: InboxShortcuts) {
  // The latest handlers, without re-adding the listener on every render.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const actions: Record<string, (() => void) | undefined> = {
        j: latest.current.onNext,
        ArrowDown: latest.current.onNext,
        k: latest.current.onPrevious,
        ArrowUp: latest.current.onPrevious,
        e: latest.current.onToggleResolution,
        r: latest.current.onFocusReply,
        "?": latest.current.onHelp,
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
