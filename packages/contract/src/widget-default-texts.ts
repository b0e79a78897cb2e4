/**
 * The texts a new widget starts with, in English (schema-free: the widget imports it). The admin
 * may rewrite each one; while a text is still its default, the widget shows it in the visitor's
 * language instead (apps/widget/src/i18n/shop-texts.ts), so an untouched widget greets a Dutch
 * or Hebrew visitor in their own language. A text the admin wrote is shown as written.
 */
export const DEFAULT_WIDGET_TEXTS = {
  openingMessage: "Hi there 👋 How can I help you today?",
  ticketHandoffMessage: "Leave your details and our team will get back to you by e-mail.",
  portalTitle: "Help centre",
  portalDescription: "Find answers to common questions",
  searchPlaceholder: "Search for answers",
} as const;

export type DefaultWidgetText = keyof typeof DEFAULT_WIDGET_TEXTS;
