import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type {
  CancellationReasonsRequest,
  ChangeAddressRequest,
  ChangeSubscriptionRequest,
  ListSubscriptionsRequest,
  ManageOrderGetRequest,
  ReportIssueRequest,
  RequestCancellationRequest,
  SendOrderCodeRequest,
  ShippingAddress,
} from "@harbor/contract/orders";
import { AppError } from "../../platform/errors";
import type { ChatsRepository } from "../chats/chats.module";
import {
  type AddressChangeResult,
  type IssueReportResult,
  type ManageOrder,
  type OrderActionRow,
  reasonInLanguage,
  rulesOf,
  type SubscriptionChangeResult,
} from "../orders/orders.module";
import { addressEventText } from "./address-event";
import { issueEventText } from "./issue-event";
import { subscriptionEventText } from "./subscription-event";
import type { VisitorChatChanges } from "./visitor-chat-changes";
import type { VisitorLimiters } from "./visitor-limits";
import type { VisitorScope, VisitorScopes } from "./visitor-scope";

/**
 * The chat's record of a cancellation request, in the visitor's language: they read it in their
 * chat, and staff read it beside the structured `orderAction` (whose reason is the shop's English).
 */
const EVENT_WORDING: Record<
  VisitorLanguage,
  {
    verifiedBy: Record<string, string>;
    recorded: string;
    notRecorded: string;
    noReason: string;
    sentence(order: string, reason: string, verifiedBy: string, recorded: string): string;
  }
> = {
  en: {
    verifiedBy: {
      email: "e-mail",
      phone: "phone",
      email_code: "a code sent by e-mail",
      phone_code: "a code sent by text message",
    },
    recorded: "recorded on the order in Shopify",
    notRecorded: "not recorded in Shopify",
    noReason: "no reason",
    sentence: (order, reason, by, recorded) =>
      `Asked to cancel order ${order} (${reason}); verified by ${by}; ${recorded}.`,
  },
  nl: {
    verifiedBy: {
      email: "e-mail",
      phone: "telefoon",
      email_code: "een per e-mail gestuurde code",
      phone_code: "een per sms gestuurde code",
    },
    recorded: "vastgelegd bij de bestelling in Shopify",
    notRecorded: "niet vastgelegd in Shopify",
    noReason: "geen reden",
    sentence: (order, reason, by, recorded) =>
      `Vroeg om bestelling ${order} te annuleren (${reason}); geverifieerd via ${by}; ${recorded}.`,
  },
  he: {
    verifiedBy: { email: "אימייל", phone: "טלפון", email_code: "קוד שנשלח באימייל", phone_code: "קוד שנשלח ב-SMS" },
    recorded: "נרשם בהזמנה ב-Shopify",
    notRecorded: "לא נרשם ב-Shopify",
    noReason: "ללא סיבה",
    sentence: (order, reason, by, recorded) =>
      `ביקש/ה לבטל את הזמנה ${order} (${reason}); אומת באמצעות ${by}; ${recorded}.`,
  },
};

/**
 * The widget's order self-service calls for one visitor (spec part 2 §7, manage-order): each
 * counts against the visitor's allowance of events, the order is proven theirs by the orders
 * module, and a cancellation request or an address change shows in the chat, so staff see it in the inbox.
 */
