import type {
  ChangeSubscriptionRequest,
  ChangeSubscriptionResponse,
  ListSubscriptionsRequest,
  ListSubscriptionsResponse,
  OrderReturn,
  WidgetSubscription,
} from "@harbor/contract/orders";
import type { FastifyBaseLogger } from "fastify";
import { IntegrationError } from "../../integrations/integration-error";
import type { RechargeClient, RechargeSubscription } from "../../integrations/recharge/recharge.client";
import type { ShopifyOrder } from "../../integrations/shopify/shopify.client";
import { AppError } from "../../platform/errors";
import type { OrderAsker } from "./manage-order.service";
import type { OrderActionRow, OrderActionsRepository } from "./order-actions.repository";
import type { SubscriptionApps } from "./subscription-apps";
import { refusedVendorAnswer } from "./vendor-refusal";

/** How the order was proven the visitor's (manage-order.service's verifiedOrder). */
export type VerifiedOrder = { order: ShopifyOrder; verifiedBy: "email" | "phone" | "email_code" | "phone_code" };
type VerifyOrder = (asker: OrderAsker, request: ListSubscriptionsRequest) => Promise<VerifiedOrder>;

export type SubscriptionChange = ChangeSubscriptionRequest["change"];
/** What a change did, or the refusal the visitor is shown; `action` is new only the first time. */
export type SubscriptionChangeResult = {
  action: OrderActionRow;
  isNew: boolean;
  outcome: { ok: ChangeSubscriptionResponse } | { error: AppError };
};

const ACTION_OF = { next_charge_date: "subscription_next_charge_date", frequency: "subscription_frequency" } as const;

const notConnected = () => new AppError("NOT_FOUND", "Subscriptions are not available for this shop.");
const unknownSubscription = () => new AppError("NOT_FOUND", "We couldn't find this subscription.");

/** A subscription as the widget shows it. */
export function toWidgetSubscription(subscription: RechargeSubscription): WidgetSubscription {
  return {
    id: subscription.id,
    product_title: subscription.product_title,
    variant_title: subscription.variant_title ?? null,
    quantity: subscription.quantity,
    price: subscription.price,
    presentment_currency: subscription.presentment_currency ?? "USD",
    next_charge_scheduled_at: subscription.next_charge_scheduled_at?.slice(0, 10) ?? null,
    order_interval_frequency: subscription.order_interval_frequency,
    order_interval_unit: subscription.order_interval_unit,
  };
}

/** A vendor's failure as the visitor's refusal (the widget words each status in their language). */
export function subscriptionRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof RangeError) return new AppError("BAD_REQUEST", error.message);
  if (!(error instanceof IntegrationError)) throw error;
  switch (error.kind) {
    case "invalid":
      return new AppError(
        "UNPROCESSABLE",
        `The subscription app refused this change${error.vendorMessage ? `: ${error.vendorMessage}` : "."}`,
      );
    case "not_found":
      return unknownSubscription();
    case "rate_limited":
      return new AppError("TOO_MANY_REQUESTS", "The subscription app is busy. Please try again in a minute.");
    default:
      return new AppError("UNAVAILABLE", "The subscription app is not answering. Please try again later.");
  }
}

/** Compared field by field: the stored copy (jsonb) does not keep the keys' order. */
function isSameChange(a: SubscriptionChange, b: SubscriptionChange): boolean {
  if (a.kind === "next_charge_date") return b.kind === "next_charge_date" && a.date === b.date;
  return b.kind === "frequency" && a.frequency === b.frequency && a.unit === b.unit;
}

/** Words for a change, kept on the record for staff: "2026-12-01", "2 weeks". */
function describeChange(change: SubscriptionChange): string {
  return change.kind === "next_charge_date"
    ? change.date
    : `${change.frequency} ${change.unit}${change.frequency === 1 ? "" : "s"}`;
}

function describeCurrent(subscription: RechargeSubscription, change: SubscriptionChange): string | null {
  if (change.kind === "next_charge_date") return subscription.next_charge_scheduled_at?.slice(0, 10) ?? null;
  const n = subscription.order_interval_frequency;
  return `${n} ${subscription.order_interval_unit}${n === 1 ? "" : "s"}`;
}

