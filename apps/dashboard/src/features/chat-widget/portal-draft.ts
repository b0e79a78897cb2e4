import type { SelfServicePortal } from "@harbor/contract/widget";
import { type TranslationsDraft, toTranslations, translationsDraftFrom } from "./text-translations-draft";

/** The portal form of the Self Serve Portal page; links and questions save through their own calls. */
export type PortalDraft = {
  isActive: boolean;
  messages: {
    title: string;
    description: string;
    titleTranslations: TranslationsDraft;
    descriptionTranslations: TranslationsDraft;
  };
  aiSearch: {
    isActive: boolean;
    placeholder: string;
    placeholderTranslations: TranslationsDraft;
    activeSources: string[];
  };
};

export function portalDraftFrom(portal: SelfServicePortal): PortalDraft {
  return {
    isActive: portal.isActive,
    messages: {
      title: portal.messages.title,
      description: portal.messages.description,
      titleTranslations: translationsDraftFrom(portal.messages.titleTranslations),
      descriptionTranslations: translationsDraftFrom(portal.messages.descriptionTranslations),
    },
    aiSearch: {
      isActive: portal.aiSearch.isActive,
      placeholder: portal.aiSearch.placeholder,
      placeholderTranslations: translationsDraftFrom(portal.aiSearch.placeholderTranslations),
      activeSources: [...portal.aiSearch.activeSources],
    },
  };
}

/**
 * The selfServicePortal section to save. The server keeps its stored links, questions and
 * thumbnail whatever is sent, so the lists go empty rather than resending every question.
 */
export function toPortalSection(draft: PortalDraft, thumbnailURL: string | null): SelfServicePortal {
  return {
    isActive: draft.isActive,
    thumbnailURL,
    messages: {
      title: draft.messages.title.trim(),
      description: draft.messages.description.trim(),
      titleTranslations: toTranslations(draft.messages.titleTranslations),
      descriptionTranslations: toTranslations(draft.messages.descriptionTranslations),
    },
    aiSearch: {
      isActive: draft.aiSearch.isActive,
      placeholder: draft.aiSearch.placeholder.trim(),
      placeholderTranslations: toTranslations(draft.aiSearch.placeholderTranslations),
      activeSources: draft.aiSearch.activeSources,
    },
    customReplies: [],
    suggestedQuestions: [],
  };
}

export const portalInput = (draft: PortalDraft) => toPortalSection(draft, null);
