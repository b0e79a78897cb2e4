import { createHmac, randomInt } from "node:crypto";
import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type {
  ManageOrderGetRequest,
  ManageOrderGetResponse,
  OrderCard,
  RequestCancellationRequest,
  RequestCancellationResponse,
  SendOrderCodeRequest,
  SendOrderCodeResponse,
} from "@harbor/contract/orders";
import type { CustomerAccountPortal } from "@harbor/contract/widget";
import type { FastifyBaseLogger } from "fastify";
import type { ShopifyOrder } from "../../integrations/shopify/shopify.client";
import { safeEqual } from "../../platform/crypto";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import type { RateLimiter } from "../../platform/rate-limiter";
import type { SmsSender } from "../../platform/sms-sender";
import { addressChangeBlock, toShippingAddress } from "./address-change.service";
import { cancellationBlock } from "./cancellation-conditions";
import { cancellationReasons, reasonForStaff, rulesOf } from "./cancellation-reasons";
import type { OrderActionRow, OrderActionsRepository } from "./order-actions.repository";
import { toOrderCard } from "./order-card";
import { orderCodeMail } from "./order-code.mail";
import { orderCodeSms } from "./order-code.sms";
import type { OrderCodesRepository } from "./order-codes.repository";
import { orderPhoneToText } from "./order-identity";
import { issueOptions } from "./order-issues.service";
import type { OrderLookupService } from "./order-lookup.service";

/** The tag a cancellation request leaves on the order in Shopify, for the shop's staff. */
export const CANCELLATION_REQUEST_TAG = "harbor-cancellation-requested";

/** The widget's portal settings that decide how an order is proven the visitor's and what may be done with it. */
export type OrderPortal = Pick<
  CustomerAccountPortal,
  | "isActive"
  | "authentication"
  | "allowAddressChange"
  | "allowTracking"
  | "allowCancellation"
  | "cancellationRules"
  | "orderIssues"
>;

/** Who asks: the visitor of a widget (the visitor module resolves and checks the token). */
export type OrderAsker = { companyId: string; visitorId: string; portal: OrderPortal };

/** One-time codes, e-mailed (decision 040) or texted (decision 061): six digits, ten minutes, five wrong tries. */
export const ORDER_CODE_LENGTH = 6;
export const ORDER_CODE_TTL_MINUTES = 10;
export const ORDER_CODE_WRONG_TRIES = 5;

const notFound = () => new AppError("NOT_FOUND", "We couldn't find an order with these details.");

/** The portal's Order Actions "Allow order cancellations": absent is on (decision 048). */
const offersCancellation = (portal: OrderPortal) => portal.allowCancellation !== false;

const cancellationOff = () =>
  new AppError("FORBIDDEN", "This shop does not take cancellation requests here. Please ask in the chat.");

/** Order Actions "Allow order tracking" off: the shipments without their carrier and tracking links. */
function withoutTracking(card: OrderCard): OrderCard {
  return {
    ...card,
    fulfillments: card.fulfillments.map((fulfillment) => ({
      ...fulfillment,
      company: null,
      trackingNumber: null,
      trackingURL: null,
    })),
  };
}

/**
 * The widget's order self-service (spec part 2 §7): an order shown once proven the visitor's,
 * and a cancellation request that is recorded on the order for staff to review. Each request is
 * claimed by the widget's client key first, so a retry finds the first outcome and never acts
 * twice; what was done (who, how verified, what, when, the shop's answer) is kept in
 * order_actions and told in the chat.
 */
