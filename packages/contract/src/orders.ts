import { z } from "zod";
import { visitorLanguageSchema } from "./ai-agent";
import { emailSchema, idSchema } from "./common";
import { COUNTRY_REGIONS } from "./countries";

/*
 * Order self-service: the order card an AI answer carries in `messageData.order` (spec part 1 §3,
 * Order card), read by the widget and the inbox. Fulfillment `status` and `shipmentStatus` are the
 * shop's words in lower case (`success`, `open`, `cancelled`; `in_transit`, `out_for_delivery`,
 * `delivered`), which `fulfillment-display.ts` turns into the one status the card shows.
 */

const text = z.string().nullable();

/** Why an order may not be cancelled: cancelled or shipped already, or an Action Rules condition (decision 048). */
export const CANCELLATION_RULES = ["cancelled", "shipped", "too_old", "payment_status", "product"] as const;
export type CancellationRule = (typeof CANCELLATION_RULES)[number];

export const orderItemSchema = z.object({
  title: z.string(),
  variantTitle: text,
  imageSrc: text,
  quantity: z.number().int().positive(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderFulfillmentSchema = z.object({
  status: text,
  shipmentStatus: text,
  updatedAt: text,
  company: text,
  trackingNumber: text,
  trackingURL: text,
  items: z.array(orderItemSchema),
});
export type OrderFulfillment = z.infer<typeof orderFulfillmentSchema>;

export const orderCardSchema = z.object({
  order: z.object({
    /** `#1001` */
    name: z.string(),
    createdAt: text,
    /** The shop's payment status in lower case: `paid`, `partially_refunded`, … */
    financialStatus: text,
    /** Set when the order was cancelled. */
    cancelledAt: text,
  }),
  customer: z.object({ name: text, email: text }).nullable(),
  fulfillments: z.array(orderFulfillmentSchema),
  /** Items not shipped yet (and not refunded). */
  processingItems: z.array(orderItemSchema),
  refunds: z.array(z.object({ createdAt: text, products: z.array(orderItemSchema) })),
});
export type OrderCard = z.infer<typeof orderCardSchema>;

/*
 * The widget's order self-service calls (spec part 2 §7: /widget/manage-order/*). Every call
 * names the widget and carries the visitor token; the order is proven the visitor's by the
 * portal's authentication method (orderID: the order number with the e-mail or phone it was
 * placed with; email: the same with the e-mail and a code mailed to it, decision 040; phone: the
 * same with the phone and a code texted to it, decision 061).
 */

const visitorCall = {
  widgetID: z.string().trim().min(1).max(64),
  visitorToken: z.string().min(10).max(300),
};

/** The order and the contact it was placed with: an e-mail or a phone number (or both). */
const orderProof = {
  /** The chat the visitor is in, where staff then see what was done. */
  chatID: idSchema.nullish(),
  orderNumber: z
    .string({ error: "Order number is required" })
    .trim()
    .min(1, "Order number is required")
    .max(40, "Order number is too long"),
  email: emailSchema.optional(),
  phone: z
    .string()
    .trim()
    .max(40, "Phone number is too long")
    .regex(/^\+?[\d\s().-]{6,}$/, "Enter a valid phone number")
    .optional(),
  /** The code sent by send-code, when the portal verifies by e-mail or phone code (decisions 040, 061). */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code")
    .optional(),
};

const needsContact = (value: { email?: string; phone?: string }) => Boolean(value.email || value.phone);
const contactMessage = { message: "Enter the e-mail address or phone number you ordered with", path: ["email"] };

export const manageOrderGetRequestSchema = z
  .object({ ...visitorCall, ...orderProof })
  .refine(needsContact, contactMessage);
export type ManageOrderGetRequest = z.infer<typeof manageOrderGetRequestSchema>;

/** A return of the order in Loop (decision 045): Loop's state in lower case (`open`, `closed`, `cancelled`, `expired`, `review`). */
export const orderReturnSchema = z.object({ state: z.string(), createdAt: text, updatedAt: text });
export type OrderReturn = z.infer<typeof orderReturnSchema>;

const addressLine = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Keep this under ${max} characters`);
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/**
 * A shipping address as the visitor enters it and Shopify keeps it (MailingAddressInput's fields;
 * decision 047). The country is one of the widget's country list, by its ISO code.
 */
export const shippingAddressSchema = z.object({
  firstName: optionalLine(60),
  lastName: addressLine("Last name is required", 60),
  address1: addressLine("Address is required", 120),
  address2: optionalLine(120),
  city: addressLine("City is required", 80),
  zip: z
    .string({ error: "Postal code is required" })
    .trim()
    .min(1, "Postal code is required")
    .max(16, "Keep this under 16 characters")
    .regex(/^[\p{L}\p{N} -]+$/u, "Enter a valid postal code"),
  countryCode: z
    .string({ error: "Choose a country" })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_REGIONS.includes(code), "Choose a country"),
  /** Shopify's province code ("CA", "NH"); optional where a country has none. */
  provinceCode: optionalLine(40),
  phone: z
    .string()
    .trim()
    .max(40, "Phone number is too long")
    .regex(/^\+?[\d\s().-]{6,}$/, "Enter a valid phone number")
    .nullish()
    .or(z.literal(""))
    .transform((value) => value || null),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A shipping address as the server answers it (no transforms: answers are serialized, not parsed). */
export const shippingAddressViewSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  countryCode: z.string(),
  provinceCode: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

export const manageOrderGetResponseSchema = z.object({
  order: orderCardSchema,
  /** Whether a cancellation may be requested, and if not, why ("Not eligible"). */
  cancellation: z.object({
    isEligible: z.boolean(),
    reason: z.string().nullable(),
    /** The portal offers cancellations at all (absent from older servers: offered); off, none is shown. */
    isOffered: z.boolean().optional(),
    /** Which rule the order fails, for the widget to word in the visitor's language (decision 048). */
    rule: z.enum(CANCELLATION_RULES).nullable().optional(),
  }),
  /**
   * The customer's subscriptions may be shown and changed (the shop has an active Recharge
   * connection and the order was proven by its e-mail); absent from older servers.
   */
  hasSubscriptions: z.boolean().optional(),
  /**
   * Whether the shipping address may be changed (the portal allows it and nothing has shipped,
   * decision 047), and the address the order has now, to start the form from; absent from older
   * servers.
   */
  addressChange: z.object({ isAllowed: z.boolean(), address: shippingAddressViewSchema.nullable() }).optional(),
  /**
   * The order's returns in Loop: absent or null when Loop is not connected; `isAvailable` false
   * when Loop did not answer (the widget says so rather than "no returns").
   */
  returns: z.object({ isAvailable: z.boolean(), items: z.array(orderReturnSchema) }).nullish(),
  /**
   * The portal's Order Issues the visitor may report about this order (decision 054), in the
   * admin's order: a top-level issue with sub-issues is their heading, any other is picked itself.
   * Their answers stay on the server until one is reported. Absent from older servers, or none.
   */
  issues: z.array(z.object({ id: z.string(), question: z.string(), parentID: z.string().nullable() })).optional(),
});
export type ManageOrderGetResponse = z.infer<typeof manageOrderGetResponseSchema>;

/**
 * POST /api/widget/manage-order/send-code: a code for the order, mailed to the e-mail it was placed
 * with (portal method email) or texted to its phone (portal method phone, decision 061).
 */
export const sendOrderCodeRequestSchema = z
  .object({
    ...visitorCall,
    orderNumber: orderProof.orderNumber,
    email: orderProof.email,
    phone: orderProof.phone,
    /** The mail's or text's language. */
    language: visitorLanguageSchema.optional(),
  })
  .refine(needsContact, contactMessage);
export type SendOrderCodeRequest = z.infer<typeof sendOrderCodeRequestSchema>;

export const sendOrderCodeResponseSchema = z.object({ orderName: z.string(), expiresInMinutes: z.number() });
export type SendOrderCodeResponse = z.infer<typeof sendOrderCodeResponseSchema>;

export const cancellationReasonsRequestSchema = z.object({
  ...visitorCall,
  language: visitorLanguageSchema.optional(),
});
export type CancellationReasonsRequest = z.infer<typeof cancellationReasonsRequestSchema>;

/** The reason a request names when the shop asks for none (`askReason` off). */
export const NO_REASON = "none";

export const cancellationReasonsResponseSchema = z.object({
  /** Ask the visitor for a reason (the Action rules' reasons toggle). */
  askReason: z.boolean(),
  /** Offer "Other", with their own words (only when asking for a reason). */
  allowOther: z.boolean(),
  reasons: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type CancellationReasonsResponse = z.infer<typeof cancellationReasonsResponseSchema>;

export const requestCancellationRequestSchema = z
  .object({
    ...visitorCall,
    ...orderProof,
    /** A reason's id from get-cancellation-reasons, `other`, or `none` when no reason is asked. */
    reason: z.string().trim().min(1, "Choose a reason").max(64),
    otherReason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
    /** Made once per request by the widget: a retry with the same key never acts twice. */
    clientKey: z.string().trim().min(8).max(100),
    /** The visitor's language: the chat's record of the request is worded in it (decision 040). */
    language: visitorLanguageSchema.optional(),
  })
  .refine(needsContact, contactMessage)
  .refine((value) => value.reason !== "other" || Boolean(value.otherReason), {
    message: "Tell us the reason",
    path: ["otherReason"],
  });
export type RequestCancellationRequest = z.infer<typeof requestCancellationRequestSchema>;

export const requestCancellationResponseSchema = z.object({
  orderName: z.string(),
  /** `recorded`: the shop has the request on the order; `vendor_failed`: staff record it by hand. */
  status: z.enum(["recorded", "vendor_failed"]),
  requestedAt: z.string(),
  /** This key was used before: the first request's outcome, nothing done again. */
  isReplay: z.boolean(),
  /**
   * The chat that records the request: the one named, else a chat opened for it so that staff
   * see it in the inbox (decision 040); null on a replay of a request made without a chat.
   */
  chatID: idSchema.nullable(),
});
export type RequestCancellationResponse = z.infer<typeof requestCancellationResponseSchema>;

/**
 * A visitor's request about their order as the chat records it (`messageData.orderAction` on a
 * widget event): who asked is the chat's visitor; how they proved the order theirs, what they
 * asked, when, and what the shop answered.
 */
export const orderActionSchema = z.object({
  action: z.string(),
  orderName: z.string(),
  verifiedBy: z.string(),
  reason: z.string().nullish(),
  /** A subscription change (decision 045): which subscription, what changed, from what to what. */
  subscription: z
    .object({
      id: z.number(),
      productTitle: z.string(),
      change: z.enum(["next_charge_date", "frequency"]),
      from: z.string().nullable(),
      to: z.string(),
    })
    .optional(),
  /** A shipping-address change (decision 047): the address before (null when the order had none) and after. */
  address: z.object({ from: shippingAddressViewSchema.nullable(), to: shippingAddressViewSchema }).optional(),
  /**
   * An Order Issue the visitor reported (decision 054): which one (the admin's words, with its
   * parent's), and whether the shop's answer was shown or the chat went to a person.
   */
  issue: z
    .object({
      id: z.string(),
      question: z.string(),
      parentQuestion: z.string().nullable(),
      outcome: z.enum(["answered", "handed_off"]),
    })
    .optional(),
  /** `recorded` on the order in the shop, or `vendor_failed`. */
  status: z.string(),
  vendorAnswer: z.unknown().optional(),
  requestedAt: z.string(),
});
export type OrderAction = z.infer<typeof orderActionSchema>;

/*
 * The customer's Recharge subscriptions in the widget (issue #17 item 4, decision 045): listed
 * and changed with the same proof of an order as the calls above (its e-mail, and the mailed code
 * when the portal asks for one). Each change carries a client key: a retry finds the first answer.
 */

export const intervalUnitSchema = z.enum(["day", "week", "month"]);
export type IntervalUnit = z.infer<typeof intervalUnitSchema>;

/** A subscription as the widget shows it (Recharge's own field names, as `rechargeData` has them). */
export const widgetSubscriptionSchema = z.object({
  id: z.number(),
  product_title: z.string(),
  variant_title: text,
  quantity: z.number(),
  price: z.string(),
  presentment_currency: z.string(),
  /** `YYYY-MM-DD`, or null while paused. */
  next_charge_scheduled_at: text,
  order_interval_frequency: z.number(),
  order_interval_unit: intervalUnitSchema,
});
export type WidgetSubscription = z.infer<typeof widgetSubscriptionSchema>;

export const listSubscriptionsRequestSchema = manageOrderGetRequestSchema;
export type ListSubscriptionsRequest = z.infer<typeof listSubscriptionsRequestSchema>;

export const listSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(widgetSubscriptionSchema),
  /** Today where the shop is (`YYYY-MM-DD`): the earliest next charge date. */
  today: z.string(),
});
export type ListSubscriptionsResponse = z.infer<typeof listSubscriptionsResponseSchema>;

const calendarDate = z
  .string({ error: "Choose a date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date")
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, "Choose a date");

export const changeSubscriptionRequestSchema = z
  .object({
    ...visitorCall,
    ...orderProof,
    subscriptionID: z.number().int().positive(),
    change: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("next_charge_date"), date: calendarDate }),
      z.object({
        kind: z.literal("frequency"),
        frequency: z
          .number({ error: "Enter a whole number from 1 to 365" })
          .int("Enter a whole number from 1 to 365")
          .min(1, "Enter a whole number from 1 to 365")
          .max(365, "Enter a whole number from 1 to 365"),
        unit: intervalUnitSchema,
      }),
    ]),
    /** Made once per confirmed change by the widget: a retry with the same key never acts twice. */
    clientKey: z.string().trim().min(8).max(100),
    /** The visitor's language: the chat's record is worded in it. */
    language: visitorLanguageSchema.optional(),
  })
  .refine(needsContact, contactMessage);
export type ChangeSubscriptionRequest = z.infer<typeof changeSubscriptionRequestSchema>;

export const changeSubscriptionResponseSchema = z.object({
  /** The subscription as Recharge answered it after the change. */
  subscription: widgetSubscriptionSchema,
  requestedAt: z.string(),
  /** This key was used before: the first change's answer, Recharge not asked again. */
  isReplay: z.boolean(),
  /** The chat that records the change (the one named, else one opened for it). */
  chatID: idSchema.nullable(),
});
export type ChangeSubscriptionResponse = z.infer<typeof changeSubscriptionResponseSchema>;

/*
 * A shipping-address change (issue #17 items 3 and 9, decision 047): with the same proof of the
 * order as above, allowed while the portal allows it and nothing has shipped; made in Shopify once
 * per client key and recorded on the chat.
 */

export const changeAddressRequestSchema = z
  .object({
    ...visitorCall,
    ...orderProof,
    address: shippingAddressSchema,
    /** Made once per confirmed change by the widget: a retry with the same key never acts twice. */
    clientKey: z.string().trim().min(8).max(100),
    /** The visitor's language: the chat's record is worded in it. */
    language: visitorLanguageSchema.optional(),
  })
  .refine(needsContact, contactMessage);
export type ChangeAddressRequest = z.infer<typeof changeAddressRequestSchema>;
/** What the widget sends (optional address fields may be left out or empty). */
export type ChangeAddressInput = z.input<typeof changeAddressRequestSchema>;

export const changeAddressResponseSchema = z.object({
  orderName: z.string(),
  /** The address as Shopify answered it after the change. */
  address: shippingAddressViewSchema,
  requestedAt: z.string(),
  /** This key was used before: the first change's answer, Shopify not asked again. */
  isReplay: z.boolean(),
  /** The chat that records the change (the one named, else one opened for it). */
  chatID: idSchema.nullable(),
});
export type ChangeAddressResponse = z.infer<typeof changeAddressResponseSchema>;

/*
 * Reporting one of the portal's Order Issues about a proven order (issue #17, decision 054): the
 * report is recorded on the chat for staff; the shop's answer to that issue is shown, or, when it
 * has none, the chat goes to a person. Once per client key.
 */

export const reportIssueRequestSchema = z
  .object({
    ...visitorCall,
    ...orderProof,
    /** An issue's id from the order's `issues`: one without sub-issues. */
    issueID: z.string({ error: "Choose an issue" }).trim().min(1, "Choose an issue").max(64),
    /** Made once per report by the widget: a retry with the same key never reports twice. */
    clientKey: z.string().trim().min(8).max(100),
    /** The visitor's language: the chat's record is worded in it. */
    language: visitorLanguageSchema.optional(),
  })
  .refine(needsContact, contactMessage);
export type ReportIssueRequest = z.infer<typeof reportIssueRequestSchema>;

export const reportIssueResponseSchema = z.object({
  orderName: z.string(),
  issue: z.object({ id: z.string(), question: z.string() }),
  /** The shop's answer to this issue (its own words), or null: the chat went to a person. */
  answer: z.string().nullable(),
  isHandedOff: z.boolean(),
  reportedAt: z.string(),
  /** This key was used before: the first report's answer, nothing recorded again. */
  isReplay: z.boolean(),
  /** The chat that records the report (the one named, else one opened for it). */
  chatID: idSchema.nullable(),
});
export type ReportIssueResponse = z.infer<typeof reportIssueResponseSchema>;