export function createVisitorOrders(deps: {
  manageOrder: ManageOrder;
  scopes: VisitorScopes;
  changes: VisitorChatChanges;
  limiters: VisitorLimiters;
  chats: Pick<ChatsRepository, "createChat" | "insertMessageOnce">;
  /** "No, I need help": the chat goes to a person (visitor.module's handOff, with the help-desk ticket). */
  handOff(scope: VisitorScope, chatId: string): Promise<void>;
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

  /**
   * Who acts on an order, with the chat the action is told in: the visitor's own chat (checked to
   * be theirs before anything is done), or, for a visitor who came from Home with none, one opened
   * for the action so staff find it in the inbox and the visitor in their chat.
   */
  async function actingVisitor(
    scope: VisitorScope,
    request: { chatID?: string | null; language?: VisitorLanguage | null },
  ) {
    const chatId = request.chatID ? (await deps.scopes.visitorChat(scope, request.chatID)).id : null;
    const language = request.language ?? scope.settings.language ?? "en";
    const openChat = async () =>
      (await deps.chats.createChat(scope.companyId, { visitorId: scope.visitorId, language })).id;
    return { asker: { ...askerOf(scope), chatId, openChat }, language };
  }

  /** The request as a chat event: who, how verified, what, when, the shop's answer. */
  async function tellChat(
    scope: VisitorScope,
    chatId: string,
    action: OrderActionRow,
    request: RequestCancellationRequest,
  ) {
    const chat = await deps.scopes.visitorChat(scope, chatId);
    const details = action.details as { reasonText?: string };
    const language = request.language ?? scope.settings.language ?? "en";
    const words = EVENT_WORDING[language];
    const rules = rulesOf(scope.settings.customerAccountPortal);
    const reason = reasonInLanguage(rules, request.reason, request.otherReason, language) ?? words.noReason;
    await deps.changes.storeEvent(scope, chat, {
      clientMessageId: `order-action:${action.id}`,
      messageType: "widget_event",
      eventType: "ORDER_CANCELLATION_REQUESTED",
      message: words.sentence(
        action.orderName,
        reason,
        words.verifiedBy[action.verifiedBy] ?? action.verifiedBy,
        action.status === "recorded" ? words.recorded : words.notRecorded,
      ),
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

  /** A subscription change as a chat event: who, how verified, what (from, to), when, Recharge's answer. */
  async function tellChatOfChange(scope: VisitorScope, result: SubscriptionChangeResult, language: VisitorLanguage) {
    const { action } = result;
    if (!action.chatId) return;
    const chat = await deps.scopes.visitorChat(scope, action.chatId);
    const details = action.details as {
      subscriptionId: number;
      productTitle: string;
      change: ChangeSubscriptionRequest["change"];
      from: string | null;
      to: string;
    };
    const refusal = "error" in result.outcome ? result.outcome.error.message : null;
    await deps.changes.storeEvent(scope, chat, {
      clientMessageId: `order-action:${action.id}`,
      messageType: "widget_event",
      eventType: "SUBSCRIPTION_CHANGED",
      message: subscriptionEventText(language, {
        productTitle: details.productTitle,
        change: details.change,
        from: details.from,
        orderName: action.orderName,
        verifiedBy: action.verifiedBy,
        refusal,
      }),
      messageData: {
        orderAction: {
          action: action.action,
          orderName: action.orderName,
          verifiedBy: action.verifiedBy,
          subscription: {
            id: details.subscriptionId,
            productTitle: details.productTitle,
            change: details.change.kind,
            from: details.from,
            to: details.to,
          },
          status: action.status,
          vendorAnswer: action.vendorAnswer,
          requestedAt: action.createdAt.toISOString(),
        },
      },
    });
  }

  /** An address change as a chat event: who, how verified, what (from, to), when, Shopify's answer. */
  async function tellChatOfAddress(scope: VisitorScope, result: AddressChangeResult, language: VisitorLanguage) {
    const { action } = result;
    if (!action.chatId) return;
    const chat = await deps.scopes.visitorChat(scope, action.chatId);
    const details = action.details as { from: ShippingAddress | null; to: ShippingAddress };
    const refusal = "error" in result.outcome ? result.outcome.error.message : null;
    await deps.changes.storeEvent(scope, chat, {
      clientMessageId: `order-action:${action.id}`,
      messageType: "widget_event",
      eventType: "ORDER_ADDRESS_CHANGED",
      message: addressEventText(language, {
        orderName: action.orderName,
        to: details.to,
        verifiedBy: action.verifiedBy,
        refusal,
      }),
      messageData: {
        orderAction: {
          action: action.action,
          orderName: action.orderName,
          verifiedBy: action.verifiedBy,
          address: { from: details.from, to: details.to },
          status: action.status,
          vendorAnswer: action.vendorAnswer,
          requestedAt: action.createdAt.toISOString(),
        },
      },
    });
  }

  /**
   * A reported Order Issue as a chat event (who, how verified, which issue, when), then what
   * follows it (decision 054): the shop's answer to the issue as a reply in the chat, under which
   * the widget asks "Did this resolve your question?"; or, with no answer written, the chat goes
   * to a person as "No, I need help" does. Each step is stored once, so a retry adds nothing.
   */
  async function tellChatOfIssue(scope: VisitorScope, result: IssueReportResult, language: VisitorLanguage) {
    const { action, answer } = result;
    if (!action.chatId) return;
    const chat = await deps.scopes.visitorChat(scope, action.chatId);
    const details = action.details as { issueID: string; question: string; parentQuestion: string | null };
    const event = await deps.changes.storeEvent(scope, chat, {
      clientMessageId: `order-action:${action.id}`,
      messageType: "widget_event",
      eventType: "ORDER_ISSUE_REPORTED",
      message: issueEventText(language, {
        orderName: action.orderName,
        question: details.question,
        parentQuestion: details.parentQuestion,
        verifiedBy: action.verifiedBy,
        isHandedOff: answer.isHandedOff,
      }),
      messageData: {
        orderAction: {
          action: action.action,
          orderName: action.orderName,
          verifiedBy: action.verifiedBy,
          issue: {
            id: details.issueID,
            question: details.question,
            parentQuestion: details.parentQuestion,
            outcome: answer.isHandedOff ? "handed_off" : "answered",
          },
          status: action.status,
          requestedAt: action.createdAt.toISOString(),
        },
      },
    });
    if (!event.isNew) return;
    if (answer.answer === null) {
      await deps.handOff(scope, chat.id);
      return;
    }
    const stored = await deps.chats.insertMessageOnce({
      companyId: scope.companyId,
      chatId: chat.id,
      clientMessageId: `order-issue-answer:${action.id}`,
      message: answer.answer,
      messageType: "answer",
      senderRole: "ai",
      messageData: {},
    });
    if (stored.isNew) await deps.changes.tellStaff(scope.companyId, chat.id, stored.row, stored.inbox);
  }

  return {
    /** An Order Issue reported once per client key, told in the chat with its answer or a handoff. */
    async reportIssue(scope: VisitorScope, request: ReportIssueRequest) {
      await takeAllowance(scope);
      const { asker, language } = await actingVisitor(scope, request);
      const result = await deps.manageOrder.orderIssues.report(asker, request);
      if (result.isNew) await tellChatOfIssue(scope, result, language);
      return result.answer;
    },

    /** A new shipping address, made once per client key and told in the chat; a refusal by Shopify is thrown after it is told. */
    async changeAddress(scope: VisitorScope, request: ChangeAddressRequest) {
      await takeAllowance(scope);
      const { asker, language } = await actingVisitor(scope, request);
      const result = await deps.manageOrder.addressChange.change(asker, request);
      if (result.isNew) await tellChatOfAddress(scope, result, language);
      if ("error" in result.outcome) throw result.outcome.error;
      return result.outcome.ok;
    },

    async listSubscriptions(scope: VisitorScope, request: ListSubscriptionsRequest) {
      await takeAllowance(scope);
      return deps.manageOrder.subscriptions.list(askerOf(scope), request);
    },

    /** A change to a subscription, made once per client key and told in the chat; a refusal is thrown after it is told. */
    async changeSubscription(scope: VisitorScope, request: ChangeSubscriptionRequest) {
      await takeAllowance(scope);
      const { asker, language } = await actingVisitor(scope, request);
      const result = await deps.manageOrder.subscriptions.change(asker, request);
      if (result.isNew) await tellChatOfChange(scope, result, language);
      if ("error" in result.outcome) throw result.outcome.error;
      return result.outcome.ok;
    },

    async sendCode(scope: VisitorScope, request: SendOrderCodeRequest) {
      await takeAllowance(scope);
      return deps.manageOrder.sendCode(askerOf(scope), request);
    },

    async getOrder(scope: VisitorScope, request: ManageOrderGetRequest) {
      await takeAllowance(scope);
      return deps.manageOrder.getOrder(askerOf(scope), request);
    },

    async cancellationReasons(scope: VisitorScope, request: CancellationReasonsRequest) {
      await takeAllowance(scope);
      return deps.manageOrder.cancellationReasons(scope.settings.customerAccountPortal, request.language ?? "en");
    },

    async requestCancellation(scope: VisitorScope, request: RequestCancellationRequest) {
      await takeAllowance(scope);
      // The chat must be this visitor's, checked before anything is done.
      const chatId = request.chatID ? (await deps.scopes.visitorChat(scope, request.chatID)).id : null;
      // A visitor who came from Home has no chat yet: one is opened for the request, so that staff
      // find it in the inbox and the visitor in their chat.
      const openChat = async () =>
        (
          await deps.chats.createChat(scope.companyId, {
            visitorId: scope.visitorId,
            language: request.language ?? scope.settings.language ?? undefined,
          })
        ).id;
      const { answer, action, isNew } = await deps.manageOrder.requestCancellation(
        { ...askerOf(scope), chatId, openChat },
        request,
      );
      if (isNew && action.chatId) await tellChat(scope, action.chatId, action, request);
      return answer;
    },
  };
}

export type VisitorOrders = ReturnType<typeof createVisitorOrders>;