export function createManageOrderService(deps: {
  lookup: OrderLookupService;
  actions: OrderActionsRepository;
  codes: OrderCodesRepository;
  mailer: Pick<Mailer, "send">;
  /** Texts the phone codes: Twilio, or dev SMS. */
  smsSender: SmsSender;
  appSecret: string;
  /** Codes sent (mailed or texted) per visitor and order: a few an hour. */
  codeSends: RateLimiter;
  log: Pick<FastifyBaseLogger, "warn">;
  /** What else the order's screen shows from other apps (subscriptions offered, Loop returns). */
  orderExtras?: (
    companyId: string,
    found: { order: ShopifyOrder; verifiedBy: string },
  ) => Promise<Pick<ManageOrderGetResponse, "hasSubscriptions" | "returns">>;
}) {
  /**
   * The portal must be on. Its method says the proof: order number + e-mail or phone (orderID),
   * or order number + e-mail or phone + a code sent to it (email / phone OTP).
   */
  function checkPortal(portal: OrderPortal) {
    if (!portal.isActive) throw new AppError("FORBIDDEN", "Order tracking is switched off for this shop.");
  }

  /** With a code method, the contact the code goes to is the proof: the other one does not do. */
  function codeProof(asker: OrderAsker, request: { orderNumber: string; email?: string; phone?: string }) {
    if (asker.portal.authentication === "email") {
      if (!request.email) throw new AppError("BAD_REQUEST", "Enter the e-mail address you ordered with.");
      return { orderNumber: request.orderNumber, email: request.email };
    }
    if (!request.phone) throw new AppError("BAD_REQUEST", "Enter the phone number you ordered with.");
    return { orderNumber: request.orderNumber, phone: request.phone };
  }

  const usesCode = (portal: OrderPortal) => portal.authentication === "email" || portal.authentication === "phone";

  /** Keyed hash: a leaked row cannot be brute-forced back to the code without APP_SECRET. */
  const hashCode = (companyId: string, visitorId: string, orderName: string, code: string) =>
    createHmac("sha256", deps.appSecret).update(`${companyId}\n${visitorId}\n${orderName}\n${code}`).digest("hex");

  async function checkCode(asker: OrderAsker, orderName: string, code: string | undefined) {
    if (!code) {
      const to = asker.portal.authentication === "phone" ? "phone" : "e-mail";
      throw new AppError("BAD_REQUEST", `Enter the code we sent to your ${to}.`);
    }
    const where = { companyId: asker.companyId, visitorId: asker.visitorId, orderName };
    const live = await deps.codes.findLive({ ...where, maxWrongTries: ORDER_CODE_WRONG_TRIES });
    if (!live) throw new AppError("BAD_REQUEST", "This code is not valid or has expired. Please ask for a new code.");
    if (safeEqual(live.codeHash, hashCode(asker.companyId, asker.visitorId, orderName, code))) return;
    const spent = await deps.codes.countWrongTry(asker.companyId, live.id);
    const left = ORDER_CODE_WRONG_TRIES - spent;
    throw new AppError(
      "BAD_REQUEST",
      left > 0
        ? `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`
        : "Too many wrong tries. Please ask for a new code.",
    );
  }

  async function verifiedOrder(
    asker: OrderAsker,
    request: (ManageOrderGetRequest | RequestCancellationRequest) & { code?: string },
  ) {
    checkPortal(asker.portal);
    if (!usesCode(asker.portal)) return lookedUpOrder(asker, request);
    const found = await lookedUpOrder(asker, codeProof(asker, request));
    await checkCode(asker, found.order.name, request.code);
    return {
      ...found,
      verifiedBy: asker.portal.authentication === "phone" ? ("phone_code" as const) : ("email_code" as const),
    };
  }

  async function lookedUpOrder(asker: OrderAsker, request: { orderNumber: string; email?: string; phone?: string }) {
    const result = await deps.lookup.findVerified({
      companyId: asker.companyId,
      askerKey: `visitor:${asker.visitorId}`,
      reference: {
        number: request.orderNumber,
        email: request.email ?? null,
        phone: request.phone ?? null,
      },
    });
    switch (result.kind) {
      case "found":
        return result;
      case "not_found":
        throw notFound();
      case "locked":
        throw new AppError("TOO_MANY_REQUESTS", "Too many attempts. Please try again later or ask for a person.");
      case "not_connected":
        throw new AppError("NOT_FOUND", "Order tracking is not available for this shop.");
      case "unavailable":
        throw new AppError("UNAVAILABLE", "The shop's order system is not answering. Please try again later.");
    }
  }

  /** Twilio's refusal (a number it cannot text, its limits) is the visitor's "try later", not a 500. */
  async function sendText(sms: Parameters<SmsSender["send"]>[0]) {
    try {
      await deps.smsSender.send(sms);
    } catch (error) {
      deps.log.warn({ err: error }, "texting an order code failed");
      throw new AppError(
        "UNAVAILABLE",
        "We couldn't send the text message. Please try again later or ask in the chat.",
      );
    }
  }

  function answerOf(row: OrderActionRow, isReplay: boolean): RequestCancellationResponse {
    return {
      orderName: row.orderName,
      // A replay that finds the first request still being sent reports it as not yet recorded.
      status: row.status === "recorded" ? "recorded" : "vendor_failed",
      requestedAt: row.createdAt.toISOString(),
      isReplay,
      chatID: row.chatId,
    };
  }

  return {
    /**
     * Sends a code for the order to the contact it was placed with: mailed to its e-mail (the
     * portal's e-mail OTP) or texted to its phone (phone OTP). The order is looked up as for
     * showing it, so a wrong address or number answers as an unknown order, sends nothing and
     * counts as a miss; a code is only ever sent to the order's own e-mail or phone.
     */
    async sendCode(asker: OrderAsker, request: SendOrderCodeRequest): Promise<SendOrderCodeResponse> {
      checkPortal(asker.portal);
      if (!usesCode(asker.portal)) {
        throw new AppError("BAD_REQUEST", "This shop does not verify orders with a one-time code.");
      }
      const proof = codeProof(asker, request);
      const { order } = await lookedUpOrder(asker, proof);
      // The order's own number in international form; the visitor's typing is never texted.
      const phone = proof.phone === undefined ? null : orderPhoneToText(order, proof.phone);
      if (proof.phone !== undefined && phone === null) {
        throw new AppError("FORBIDDEN", "We can't text a code to this order's phone number. Please ask in the chat.");
      }
      if (!(await deps.codeSends.take(`${asker.companyId}:${asker.visitorId}:${order.name}`))) {
        throw new AppError("TOO_MANY_REQUESTS", "Too many codes were asked for. Please try again later.");
      }
      const code = String(randomInt(10 ** ORDER_CODE_LENGTH)).padStart(ORDER_CODE_LENGTH, "0");
      await deps.codes.replace({
        companyId: asker.companyId,
        visitorId: asker.visitorId,
        orderName: order.name,
        codeHash: hashCode(asker.companyId, asker.visitorId, order.name, code),
        expiresAt: new Date(Date.now() + ORDER_CODE_TTL_MINUTES * 60_000),
      });
      const language: VisitorLanguage = request.language ?? "en";
      const message = { code, orderName: order.name, language, minutes: ORDER_CODE_TTL_MINUTES };
      if (phone !== null) {
        await sendText(orderCodeSms({ to: phone, ...message }));
      } else {
        await deps.mailer.send(orderCodeMail({ to: proof.email as string, ...message }));
      }
      return { orderName: order.name, expiresInMinutes: ORDER_CODE_TTL_MINUTES };
    },

    /** The reasons to offer, by the portal's Action Rules; none when cancellations are off. */
    cancellationReasons(portal: OrderPortal, language: VisitorLanguage) {
      checkPortal(portal);
      if (!offersCancellation(portal)) throw cancellationOff();
      return cancellationReasons(rulesOf(portal), language);
    },

    /** The order proven the visitor's, and how (for the calls of other apps about its customer). */
    verifyOrder: verifiedOrder,

    async getOrder(asker: OrderAsker, request: ManageOrderGetRequest): Promise<ManageOrderGetResponse> {
      const found = await verifiedOrder(asker, request);
      const isOffered = offersCancellation(asker.portal);
      const block = isOffered ? cancellationBlock(rulesOf(asker.portal).conditions, found.order, new Date()) : null;
      const extras = deps.orderExtras ? await deps.orderExtras(asker.companyId, found) : {};
      const card = toOrderCard(found.order);
      return {
        order: asker.portal.allowTracking === false ? withoutTracking(card) : card,
        cancellation: {
          isEligible: isOffered && block === null,
          reason: isOffered ? (block?.message ?? null) : cancellationOff().message,
          isOffered,
          rule: block?.rule ?? null,
        },
        addressChange: {
          isAllowed: addressChangeBlock(asker.portal, found.order) === null,
          address: toShippingAddress(found.order.shippingAddress),
        },
        issues: issueOptions(asker.portal),
        ...extras,
      };
    },

    /**
     * The request, recorded once per client key; `action` is new only the first time. Without a
     * chat, `openChat` gives one once the request is known to go ahead (a refused request leaves
     * no empty chat behind).
     */
    async requestCancellation(
      asker: OrderAsker & { chatId: string | null; openChat?: () => Promise<string> },
      request: RequestCancellationRequest,
    ): Promise<{ answer: RequestCancellationResponse; action: OrderActionRow; isNew: boolean }> {
      const earlier = await deps.actions.findByClientKey(asker.companyId, request.clientKey);
      if (earlier) {
        // Keys are the widget's own random ones: another visitor's key is not theirs to replay.
        if (earlier.visitorId !== asker.visitorId) throw new AppError("CONFLICT", "This request was already used.");
        return { answer: answerOf(earlier, true), action: earlier, isNew: false };
      }
      checkPortal(asker.portal);
      if (!offersCancellation(asker.portal)) throw cancellationOff();
      const rules = rulesOf(asker.portal);
      const reason = reasonForStaff(rules, request.reason, request.otherReason);
      if (!reason) throw new AppError("BAD_REQUEST", "Choose one of the reasons offered.");
      const { order, verifiedBy } = await verifiedOrder(asker, request);
      const block = cancellationBlock(rules.conditions, order, new Date());
      if (block) throw new AppError("CONFLICT", block.message);

      const chatId = asker.chatId ?? (asker.openChat ? await asker.openChat() : null);
      const claimed = await deps.actions.claim({
        companyId: asker.companyId,
        chatId,
        visitorId: asker.visitorId,
        clientKey: request.clientKey,
        action: "cancellation_request",
        app: "shopify",
        orderName: order.name,
        vendorOrderId: order.id,
        verifiedBy,
        details: { reason: request.reason, reasonText: reason },
      });
      // Two copies of one request at once: the second finds the first's claim and does nothing.
      if (!claimed.isNew) return { answer: answerOf(claimed.row, true), action: claimed.row, isNew: false };

      let status: "recorded" | "vendor_failed" = "recorded";
      let vendorAnswer: Record<string, unknown> = { tagsAdded: [CANCELLATION_REQUEST_TAG] };
      try {
        const client = await deps.lookup.shopClientFor(asker.companyId);
        if (!client) throw new Error("the shop was disconnected");
        await client.addOrderTags(order.id, [CANCELLATION_REQUEST_TAG]);
      } catch (error) {
        deps.log.warn(
          { err: error, companyId: asker.companyId },
          "recording a cancellation request in the shop failed",
        );
        status = "vendor_failed";
        vendorAnswer = { error: error instanceof Error ? error.message : String(error) };
      }
      const finished =
        (await deps.actions.finish({ companyId: asker.companyId, id: claimed.row.id, status, vendorAnswer })) ??
        claimed.row;
      return { answer: answerOf(finished, false), action: finished, isNew: true };
    },
  };
}

export type ManageOrderService = ReturnType<typeof createManageOrderService>;
