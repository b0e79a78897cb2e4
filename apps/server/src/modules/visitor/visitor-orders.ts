import type {
  CancellationReasonsRequest,
  ManageOrderGetRequest,
  RequestCancellationRequest,
} from "@harbor/contract/orders";
import { AppError } from "../../platform/errors";
import type { ManageOrder, OrderActionRow } from "../orders/orders.module";
import type { VisitorChatChanges } from "./visitor-chat-changes";
import type { VisitorLimiters } from "./visitor-limits";
import type { VisitorScope, VisitorScopes } from "./visitor-scope";

const VERIFIED_BY = { email: "e-mail", phone: "phone" } as const;

/**
 * The widget's order self-service calls for one visitor (spec part 2 §7, manage-order): each
 * counts against the visitor's allowance of events, the order is proven theirs by the orders
 * module, and a cancellation request shows in the chat, so staff see it in the inbox.
 */
export function createVisitorOrders(deps: {
  manageOrder: ManageOrder;
  scopes: VisitorScopes;
  changes: VisitorChatChanges;
  limiters: VisitorLimiters;
}) {
  async function takeAllowance(scope: VisitorScope) {
    if (!(await deps.limiters.eventsPerVisitor.take(`${scope.widgetId}:${scope.visitorId}`))) {
      throw new AppError("TOO_MANY_REQUESTS", "Too many requests. Please wait a moment.");
    }
  }
  const askerOf = (scope: VisitorScope) => ({
    companyId: scope.companyId,
    visitorId: scope.visitorId,
    portal: scope.settings.customerAccountPortal,
  });

  /** The request as a chat event: who, how verified, what, when, the shop's answer. */
  async function tellChat(scope: VisitorScope, chatId: string, action: OrderActionRow) {
    const chat = await deps.scopes.visitorChat(scope, chatId);
    const details = action.details as { reasonText?: string };
    const recorded = action.status === "recorded" ? "recorded on the order in Shopify" : "not recorded in Shopify";
    await deps.changes.storeEvent(scope, chat, {
      clientMessageId: `order-action:${action.id}`,
      messageType: "widget_event",
      eventType: "ORDER_CANCELLATION_REQUESTED",
      message: `Asked to cancel order ${action.orderName} (${details.reasonText ?? "no reason"}); verified by ${
        VERIFIED_BY[action.verifiedBy as keyof typeof VERIFIED_BY] ?? action.verifiedBy
      }; ${recorded}.`,
      messageData: {
        orderAction: {
          action: action.action,
          orderName: action.orderName,
          verifiedBy: action.verifiedBy,
          reason: details.reasonText ?? null,
          status: action.status,
          vendorAnswer: action.vendorAnswer,
          requestedAt: action.createdAt.toISOString(),
        },
      },
    });
  }

  return {
    async getOrder(scope: VisitorScope, request: ManageOrderGetRequest) {
      await takeAllowance(scope);
      return deps.manageOrder.getOrder(askerOf(scope), request);
    },

    async cancellationReasons(scope: VisitorScope, request: CancellationReasonsRequest) {
      await takeAllowance(scope);
      return deps.manageOrder.cancellationReasons(request.language ?? "en");
    },

    async requestCancellation(scope: VisitorScope, request: RequestCancellationRequest) {
      await takeAllowance(scope);
      // The chat must be this visitor's, checked before anything is done.
      const chatId = request.chatID ? (await deps.scopes.visitorChat(scope, request.chatID)).id : null;
      const { answer, action, isNew } = await deps.manageOrder.requestCancellation(
        { ...askerOf(scope), chatId },
        request,
      );
      if (isNew && chatId) await tellChat(scope, chatId, action);
      return answer;
    },
  };
}

export type VisitorOrders = ReturnType<typeof createVisitorOrders>;
