import type { KnowledgeDocument, Source, SourceType } from "@harbor/contract/knowledge";

export type SourceStatus = "syncing" | "failed" | "active" | "inactive";

/**
 * Spec part 1 §4, source status: Syncing while in progress, else Active or Inactive; an active
 * source whose last sync failed is "Sync failed", not a green Active (its documents may be stale
 * or missing). The one rule for the table and the detail page.
 */
export function sourceStatus(source: Source): SourceStatus {
  if (source.integrationStatus.inProgress) return "syncing";
  if (!source.isActive) return "inactive";
  return source.integrationStatus.lastError ? "failed" : "active";
}

/**
 * What the action column offers: sources updated automatically show the word "auto" instead of a
 * Resync button; articles are written in Harbor, so there is nothing to read again.
 */
export function sourceAction(source: Source): "auto" | "resync" | "none" {
  if (source.updateFrequency === "auto") return "auto";
  if (source.sourceType === "macha-article") return "none";
  return "resync";
}

/** The company's help desk, when its integration is active. */
export type HelpDeskIntegration = { domainName: string };

/** The Zendesk connection of the company answer, as the Add Source form uses it: only while active. */
export function activeHelpDesk(
  zendesk: { isActive: boolean; credentials: { domainName: string } } | null,
): HelpDeskIntegration | null {
  return zendesk?.isActive && zendesk.credentials.domainName ? { domainName: zendesk.credentials.domainName } : null;
}

const ALWAYS_OFFERED: SourceType[] = ["website", "blog", "shopify-products"];
const HELP_CENTER_TYPES: SourceType[] = ["zendesk-hc", "zendesk-hc-api"];

/**
 * Source types the Add Source form offers. Articles are written in the Articles screens, never
 * added here; the help-center type only when the help desk is connected and has no such source yet.
 */
export function offeredSourceTypes({
  helpDesk,
  sources,
}: {
  helpDesk: HelpDeskIntegration | null;
  sources: Source[];
}): SourceType[] {
  const hasHelpCenter = sources.some((source) => HELP_CENTER_TYPES.includes(source.sourceType));
  return helpDesk && !hasHelpCenter ? [...ALWAYS_OFFERED, "zendesk-hc"] : ALWAYS_OFFERED;
}

export function helpCenterURL(helpDesk: HelpDeskIntegration): string {
  const domain = helpDesk.domainName.trim().replace(/^https?:\/\//, "");
  return `https://${domain.includes(".") ? domain : `${domain}.zendesk.com`}`;
}

export type DocumentStatus = "waiting" | "active" | "inactive";

/** Spec part 1 §4, document status: Waiting for upload while it has no content, else Active or Inactive. */
export function documentStatus(document: KnowledgeDocument): DocumentStatus {
  if (!document.has_content) return "waiting";
  return document.is_active ? "active" : "inactive";
}

/** Authored articles have no page to link to, so they never show the show-as-source state. */
export function hasSourceLink(sourceType: SourceType): boolean {
  return sourceType !== "macha-article";
}

const DATE_FORMAT = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export function formatDate(value: string | null, { withTime = false } = {}): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (withTime ? DATE_TIME_FORMAT : DATE_FORMAT).format(date);
}
