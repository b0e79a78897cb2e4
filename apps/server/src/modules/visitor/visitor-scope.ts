import type { VisitorChat } from "@harbor/contract/widget";
import type { StoredWidgetSettings } from "../../db/schema/widgets";
import { AppError } from "../../platform/errors";
import { type ChatMessageRow, type ChatRow, isVisibleToVisitor, toVisitorMessage } from "../chats/chats.module";
import type { WidgetRepository } from "../widget-settings/widget-settings.module";
import type { VisitorRepository } from "./visitor.repository";
import type { VisitorTokens } from "./visitor-tokens";

/** Who is asking: a visitor of one widget of one company (from the token the server issued). */
export type VisitorScope = {
  companyId: string;
  widgetId: string;
  visitorId: string;
  settings: StoredWidgetSettings;
  /** Where the call came from (the client's IP, as the proxy settings judge it): per-address limits count it. */
  clientAddress: string;
};

export const widgetNotFound = () => new AppError("NOT_FOUND", "This chat widget does not exist.");
export const widgetSwitchedOff = () => new AppError("FORBIDDEN", "This chat widget is switched off.");
/** A 401: the widget answers it by asking POST /api/widget/get for a new token, without troubling the visitor. */
const sessionExpired = () => new AppError("UNAUTHORIZED", "Your chat session has expired. Please restart the chat.");
const chatNotFound = () => new AppError("NOT_FOUND", "This chat does not exist.");

/**
 * A visitor reaches only their own chats of a widget that is switched on: every visitor call
 * starts here, from the widget id and the token, and every chat is looked up within that scope.
 */
export function createVisitorScopes(deps: {
  widgets: WidgetRepository;
  tokens: VisitorTokens;
  visitors: VisitorRepository;
}) {
  async function widgetScope(widgetId: string) {
    const widget = await deps.widgets.findByWidgetId(widgetId);
    if (!widget) throw widgetNotFound();
    if (!widget.settings.isActive) throw widgetSwitchedOff();
    return widget;
  }

  return {
    widgetScope,

    async resolveScope(options: {
      widgetId: string;
      visitorToken: string;
      clientAddress: string;
    }): Promise<VisitorScope> {
      const widget = await widgetScope(options.widgetId);
      const visitorId = deps.tokens.verify(widget.widgetId, options.visitorToken);
      if (!visitorId) throw sessionExpired();
      return {
        companyId: widget.companyId,
        widgetId: widget.widgetId,
        visitorId,
        settings: widget.settings,
        clientAddress: options.clientAddress,
      };
    },

    /**
     * The socket's scope with the widget's settings as they are now: a socket lives for the whole
     * visit, so each event reads them again (from memory: widget-cache.ts), and a saved setting
     * reaches the visitor's next question at once. A widget switched off since refuses the event.
     */
    async current(scope: VisitorScope): Promise<VisitorScope> {
      const widget = await widgetScope(scope.widgetId);
      return widget.settings === scope.settings ? scope : { ...scope, settings: widget.settings };
    },

    async visitorChat(scope: VisitorScope, chatId: string) {
      const chat = await deps.visitors.findVisitorChat(scope.companyId, scope.visitorId, chatId);
      if (!chat) throw chatNotFound();
      return chat;
    },
  };
}

export type VisitorScopes = ReturnType<typeof createVisitorScopes>;

/** A chat as the widget shows it: no staff notes, no staff-only data. */
export function toVisitorChat(chat: ChatRow, messages: ChatMessageRow[]): VisitorChat {
  return {
    chatID: chat.id,
    ticketID: chat.ticketId,
    status: chat.status as VisitorChat["status"],
    resolved: chat.resolved,
    isCompleted: chat.completedAt !== null,
    preChatCompleted: chat.customer.preChatCompleted === true,
    messages: messages.filter(isVisibleToVisitor).map(toVisitorMessage),
  };
}
