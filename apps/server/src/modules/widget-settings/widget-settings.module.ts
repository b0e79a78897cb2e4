import type { Database } from "../../db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { HarborModule } from "../../platform/harbor-module";
import type { RealtimeHub } from "../../platform/realtime/realtime-hub";
import type { AiAgentRepository } from "../ai-agent/ai-agent.module";
import type { KnowledgeRepository } from "../knowledge/knowledge.module";
import { createShopifyWidget, type ShopClientFor } from "./shopify-widget";
import { createWidgetRepository } from "./widget.repository";
import { withWidgetCache } from "./widget-cache";
import { widgetSettingsRoutes } from "./widget-settings.routes";
import { createWidgetSettingsService } from "./widget-settings.service";

export { SHOPIFY_LOADER_PATH } from "./shopify-widget";
export type { WidgetRepository } from "./widget.repository";

/** The chat widget's settings: appearance, self-serve portal, handoff, active hours, activation. */
export function createWidgetSettingsModule(deps: {
  db: Database;
  customReplies: Pick<AiAgentRepository, "listCustomReplies">;
  sources: Pick<KnowledgeRepository, "listSources">;
  publicUrl: string;
  onSwitchedOff(widgetId: string): void;
  /** Where the widget's pictures' bytes go. */
  fileStore: FileStore;
  /** The company's connected shop (the orders module's), for "Enable widget on Shopify". */
  shopClientFor: ShopClientFor;
  /** The users module's: a new widget mails its tickets to the company's first admin (decision 075). */
  firstAdminEmail(companyId: string): Promise<string | null>;
  /** Saves on one node reach the other nodes' widget caches through it (scaled mode). */
  realtime: Pick<RealtimeHub, "visitors" | "isScaled">;
}) {
  // Every write to a widget goes through this repository, so its cache is forgotten on each one.
  const { repository: widgetRepository, widgetChanged } = withWidgetCache(
    createWidgetRepository(deps.db, deps.firstAdminEmail),
    deps.realtime,
  );
  const widgetSettingsService = createWidgetSettingsService({
    widgets: widgetRepository,
    customReplies: deps.customReplies,
    sources: deps.sources,
    publicUrl: deps.publicUrl,
    onSwitchedOff: deps.onSwitchedOff,
    fileStore: deps.fileStore,
    shopifyWidget: createShopifyWidget({ shopClientFor: deps.shopClientFor, publicUrl: deps.publicUrl }),
  });
  const module: HarborModule = {
    name: "widget-settings",
    plugin: async (app) => widgetSettingsRoutes(app, { widgetSettingsService }),
  };
  return { module, widgetRepository, widgetSettingsService, widgetChanged };
}
