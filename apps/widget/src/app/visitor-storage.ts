/** What the iframe remembers per widget (its own origin's storage, never the shop's). */
export type StoredVisitor = {
  visitorToken?: string;
  /** The chat to continue after a reload. */
  chatID?: string | null;
  /** The nudge message was shown (for "show once"). */
  hasSeenNudge?: boolean;
};

/**
 * The visitor's token and chat, kept in localStorage under the widget's id. Browsers that refuse
 * storage to a framed page (blocked third-party data) throw on access; then the widget remembers
 * for this page view only.
 */
export function createVisitorStorage(widgetID: string) {
  const key = `harbor:${widgetID}`;
  let memory: StoredVisitor = {};
  try {
    memory = JSON.parse(localStorage.getItem(key) ?? "{}") as StoredVisitor;
  } catch {
    // Unreadable or refused: start empty.
  }
  return {
    get: (): StoredVisitor => memory,
    set(change: StoredVisitor) {
      memory = { ...memory, ...change };
      try {
        localStorage.setItem(key, JSON.stringify(memory));
      } catch {
        // Refused: kept in memory for this page view.
      }
    },
  };
}

export type VisitorStorage = ReturnType<typeof createVisitorStorage>;
