import type { VisitorNamespace } from "../../platform/realtime/realtime-hub";
import type { WidgetRepository, WidgetRow } from "./widget.repository";

/**
 * The longest a node may serve a widget read before a save it was not told of (decision 081).
 * Saves on this node forget the row at once and tell the other nodes of a scaled deployment
 * through Redis; this bound only matters when that message is lost (Redis pub/sub delivers at
 * most once, e.g. not across a reconnect).
 */
export const WIDGET_CACHE_TTL_MS = 30_000;
/** Widgets kept per node; the least recently read goes first. A row is ~3 kB of settings. */
export const WIDGET_CACHE_MAX_ENTRIES = 2_000;

type Entry = {
  row: Promise<WidgetRow | null>;
  expiresAt: number;
  /** Known once the read is back; a read still under way is forgotten with any company. */
  companyId: string | null;
};

/**
 * The visitor side's widget by its public id, kept in memory: every widget load, token renewal
 * and socket handshake reads it (about two reads per visitor, decision 081). Promises are kept, so
 * reads at once share one statement, and `forgetCompany` runs after a write has committed, so a
 * read that raced the write is dropped with it. Rows are frozen: they are shared by every caller.
 */
export function createWidgetCache(options: {
  load(widgetId: string): Promise<WidgetRow | null>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const ttlMs = options.ttlMs ?? WIDGET_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? WIDGET_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const drop = (widgetId: string, entry: Entry) => {
    if (entries.get(widgetId) === entry) entries.delete(widgetId);
  };

  return {
    get(widgetId: string): Promise<WidgetRow | null> {
      const hit = entries.get(widgetId);
      if (hit && hit.expiresAt > now()) {
        // Map order is insertion order: moving the hit to the end makes the first key the least recent.
        entries.delete(widgetId);
        entries.set(widgetId, hit);
        return hit.row;
      }
      const entry: Entry = { row: options.load(widgetId).then(deepFreeze), expiresAt: now() + ttlMs, companyId: null };
      entries.set(widgetId, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entry.row.then(
        (row) => {
          // Unknown ids are not kept: anyone may ask for any id, and a widget made later must be found.
          if (row) entry.companyId = row.companyId;
          else drop(widgetId, entry);
        },
        () => drop(widgetId, entry),
      );
      return entry.row;
    },

    /** After any write to the company's widget (or the company's deletion) has committed. */
    forgetCompany(companyId: string) {
      for (const [widgetId, entry] of entries) {
        if (entry.companyId === companyId || entry.companyId === null) entries.delete(widgetId);
      }
    },

    get size() {
      return entries.size;
    },
  };
}

export type WidgetCache = ReturnType<typeof createWidgetCache>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Between nodes only: a company's widget changed (or the company is gone), forget it here too. */
const WIDGET_CHANGED = "widget-changed";

/**
 * The repository with its visitor-side read cached. Every write through it forgets the company's
 * row here and, in the scaled mode, on the other nodes (the hub's server-side messages, as a
 * switch-off reaches them); `widgetChanged` is for writes made elsewhere (a company's deletion).
 */
export function withWidgetCache(
  stored: WidgetRepository,
  realtime: { visitors: Pick<VisitorNamespace, "on" | "serverSideEmit">; isScaled: boolean },
  cache: WidgetCache = createWidgetCache({ load: stored.findByWidgetId }),
) {
  const { visitors } = realtime;
  visitors.on(WIDGET_CHANGED, (companyId: unknown) => {
    if (typeof companyId === "string") cache.forgetCompany(companyId);
  });
  function widgetChanged(companyId: string) {
    cache.forgetCompany(companyId);
    if (realtime.isScaled) visitors.serverSideEmit(WIDGET_CHANGED, companyId);
  }
  /** Forgets after the write (committed or not): a read racing it cannot keep the old row. */
  async function changing<T>(companyId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      widgetChanged(companyId);
    }
  }
  const repository: WidgetRepository = {
    ...stored,
    findByWidgetId: (widgetId) => cache.get(widgetId),
    saveSettings: (companyId, settings) => changing(companyId, () => stored.saveSettings(companyId, settings)),
    updateSettings: (companyId, change) => changing(companyId, () => stored.updateSettings(companyId, change)),
  };
  return { repository, widgetChanged };
}
