import { SHIPPING_ADDRESS_FIELDS } from "@harbor/contract/address-fields";
import type { ChangeAddressRequest, ChangeAddressResponse, ShippingAddress } from "@harbor/contract/orders";
import type { FastifyBaseLogger } from "fastify";
import { IntegrationError } from "../../integrations/integration-error";
import type { ShopifyMailingAddress, ShopifyOrder } from "../../integrations/shopify/shopify.client";
import { AppError } from "../../platform/errors";
import type { OrderAsker, OrderPortal } from "./manage-order.service";
import type { OrderActionRow, OrderActionsRepository } from "./order-actions.repository";
import type { OrderLookupService } from "./order-lookup.service";
import type { VerifiedOrder } from "./subscriptions.service";
import { refusedVendorAnswer } from "./vendor-refusal";

type VerifyOrder = (asker: OrderAsker, request: ChangeAddressRequest) => Promise<VerifiedOrder>;

/** What a change did, or the refusal the visitor is shown; `action` is new only the first time. */
export type AddressChangeResult = {
  action: OrderActionRow;
  isNew: boolean;
  outcome: { ok: ChangeAddressResponse } | { error: AppError };
};

const ADDRESS_FIELDS = SHIPPING_ADDRESS_FIELDS;

/** The order's address as the widget's form starts from it. */
export function toShippingAddress(address: ShopifyMailingAddress | null): ShippingAddress | null {
  if (!address) return null;
  return {
    firstName: address.firstName,
    lastName: address.lastName ?? "",
    address1: address.address1 ?? "",
    address2: address.address2,
    city: address.city ?? "",
    zip: address.zip ?? "",
    countryCode: address.countryCode ?? "",
    provinceCode: address.provinceCode,
    phone: address.phone,
  };
}

/** Compared field by field: the stored copy (jsonb) does not keep the keys' order. */
function isSameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  return ADDRESS_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));
}

/**
 * Why the address may not be changed, or null: the portal's Order Actions must allow it, and
 * nothing of the order may have left (unfulfilled, not cancelled), so the parcel still goes where
 * the visitor now says.
 */
export function addressChangeBlock(portal: OrderPortal, order: ShopifyOrder): AppError | null {
  if (!portal.allowAddressChange) {
    return new AppError(
      "FORBIDDEN",
      "This shop does not allow changing the shipping address here. Please ask in the chat.",
    );
  }
  if (order.cancelledAt) return new AppError("CONFLICT", "Not eligible: this order is cancelled.");
  const isShipped = order.fulfillments.some((fulfillment) => fulfillment.status !== "CANCELLED");
  if (isShipped || order.fulfillmentStatus !== "UNFULFILLED") {
    return new AppError("CONFLICT", "Not eligible: this order has already shipped.");
  }
  return null;
}

/** Shopify's answer as the visitor's refusal (the widget words each status in their language). */
function shopRefusal(error: unknown): AppError {
  if (error instanceof IntegrationError && error.kind === "invalid") {
    return new AppError(
      "UNPROCESSABLE",
      `The shop refused this address${error.vendorMessage ? `: ${error.vendorMessage}` : "."}`,
    );
  }
  if (error instanceof IntegrationError && error.kind === "rate_limited") {
    return new AppError("TOO_MANY_REQUESTS", "The shop is busy. Please try again in a minute.");
  }
  return new AppError("UNAVAILABLE", "The shop's order system is not answering. Please try again later.");
}

/**
 * A visitor's change of an order's shipping address (issue #17 items 3 and 9, decision 047). The
 * order is proven theirs as for showing it; the portal must allow the change and nothing may have
 * shipped. The client key is claimed in order_actions before Shopify is asked, so a retry finds
 * the first answer and the order is updated once; the change and Shopify's answer are kept for
 * the chat's record.
 */
export function createAddressChangeService(deps: {
  lookup: Pick<OrderLookupService, "shopClientFor">;
  verifyOrder: VerifyOrder;
  actions: OrderActionsRepository;
  log: Pick<FastifyBaseLogger, "warn">;
}) {
  function answerOf(row: OrderActionRow, isReplay: boolean): ChangeAddressResponse | AppError {
    const answer = row.vendorAnswer as { address?: ShippingAddress; refusal?: { status: number; message: string } };
    if (row.status === "recorded" && answer.address) {
      return {
        orderName: row.orderName,
        address: answer.address,
        requestedAt: row.createdAt.toISOString(),
        isReplay,
        chatID: row.chatId,
      };
    }
    if (row.status === "pending")
      return new AppError("CONFLICT", "This change is still being made. Please wait a moment.");
    const refusal = answer.refusal;
    const code =
      refusal?.status === 422 ? "UNPROCESSABLE" : refusal?.status === 429 ? "TOO_MANY_REQUESTS" : "UNAVAILABLE";
    return new AppError(code, refusal?.message ?? "The shop's order system is not answering. Please try again later.");
  }

  const resultOf = (action: OrderActionRow, isNew: boolean): AddressChangeResult => {
    const answer = answerOf(action, !isNew);
    return { action, isNew, outcome: answer instanceof AppError ? { error: answer } : { ok: answer } };
  };

  return {
    async change(
      asker: OrderAsker & { chatId: string | null; openChat?: () => Promise<string> },
      request: ChangeAddressRequest,
    ): Promise<AddressChangeResult> {
      const earlier = await deps.actions.findByClientKey(asker.companyId, request.clientKey);
      if (earlier) {
        const details = earlier.details as { to?: ShippingAddress };
        // Keys are the widget's own random ones: another visitor's key, or another change, is not a retry.
        const isSame =
          earlier.visitorId === asker.visitorId &&
          earlier.action === "shipping_address_change" &&
          details.to !== undefined &&
          isSameAddress(details.to, request.address);
        if (!isSame) throw new AppError("CONFLICT", "This request was already used.");
        return resultOf(earlier, false);
      }
      const { order, verifiedBy } = await deps.verifyOrder(asker, request);
      const block = addressChangeBlock(asker.portal, order);
      if (block) throw block;

      const chatId = asker.chatId ?? (asker.openChat ? await asker.openChat() : null);
      const claimed = await deps.actions.claim({
        companyId: asker.companyId,
        chatId,
        visitorId: asker.visitorId,
        clientKey: request.clientKey,
        action: "shipping_address_change",
        app: "shopify",
        orderName: order.name,
        vendorOrderId: order.id,
        verifiedBy,
        details: { from: toShippingAddress(order.shippingAddress), to: request.address },
      });
      // Two copies of one request at once: the second finds the first's claim and does nothing.
      if (!claimed.isNew) return resultOf(claimed.row, false);

      let status: "recorded" | "vendor_failed" = "recorded";
      let vendorAnswer: Record<string, unknown>;
      try {
        const client = await deps.lookup.shopClientFor(asker.companyId);
        if (!client) throw new Error("the shop was disconnected");
        const updated = await client.updateShippingAddress(order.id, request.address);
        vendorAnswer = { address: toShippingAddress(updated) ?? request.address };
      } catch (error) {
        const refusal = shopRefusal(error);
        deps.log.warn({ err: error, companyId: asker.companyId }, "Shopify did not change an order's shipping address");
        status = "vendor_failed";
        vendorAnswer = refusedVendorAnswer(refusal, error);
      }
      const finished =
        (await deps.actions.finish({ companyId: asker.companyId, id: claimed.row.id, status, vendorAnswer })) ??
        claimed.row;
      return resultOf(finished, true);
    },
  };
}

export type AddressChangeService = ReturnType<typeof createAddressChangeService>;
