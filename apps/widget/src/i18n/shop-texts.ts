import type { TextTranslations } from "@harbor/contract/text-translations";
import type { PublicWidget } from "@harbor/contract/widget";
import { DEFAULT_WIDGET_TEXTS, type DefaultWidgetText } from "@harbor/contract/widget-default-texts";
import type { Catalogue } from "./en";
import type { Language } from "./pick-language";

const KEY_OF_DEFAULT = new Map<string, DefaultWidgetText>(
  Object.entries(DEFAULT_WIDGET_TEXTS).map(([key, text]) => [text, key as DefaultWidgetText]),
);

/**
 * A shop's text as the visitor reads it: a default the admin never changed, in the visitor's
 * language ("Hoi 👋 Waarmee kan ik je vandaag helpen?" for a Dutch visitor of an untouched
 * widget); the admin's own words as written, whatever their language.
 */
export function shopText(text: string, t: Catalogue): string {
  const key = KEY_OF_DEFAULT.get(text.trim());
  return key ? t.shopDefaults[key] : text;
}

/**
 * A shop text that may have a version per language (decision 057: the ticket handoff message, the
 * portal's title, description and search placeholder): the shop's version for the visitor's
 * language when it wrote one, else `shopText` of its text for everyone.
 */
export function shopTextFor(
  text: string,
  translations: TextTranslations | undefined,
  language: Language,
  t: Catalogue,
): string {
  return translations?.[language] || shopText(text, t);
}

/**
 * The opening messages a visitor reads: the shop's message for their language when it wrote one,
 * else its opening messages (a default the admin kept, in the visitor's language).
 */
export function openingMessagesFor(
  widget: Pick<PublicWidget, "openingMessages" | "openingMessageTranslations">,
  language: Language,
  t: Catalogue,
): string[] {
  const own = widget.openingMessageTranslations?.[language];
  return own ? [own] : widget.openingMessages.map((text) => shopText(text, t));
}
