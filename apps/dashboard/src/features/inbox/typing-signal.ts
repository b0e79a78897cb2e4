/** While typing, "typing" is said again this often, so the other side's indicator does not expire. */
export const TYPING_REPEAT_MS = 2000;
/** No keystroke for this long counts as having stopped. */
export const TYPING_IDLE_MS = 3000;

/**
 * What a reply box tells the others about typing: `true` on the first keystroke and at most every
 * TYPING_REPEAT_MS after, `false` once on send, blur or TYPING_IDLE_MS without a keystroke.
 */
export function createTypingSignal(emit: (isTyping: boolean) => void) {
  let isTyping = false;
  let lastSentAt = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;

  function stop() {
    clearTimeout(idle);
    if (!isTyping) return;
    isTyping = false;
    emit(false);
  }

  return {
    /** A keystroke in the box. */
    input() {
      const now = Date.now();
      if (!isTyping || now - lastSentAt >= TYPING_REPEAT_MS) {
        isTyping = true;
        lastSentAt = now;
        emit(true);
      }
      clearTimeout(idle);
      idle = setTimeout(stop, TYPING_IDLE_MS);
    },
    stop,
  };
}
