import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { type WidgetSettings, type WidgetTheme, widgetSettingsSchema } from "@harbor/contract/widget";
import type { SaveWidgetSettingsRequest } from "./api/save-widget-settings";
import { type TranslationsDraft, toTranslations, translationsDraftFrom } from "./text-translations-draft";

type Offset = number | "";

/** The Appearance page's form. Number fields hold "" while empty (Mantine's NumberInput); language "" = the browser's. */
export type AppearanceDraft = {
  language: VisitorLanguage | "";
  openingMessages: string[];
  openingMessageTranslations: TranslationsDraft;
  theme: WidgetTheme;
  button: {
    size: "normal" | "small";
    show: boolean;
    zIndex: number | "";
    position: { top: Offset; left: Offset; bottom: Offset; right: Offset };
  };
  notifications: { enableSound: boolean; enableWelcomeMessage: boolean };
};

const toOffset = (value: number | null): Offset => value ?? "";
const fromOffset = (value: Offset): number | null => (value === "" ? null : value);

/** Built key by key, so a draft compares equal to the settings it came from whatever order the server sent. */
export function appearanceDraftFrom(settings: WidgetSettings): AppearanceDraft {
  const { theme, button, notifications } = settings;
  const bubble = (colors: WidgetTheme["chatBubble"]["customer"]) => ({
    backgroundColor: colors.backgroundColor,
    textColor: colors.textColor,
  });
  return {
    language: settings.language ?? "",
    openingMessages: [...settings.openingMessages],
    openingMessageTranslations: translationsDraftFrom(settings.openingMessageTranslations),
    theme: {
      brand: { brandColor: theme.brand.brandColor },
      chatBubble: { customer: bubble(theme.chatBubble.customer), aiAgent: bubble(theme.chatBubble.aiAgent) },
    },
    button: {
      size: button.size,
      show: button.show,
      zIndex: button.zIndex,
      position: {
        top: toOffset(button.position.top),
        left: toOffset(button.position.left),
        bottom: toOffset(button.position.bottom),
        right: toOffset(button.position.right),
      },
    },
    notifications: {
      enableSound: notifications.enableSound,
      enableWelcomeMessage: notifications.enableWelcomeMessage,
    },
  };
}

/** The sections the page saves. The icon URL is the server's to set; what is sent here is ignored. */
export function toAppearanceSections(draft: AppearanceDraft, customIconURL: string | null) {
  const trim = (color: string) => color.trim();
  const { theme, button } = draft;
  return {
    language: draft.language || null,
    openingMessages: draft.openingMessages.map((message) => message.trim()),
    openingMessageTranslations: toTranslations(draft.openingMessageTranslations),
    theme: {
      brand: { brandColor: trim(theme.brand.brandColor) },
      chatBubble: {
        customer: {
          backgroundColor: trim(theme.chatBubble.customer.backgroundColor),
          textColor: trim(theme.chatBubble.customer.textColor),
        },
        aiAgent: {
          backgroundColor: trim(theme.chatBubble.aiAgent.backgroundColor),
          textColor: trim(theme.chatBubble.aiAgent.textColor),
        },
      },
    },
    button: {
      customIconURL,
      size: button.size,
      show: button.show,
      // Never empty here: validation (appearanceInput) stops an empty z index before saving.
      zIndex: button.zIndex === "" ? 0 : button.zIndex,
      position: {
        top: fromOffset(button.position.top),
        left: fromOffset(button.position.left),
        bottom: fromOffset(button.position.bottom),
        right: fromOffset(button.position.right),
      },
    },
    notifications: { ...draft.notifications },
  } satisfies SaveWidgetSettingsRequest["sections"];
}

/** What validation reads: the sections, with an empty z index missing so "Z index is required" applies. */
export function appearanceInput(draft: AppearanceDraft): unknown {
  const sections = toAppearanceSections(draft, null);
  const zIndex = draft.button.zIndex === "" ? undefined : draft.button.zIndex;
  return { ...sections, button: { ...sections.button, zIndex } };
}

/** The contract's rules for the sections of this page; their paths are the draft's paths. */
export const appearanceSectionsSchema = widgetSettingsSchema.pick({
  language: true,
  openingMessages: true,
  openingMessageTranslations: true,
  theme: true,
  button: true,
  notifications: true,
});
