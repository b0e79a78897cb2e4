import { randomUUID } from "node:crypto";
import {
  type AvailableHours,
  PORTAL_LINKS_MAX,
  type PortalLink,
  type PortalLinkSaveRequest,
  type SuggestedQuestionMove,
  type SuggestedQuestionSaveRequest,
  type WidgetImageFlag,
  type WidgetSettings,
} from "@harbor/contract/widget";
import { defaultWidgetSettings } from "@harbor/contract/widget-defaults";
import type { StoredWidgetSettings } from "../../db/schema/index";
import { AppError } from "../../platform/errors";
import { type FileStore, storeSmallFile } from "../../platform/files/file-store";
import type { CompanyAuth } from "../../platform/session";
import type { AiAgentRepository } from "../ai-agent/ai-agent.module";
import type { KnowledgeRepository } from "../knowledge/knowledge.module";
import type { ShopifyWidget } from "./shopify-widget";
import { deleteSuggestedQuestion, moveSuggestedQuestion, saveSuggestedQuestion } from "./suggested-question-tree";
import type { WidgetPictureStore, WidgetRepository, WidgetRow } from "./widget.repository";

export type WidgetPicture = { flag: WidgetImageFlag; contentType: string; bytes: Buffer };

/** The settings of one save: any sections, each whole. */
export type WidgetSections = Partial<StoredWidgetSettings>;

const FILE_ID_PATTERN = /\/api\/files\/([0-9a-f-]{36})$/;

/** Where each picture's URL lives in the settings. */
const pictureFields: Record<
  WidgetImageFlag,
  {
    read: (settings: StoredWidgetSettings) => string | null;
    write: (settings: StoredWidgetSettings, url: string | null) => void;
  }
> = {
  customIconAdded: {
    read: (settings) => settings.button.customIconURL,
    write: (settings, url) => {
      settings.button.customIconURL = url;
    },
  },
  agentImageAdded: {
    read: (settings) => settings.handoff.channels.agent.humanAgent.profilePictureURL,
    write: (settings, url) => {
      settings.handoff.channels.agent.humanAgent.profilePictureURL = url;
    },
  },
  selfServiceIconAdded: {
    read: (settings) => settings.selfServicePortal.thumbnailURL,
    write: (settings, url) => {
      settings.selfServicePortal.thumbnailURL = url;
    },
  },
};

/**
 * Sections as sent, except what the server owns: picture URLs (set from uploads) and the portal's
 * links and questions (saved by their own calls) stay as stored.
 */
function mergeSections(current: StoredWidgetSettings, sections: WidgetSections): StoredWidgetSettings {
  const next: StoredWidgetSettings = structuredClone({ ...current, ...sections });
  if (sections.button) next.button.customIconURL = current.button.customIconURL;
  if (sections.handoff) {
    next.handoff.channels.agent.humanAgent.profilePictureURL =
      current.handoff.channels.agent.humanAgent.profilePictureURL;
  }
  if (sections.selfServicePortal) {
    next.selfServicePortal.thumbnailURL = current.selfServicePortal.thumbnailURL;
    next.selfServicePortal.customReplies = current.selfServicePortal.customReplies;
    next.selfServicePortal.suggestedQuestions = current.selfServicePortal.suggestedQuestions;
  }
  return next;
}

