import type { SelfServicePortal } from "@harbor/contract/widget";

/** The portal form of the Self Serve Portal page; links and questions save through their own calls. */
export type PortalDraft = {
  isActive: boolean;
  messages: { title: string; description: string };
  aiSearch: { isActive: boolean; placeholder: string; activeSources: string[] };
};

export function portalDraftFrom(portal: SelfServicePortal): PortalDraft {
  return {
    isActive: portal.isActive,
    messages: { title: portal.messages.title, description: portal.messages.description },
    aiSearch: {
      isActive: portal.aiSearch.isActive,
      placeholder: portal.aiSearch.placeholder,
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
    messages: { title: draft.messages.title.trim(), description: draft.messages.description.trim() },
    aiSearch: {
      isActive: draft.aiSearch.isActive,
      placeholder: draft.aiSearch.placeholder.trim(),
      activeSources: draft.aiSearch.activeSources,
    },
    customReplies: [],
    suggestedQuestions: [],
  };
}

export const portalInput = (draft: PortalDraft) => toPortalSection(draft, null);
