import type { WidgetSettings } from "@harbor/contract/widget";
import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/** Every section of a widget except its id (spec part 2 §3 "Widget"). */
export type StoredWidgetSettings = Omit<WidgetSettings, "widgetID">;

/**
 * One chat widget per company, made with defaults the first time anything asks for it. The
 * public `widget_id` goes into the shop's script tag, so it is random and says nothing about the
 * company; visitors are scoped by it.
 */
export const widgets = pgTable("widgets", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  widgetId: text("widget_id").notNull().unique(),
  settings: jsonb("settings").$type<StoredWidgetSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