/**
 * The customer's Recharge subscriptions in the widget (issue #17 items 4 and 9, decision 045).
 * The visitor proves an order as for showing it, with its e-mail (a phone proves the order, not
 * the mailbox Recharge knows the customer by); the subscriptions are those of the Recharge
 * customers with that e-mail. A change is claimed by its client key first, so a retry finds the
 * first answer and Recharge is asked once; what was done, and Recharge's answer, is kept in
 * order_actions for the chat's record.
 */
export function createSubscriptionsService(deps: {
  apps: SubscriptionApps;
  verifyOrder: VerifyOrder;
  actions: OrderActionsRepository;
  log: Pick<FastifyBaseLogger, "warn">;
}) {
  async function provenCustomer(asker: OrderAsker, request: ListSubscriptionsRequest) {
    const verified = await deps.verifyOrder(asker, request);
    // A phone (or a code texted to it) proves the order, not whose e-mail the subscriptions are under.
    if (verified.verifiedBy === "phone" || verified.verifiedBy === "phone_code" || !request.email) {
      throw new AppError("FORBIDDEN", "To manage subscriptions, find your order with the e-mail address you used.");
    }
    const client = await deps.apps.rechargeFor(asker.companyId);
    if (!client) throw notConnected();
    return { ...verified, client, email: request.email };
  }

  async function activeSubscriptions(client: RechargeClient, email: string): Promise<RechargeSubscription[]> {
    const found: RechargeSubscription[] = [];
    for (const customer of await client.findCustomersByEmail(email)) {
      for await (const page of client.iterateSubscriptions({ customerId: customer.id, status: "active" })) {
        found.push(...page);
      }
    }
    return found;
  }

  function answerOf(row: OrderActionRow, isReplay: boolean): ChangeSubscriptionResponse | AppError {
    const answer = row.vendorAnswer as {
      subscription?: WidgetSubscription;
      refusal?: { status: number; message: string };
    };
    if (row.status === "recorded" && answer.subscription) {
      return {
        subscription: answer.subscription,
        requestedAt: row.createdAt.toISOString(),
        isReplay,
        chatID: row.chatId,
      };
    }
    if (row.status === "pending")
      return new AppError("CONFLICT", "This change is still being made. Please wait a moment.");
    const refusal = answer.refusal;
    const code =
      refusal?.status === 422
        ? "UNPROCESSABLE"
        : refusal?.status === 429
          ? "TOO_MANY_REQUESTS"
          : refusal?.status === 404
            ? "NOT_FOUND"
            : "UNAVAILABLE";
    return new AppError(code, refusal?.message ?? "The subscription app is not answering. Please try again later.");
  }

  /** The first request with this key: its answer again, or a refusal when the key is not theirs or was for another change. */
  function replayOf(earlier: OrderActionRow, asker: OrderAsker, request: ChangeSubscriptionRequest) {
    const details = earlier.details as { subscriptionId?: number; change?: SubscriptionChange };
    const isSame =
      earlier.visitorId === asker.visitorId &&
      details.subscriptionId === request.subscriptionID &&
      details.change !== undefined &&
      isSameChange(details.change, request.change);
    // Keys are the widget's own random ones: another visitor's key, or another change, is not a retry.
    if (!isSame) throw new AppError("CONFLICT", "This request was already used.");
    const answer = answerOf(earlier, true);
    return { action: earlier, isNew: false, outcome: answer instanceof AppError ? { error: answer } : { ok: answer } };
  }

  return {
    /** Whether the widget may offer subscriptions for an order proven this way. */
    async isOffered(companyId: string, verifiedBy: string): Promise<boolean> {
      if (verifiedBy === "phone" || verifiedBy === "phone_code") return false;
      return (await deps.apps.rechargeFor(companyId)) !== null;
    },

    /** The order's returns in Loop; null when Loop is not connected. */
    async returnsOf(
      companyId: string,
      orderName: string,
    ): Promise<{ isAvailable: boolean; items: OrderReturn[] } | null> {
      const loop = await deps.apps.loopFor(companyId);
      if (!loop) return null;
      try {
        const returns = await loop.returnsForOrder(orderName);
        return {
          isAvailable: true,
          items: returns.map((item) => ({
            state: item.state.toLowerCase(),
            createdAt: item.created_at,
            updatedAt: item.updated_at ?? null,
          })),
        };
      } catch (error) {
        if (!(error instanceof IntegrationError)) throw error;
        deps.log.warn({ err: error, companyId }, "Loop did not answer for an order's returns");
        return { isAvailable: false, items: [] };
      }
    },

    async list(asker: OrderAsker, request: ListSubscriptionsRequest): Promise<ListSubscriptionsResponse> {
      const { client, email } = await provenCustomer(asker, request);
      try {
        const subscriptions = await activeSubscriptions(client, email);
        return {
          subscriptions: subscriptions.map(toWidgetSubscription),
          today: await deps.apps.shopToday(asker.companyId),
        };
      } catch (error) {
        throw subscriptionRefusal(error);
      }
    },

    /**
     * One change, done once per client key. Refusals before Recharge is asked (identity, a date
     * before today, a subscription not theirs) are thrown and leave no record; once Recharge is
     * asked, its answer (done or refused) is recorded, returned, and told in the chat.
     */
    async change(
      asker: OrderAsker & { chatId: string | null; openChat?: () => Promise<string> },
      request: ChangeSubscriptionRequest,
    ): Promise<SubscriptionChangeResult> {
      const earlier = await deps.actions.findByClientKey(asker.companyId, request.clientKey);
      if (earlier) return replayOf(earlier, asker, request);

      const { order, verifiedBy, client } = await provenCustomer(asker, request);
      const { change } = request;
      if (change.kind === "next_charge_date") {
        const today = await deps.apps.shopToday(asker.companyId);
        if (change.date < today) throw new AppError("BAD_REQUEST", "Choose today or a later date.");
      }
      let current: RechargeSubscription | undefined;
      try {
        current = (await activeSubscriptions(client, request.email ?? "")).find(
          (item) => item.id === request.subscriptionID,
        );
      } catch (error) {
        throw subscriptionRefusal(error);
      }
      if (!current) throw unknownSubscription();

      const chatId = asker.chatId ?? (asker.openChat ? await asker.openChat() : null);
      const claimed = await deps.actions.claim({
        companyId: asker.companyId,
        chatId,
        visitorId: asker.visitorId,
        clientKey: request.clientKey,
        action: ACTION_OF[change.kind],
        app: "recharge",
        orderName: order.name,
        vendorOrderId: order.id,
        verifiedBy,
        details: {
          subscriptionId: current.id,
          productTitle: current.product_title,
          change,
          from: describeCurrent(current, change),
          to: describeChange(change),
        },
      });
      // Two copies of one request at once: the second finds the first's claim and does nothing.
      if (!claimed.isNew) return replayOf(claimed.row, asker, request);

      let status: "recorded" | "vendor_failed" = "recorded";
      let vendorAnswer: Record<string, unknown>;
      let refusal: AppError | null = null;
      try {
        const updated =
          change.kind === "next_charge_date"
            ? await client.setNextChargeDate(current.id, change.date)
            : await client.updateFrequency(current.id, {
                orderIntervalFrequency: change.frequency,
                orderIntervalUnit: change.unit,
              });
        vendorAnswer = { subscription: toWidgetSubscription(updated) };
      } catch (error) {
        refusal = subscriptionRefusal(error);
        deps.log.warn({ err: error, companyId: asker.companyId }, "Recharge did not make a subscription change");
        status = "vendor_failed";
        vendorAnswer = refusedVendorAnswer(refusal, error);
      }
      const finished =
        (await deps.actions.finish({ companyId: asker.companyId, id: claimed.row.id, status, vendorAnswer })) ??
        claimed.row;
      const answer = answerOf(finished, false);
      return {
        action: finished,
        isNew: true,
        outcome: answer instanceof AppError ? { error: answer } : { ok: answer },
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