/** Admin side of the chat widget (spec part 2 §2.3, §7 "Widget settings"); every call is the company's own. */
export function createWidgetSettingsService(deps: {
  widgets: WidgetRepository;
  customReplies: Pick<AiAgentRepository, "listCustomReplies">;
  sources: Pick<KnowledgeRepository, "listSources">;
  publicUrl: string;
  /** Saved switched off: the visitors still connected are told and let go (the visitor module). */
  onSwitchedOff(widgetId: string): void;
  fileStore: FileStore;
  /** The shop's script tag for the widget ("Enable widget on Shopify"). */
  shopifyWidget: ShopifyWidget;
}) {
  const { widgets } = deps;

  // Absolute, because the widget shows the pictures on the shop's own pages.
  const fileUrl = (fileId: string) => `${deps.publicUrl}/api/files/${fileId}`;

  /** A row written by an older version gets defaults for sections it lacks. */
  const toWidgetSettings = (row: WidgetRow): WidgetSettings => ({
    ...defaultWidgetSettings(),
    ...row.settings,
    widgetID: row.widgetId,
  });

  async function update(
    auth: CompanyAuth,
    change: (current: StoredWidgetSettings, pictures: WidgetPictureStore) => Promise<StoredWidgetSettings>,
  ): Promise<WidgetSettings> {
    await widgets.findOrCreate(auth.companyId);
    const saved = await widgets.updateSettings(auth.companyId, (current, pictures) =>
      change({ ...defaultWidgetSettings(), ...current }, pictures),
    );
    // Any save that leaves it off, not only the one that turned it off: no visitor stays behind.
    if (!saved.settings.isActive) deps.onSwitchedOff(saved.widgetId);
    return toWidgetSettings(saved);
  }

  async function checkSources(auth: CompanyAuth, sourceIds: readonly string[]) {
    if (sourceIds.length === 0) return;
    const own = new Set((await deps.sources.listSources(auth.companyId)).map(({ source }) => source.id));
    if (!sourceIds.every((id) => own.has(id))) {
      throw new AppError(
        "BAD_REQUEST",
        "selfServicePortal.aiSearch.activeSources: Choose sources of your knowledge base",
      );
    }
  }

  async function checkCustomReply(auth: CompanyAuth, customReplyId: string) {
    const replies = await deps.customReplies.listCustomReplies(auth.companyId);
    if (!replies.some((reply) => reply.id === customReplyId)) {
      throw new AppError("BAD_REQUEST", "customReplyID: Choose one of your custom replies");
    }
  }

  return {
    async get(auth: CompanyAuth): Promise<WidgetSettings> {
      return toWidgetSettings(await widgets.findOrCreate(auth.companyId));
    },

    /** Saves the sections sent (others stay) and at most one new picture, all or nothing. */
    async save(
      auth: CompanyAuth,
      input: { sections: WidgetSections; picture?: WidgetPicture; removedPicture?: WidgetImageFlag },
    ) {
      const { sections, picture, removedPicture } = input;
      if (sections.selfServicePortal) await checkSources(auth, sections.selfServicePortal.aiSearch.activeSources);
      // The bytes go to the file store first; the transaction records them (or they are swept).
      const storedPicture = picture && {
        id: await storeSmallFile(deps.fileStore, picture.bytes),
        contentType: picture.contentType,
        byteSize: picture.bytes.length,
      };
      return update(auth, async (current, pictures) => {
        const next = mergeSections(current, sections);
        if (picture && storedPicture) {
          const field = pictureFields[picture.flag];
          const previousId = field.read(current)?.match(FILE_ID_PATTERN)?.[1];
          field.write(next, fileUrl(await pictures.store(storedPicture)));
          if (previousId) await pictures.remove(previousId);
        }
        if (removedPicture) {
          const field = pictureFields[removedPicture];
          const previousId = field.read(current)?.match(FILE_ID_PATTERN)?.[1];
          field.write(next, null);
          if (previousId) await pictures.remove(previousId);
        }
        return next;
      });
    },

    async saveActiveHours(auth: CompanyAuth, availableHours: AvailableHours) {
      return update(auth, async (current) => ({ ...current, availableHours }));
    },

    /** A portal link that starts one of the company's custom replies: added at the end, or changed in place. */
    async savePortalLink(auth: CompanyAuth, request: PortalLinkSaveRequest) {
      await checkCustomReply(auth, request.customReplyID);
      return update(auth, async (current) => {
        const links = current.selfServicePortal.customReplies;
        const { replyID, ...fields } = request;
        let next: PortalLink[];
        if (replyID) {
          if (!links.some((link) => link._id === replyID)) {
            throw new AppError("NOT_FOUND", "This custom reply link no longer exists.");
          }
          next = links.map((link) => (link._id === replyID ? { _id: replyID, ...fields } : link));
        } else {
          if (links.length >= PORTAL_LINKS_MAX) {
            throw new AppError("CONFLICT", `A portal can have at most ${PORTAL_LINKS_MAX} custom reply links.`);
          }
          next = [...links, { _id: randomUUID(), ...fields }];
        }
        return { ...current, selfServicePortal: { ...current.selfServicePortal, customReplies: next } };
      });
    },

    async deletePortalLink(auth: CompanyAuth, replyId: string) {
      return update(auth, async (current) => {
        const links = current.selfServicePortal.customReplies;
        if (!links.some((link) => link._id === replyId)) {
          throw new AppError("NOT_FOUND", "This custom reply link no longer exists.");
        }
        const customReplies = links.filter((link) => link._id !== replyId);
        return { ...current, selfServicePortal: { ...current.selfServicePortal, customReplies } };
      });
    },

    async saveSuggestedQuestion(auth: CompanyAuth, request: SuggestedQuestionSaveRequest) {
      if (request.customReplyID) await checkCustomReply(auth, request.customReplyID);
      return update(auth, async (current) => {
        const questions = current.selfServicePortal.suggestedQuestions;
        const suggestedQuestions = saveSuggestedQuestion({ questions, request, newId: randomUUID() });
        return { ...current, selfServicePortal: { ...current.selfServicePortal, suggestedQuestions } };
      });
    },

    async moveSuggestedQuestion(auth: CompanyAuth, move: SuggestedQuestionMove) {
      return update(auth, async (current) => {
        const questions = current.selfServicePortal.suggestedQuestions;
        const suggestedQuestions = moveSuggestedQuestion({ questions, move });
        return { ...current, selfServicePortal: { ...current.selfServicePortal, suggestedQuestions } };
      });
    },

    async deleteSuggestedQuestion(auth: CompanyAuth, questionId: string) {
      return update(auth, async (current) => {
        const questions = current.selfServicePortal.suggestedQuestions;
        const suggestedQuestions = deleteSuggestedQuestion({ questions, questionId });
        return { ...current, selfServicePortal: { ...current.selfServicePortal, suggestedQuestions } };
      });
    },

    /** Whether the shop's Online Store loads the widget through a script tag (shopify-widget.ts). */
    async shopifyWidgetState(auth: CompanyAuth) {
      const widget = await widgets.findOrCreate(auth.companyId);
      return deps.shopifyWidget.state(auth.companyId, widget.widgetId);
    },

    /** "Enable widget on Shopify": the script tag added when there is none, else removed. */
    async toggleShopifyWidget(auth: CompanyAuth) {
      const widget = await widgets.findOrCreate(auth.companyId);
      return deps.shopifyWidget.toggle(auth.companyId, widget.widgetId);
    },
  };
}

export type WidgetSettingsService = ReturnType<typeof createWidgetSettingsService>;
