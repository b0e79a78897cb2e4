import { z } from "zod";
import { referenceSchema, visitorLanguageSchema } from "./ai-agent";
import { idSchema } from "./common";
import { VISITOR_MESSAGE_MAX } from "./constants";
import { visitorMessageDataSchema } from "./message-data";
import { publicTextTranslationsSchema, textTranslationsSchema } from "./text-translations";
import { TAWK_ID, ZENDESK_KEY } from "./widget-frame";

/**
 * The chat widget's settings (spec part 2 §3 "Widget", §5, §9) and the visitor-side REST calls
 * (part 2 §7 "Visitor widget"). Realtime events are in realtime.ts.
 */

export const DEFAULT_BRAND_COLOR = "#4e45dd";
/** The spec's default bubble text colour is an invalid short white; we store a valid one. */
export const DEFAULT_BUBBLE_TEXT_COLOR = "#ffffff";
export const OPENING_MESSAGES_MAX = 10;
export const OPENING_MESSAGE_MAX = 500;
export const WIDGET_TEXT_MAX = 500;
export const WIDGET_TITLE_MAX = 120;
export const SUGGESTED_QUESTIONS_MAX = 100;
export const PORTAL_LINKS_MAX = 50;
export const TIME_SLOTS_PER_DAY_MAX = 12;
const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Enter a colour like #4e45dd");

/**
 * A colour, or empty: an empty colour falls back to the brand default (spec part 2 §9) where it
 * is used (`colorOrDefault`). No transform here, so the schema also serializes responses.
 */
const colorSchema = z.union([hexColorSchema, z.literal("")]);

export const colorOrDefault = (color: string) => color || DEFAULT_BRAND_COLOR;

const bubbleColorsSchema = z.object({ backgroundColor: colorSchema, textColor: colorSchema });

export const widgetThemeSchema = z.object({
  brand: z.object({ brandColor: colorSchema }),
  chatBubble: z.object({ customer: bubbleColorsSchema, aiAgent: bubbleColorsSchema }),
});
export type WidgetTheme = z.infer<typeof widgetThemeSchema>;

/** Offsets in pixels from the page's edges; null = not set (the launcher sits bottom right by default). */
const offsetSchema = z.number().int().min(0).max(2000).nullable();

export const widgetButtonSchema = z.object({
  /** Set by the server from an uploaded icon (flag customIconAdded); null = the default icon. */
  customIconURL: z.string().nullable(),
  size: z.enum(["normal", "small"], { error: "Button size is required" }),
  show: z.boolean(),
  zIndex: z.number({ error: "Z index is required" }).int().min(0).max(2_147_483_647),
  position: z.object({ top: offsetSchema, left: offsetSchema, bottom: offsetSchema, right: offsetSchema }),
});
export type WidgetButton = z.infer<typeof widgetButtonSchema>;

export const widgetNotificationsSchema = z.object({ enableSound: z.boolean(), enableWelcomeMessage: z.boolean() });

export const ticketAppSchema = z.enum(["email", "zendesk"]);
export const agentAppSchema = z.enum(["shopify-inbox", "tawk", "whatsapp", "gorgias", "zendesk", "zendesk-classic"]);
export const ticketStatusSchema = z.enum(["new", "open", "pending", "solved"]);

export const weekDaySchema = z.enum(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
export type WeekDay = z.infer<typeof weekDaySchema>;
export const WEEK_DAYS = weekDaySchema.options;

const hhmmSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "Times are HH:mm");

/**
 * A slot in UTC. `endTime` ≤ `startTime` means it runs past midnight into the next UTC day
 * ("00:00" as an end is midnight). The dashboard shows and edits slots in the user's local time
 * and converts them (moving a slot to a neighbouring day when the offset crosses midnight).
 */
export const timeSlotSchema = z.object({ startTime: hhmmSchema, endTime: hhmmSchema });
export type TimeSlot = z.infer<typeof timeSlotSchema>;

export const availableDaySchema = z.object({
  day: weekDaySchema,
  isActive: z.boolean(),
  timeSlots: z.array(timeSlotSchema).max(TIME_SLOTS_PER_DAY_MAX),
});
export type AvailableDay = z.infer<typeof availableDaySchema>;

/** Monday–Friday on by default (spec part 2 §4); an active day keeps at least one slot. */
export const weeklyScheduleSchema = z
  .array(availableDaySchema)
  .length(7)
  .superRefine((days, ctx) => {
    days.forEach((day, index) => {
      if (day.isActive && day.timeSlots.length === 0) {
        ctx.addIssue({ code: "custom", path: [index, "timeSlots"], message: "Add at least one time slot" });
      }
    });
    if (new Set(days.map((day) => day.day)).size !== 7) {
      ctx.addIssue({ code: "custom", message: "Each day of the week appears once" });
    }
  });

export const availableHoursSchema = z.object({
  isActive: z.boolean(),
  availableDays: weeklyScheduleSchema,
  /** While the widget is outside its hours, still show the agent handoff option. */
  showHandoff: z.boolean(),
});
export type AvailableHours = z.infer<typeof availableHoursSchema>;

/** A shop text's versions per visitor language (decision 057): each as long as the text may be. */
const translationsOfText = (max: number) =>
  textTranslationsSchema(z.string().trim().max(max, `A text can be at most ${max} characters`)).optional();

const optionalEmail = z.union([z.email({ error: "Enter a valid e-mail address" }), z.literal("")]);

export const handoffSchema = z
  .object({
    channels: z.object({
      ticket: z.object({
        isActive: z.boolean(),
        handoffMessage: z.string().trim().max(WIDGET_TEXT_MAX),
        handoffMessageTranslations: translationsOfText(WIDGET_TEXT_MAX),
        appType: ticketAppSchema.nullable(),
        attributes: z.array(z.object({ notificationEmail: optionalEmail })).max(1),
      }),
      agent: z.object({
        isActive: z.boolean(),
        appType: agentAppSchema.nullable(),
        /**
         * WhatsApp number in international form, digits only after an optional +. For the apps that
         * live on the shop's page (decision 067): Tawk's "propertyID/widgetID" (its embed address's
         * path) and Zendesk Classic's web widget key (its snippet's `key`); absent or empty = not set.
         */
        attributes: z
          .array(
            z.object({
              whatsapp: z.string().trim().max(20),
              tawk: z.string().trim().max(80).optional(),
              zendeskKey: z.string().trim().max(80).optional(),
            }),
          )
          .max(1),
        humanAgent: z.object({
          showAvailability: z.boolean(),
          /** Set by the server from an uploaded picture (flag agentImageAdded). */
          profilePictureURL: z.string().nullable(),
          responseTime: z.string().trim().max(WIDGET_TITLE_MAX),
          availabilityMessage: z.string().trim().max(WIDGET_TEXT_MAX),
          availableDays: z.array(availableDaySchema).length(7),
        }),
      }),
    }),
    ticketStatus: z.object({ chatHistory: ticketStatusSchema.nullable() }),
  })
  .superRefine((handoff, ctx) => {
    const { ticket, agent } = handoff.channels;
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (ticket.isActive) {
      if (!ticket.handoffMessage) issue(["channels", "ticket", "handoffMessage"], "Handoff message is required");
      if (!ticket.appType) issue(["channels", "ticket", "appType"], "Ticket app is required");
      if (ticket.appType === "email" && !ticket.attributes[0]?.notificationEmail) {
        issue(["channels", "ticket", "attributes", 0, "notificationEmail"], "Notification e-mail is required");
      }
    }
    if (agent.isActive) {
      if (!agent.appType) issue(["channels", "agent", "appType"], "Agent app is required");
      if (agent.appType === "whatsapp" && !/^\+?\d{6,15}$/.test(agent.attributes[0]?.whatsapp ?? "")) {
        issue(["channels", "agent", "attributes", 0, "whatsapp"], "Enter the WhatsApp number with its country code");
      }
      const { tawk, zendeskKey } = agent.attributes[0] ?? {};
      if (tawk && !TAWK_ID.test(tawk)) {
        issue(
          ["channels", "agent", "attributes", 0, "tawk"],
          "Enter Tawk's property and widget id, like 5f1e…/1abc2def",
        );
      }
      if (zendeskKey && !ZENDESK_KEY.test(zendeskKey)) {
        issue(["channels", "agent", "attributes", 0, "zendeskKey"], "Enter the web widget key from Zendesk's snippet");
      }
      const human = agent.humanAgent;
      if (human.showAvailability) {
        if (!human.responseTime) issue(["channels", "agent", "humanAgent", "responseTime"], "Reply time is required");
        if (!human.availabilityMessage) {
          issue(["channels", "agent", "humanAgent", "availabilityMessage"], "Availability message is required");
        }
        if (!human.availableDays.some((day) => day.isActive && day.timeSlots.length > 0)) {
          issue(["channels", "agent", "humanAgent", "availableDays"], "Schedule is required");
        }
      }
    }
    const usesZendesk = [ticket.appType, agent.appType].some((app) => app === "zendesk" || app === "zendesk-classic");
    if (ticket.isActive && ticket.appType === "zendesk" && !handoff.ticketStatus.chatHistory) {
      issue(["ticketStatus", "chatHistory"], "Ticket status is required");
    } else if (usesZendesk && (ticket.isActive || agent.isActive) && !handoff.ticketStatus.chatHistory) {
      issue(["ticketStatus", "chatHistory"], "Ticket status is required");
    }
  });
export type Handoff = z.infer<typeof handoffSchema>;

/** A portal link that starts a custom reply (spec part 2 §3): every field required. */
export const portalLinkSchema = z.object({
  _id: idSchema,
  icon: z.string().trim().min(1, "Icon is required").max(60),
  title: z.string().trim().min(1, "Title is required").max(WIDGET_TITLE_MAX),
  description: z.string().trim().min(1, "Description is required").max(WIDGET_TEXT_MAX),
  customReplyID: idSchema,
});
export type PortalLink = z.infer<typeof portalLinkSchema>;

/**
 * A suggested question: a two-level tree where `category` is the parent's question text (null at
 * the top). Its answer is the chat messages the widget shows, at least one.
 */
export const suggestedQuestionSchema = z.object({
  _id: idSchema,
  question: z.string().trim().min(1, "Title is required").max(WIDGET_TITLE_MAX),
  category: z.string().trim().max(WIDGET_TITLE_MAX).nullable(),
  answer: z
    .array(z.string().trim().min(1, "Message is required").max(WIDGET_TEXT_MAX))
    .min(1, "Add at least one message"),
  /**
   * A custom reply of the company that a click on this question runs instead of showing the
   * answer (absent or null: the answer is shown). A reply that cannot run (deleted, switched off)
   * has the question's text answered by the AI, as a typed question would be.
   */
  customReplyID: idSchema.nullable().optional(),
});
export type SuggestedQuestion = z.infer<typeof suggestedQuestionSchema>;

export const selfServicePortalSchema = z
  .object({
    isActive: z.boolean(),
    /** Set by the server from an uploaded icon (flag selfServiceIconAdded). */
    thumbnailURL: z.string().nullable(),
    messages: z.object({
      title: z.string().trim().min(1, "Title is required").max(WIDGET_TITLE_MAX),
      description: z.string().trim().min(1, "Subtitle is required").max(WIDGET_TEXT_MAX),
      titleTranslations: translationsOfText(WIDGET_TITLE_MAX),
      descriptionTranslations: translationsOfText(WIDGET_TEXT_MAX),
    }),
    aiSearch: z.object({
      isActive: z.boolean(),
      placeholder: z.string().trim().max(WIDGET_TITLE_MAX),
      placeholderTranslations: translationsOfText(WIDGET_TITLE_MAX),
      activeSources: z.array(idSchema).max(100),
    }),
    /** Saved through their own calls; the save of this section keeps what is stored. */
    customReplies: z.array(portalLinkSchema).max(PORTAL_LINKS_MAX),
    suggestedQuestions: z.array(suggestedQuestionSchema).max(SUGGESTED_QUESTIONS_MAX),
  })
  .superRefine((portal, ctx) => {
    if (!portal.aiSearch.isActive) return;
    if (!portal.aiSearch.placeholder) {
      ctx.addIssue({ code: "custom", path: ["aiSearch", "placeholder"], message: "Search bar text is required" });
    }
    if (portal.aiSearch.activeSources.length === 0) {
      ctx.addIssue({ code: "custom", path: ["aiSearch", "activeSources"], message: "Choose at least one source" });
    }
  });
export type SelfServicePortal = z.infer<typeof selfServicePortalSchema>;

export const CANCELLATION_REASONS_MAX = 20;
export const CANCELLATION_REASON_MAX = 120;
export const ORDER_AGE_DAYS_MAX = 365;
export const EXCLUDED_SKUS_MAX = 50;

/**
 * Shopify's payment statuses a cancellation condition can name (the order's `financialStatus`);
 * the Action Rules condition "payment status is one of" (decision 048).
 */
export const CANCELLABLE_PAYMENT_STATUSES = ["PENDING", "AUTHORIZED", "PARTIALLY_PAID", "PAID"] as const;
export type CancellablePaymentStatus = (typeof CANCELLABLE_PAYMENT_STATUSES)[number];

/** A reason the visitor picks when asking to cancel; `_id` is what the request names. */
export const cancellationReasonSchema = z.object({
  _id: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,64}$/, "A reason's id is lower-case letters, digits, - or _")
    .refine((id) => id !== "other" && id !== "none", "The ids other and none are kept for Other and no reason"),
  text: z.string().trim().min(1, "Reason text is required").max(CANCELLATION_REASON_MAX),
});
export type CancellationReason = z.infer<typeof cancellationReasonSchema>;

/**
 * The conditions an order must meet for a cancellation request (decision 048): only what the
 * order Harbor reads from Shopify can tell. Nothing shipped and not cancelled always holds.
 */
export const cancellationConditionsSchema = z.object({
  /** Order: placed at most this many days ago; null = any age. */
  maxOrderAgeDays: z.number().int().min(1, "At least 1 day").max(ORDER_AGE_DAYS_MAX).nullable(),
  /** Order: the payment status is one of these; empty = any. */
  paymentStatuses: z.array(z.enum(CANCELLABLE_PAYMENT_STATUSES)).max(CANCELLABLE_PAYMENT_STATUSES.length),
  /** Product: no line item has one of these SKUs (e.g. made-to-order goods). */
  excludedSkus: z.array(z.string().trim().min(1).max(100)).max(EXCLUDED_SKUS_MAX),
});
export type CancellationConditions = z.infer<typeof cancellationConditionsSchema>;

/** The Action Rules of "Allow order cancellations" (spec part 2 §3), saved for real (decision 048). */
export const cancellationRulesSchema = z
  .object({
    /** Ask the visitor for a reason. */
    askReason: z.boolean(),
    /** Offer "Other", in the visitor's own words (only when asking for a reason). */
    allowOther: z.boolean(),
    reasons: z.array(cancellationReasonSchema).max(CANCELLATION_REASONS_MAX),
    conditions: cancellationConditionsSchema,
  })
  .superRefine((rules, ctx) => {
    if (rules.askReason && rules.reasons.length === 0 && !rules.allowOther) {
      ctx.addIssue({ code: "custom", path: ["reasons"], message: "Add a reason or offer Other" });
    }
    if (new Set(rules.reasons.map((reason) => reason._id)).size !== rules.reasons.length) {
      ctx.addIssue({ code: "custom", path: ["reasons"], message: "Each reason appears once" });
    }
  });
export type CancellationRules = z.infer<typeof cancellationRulesSchema>;

/**
 * The rules a portal has until its admin saves some (decision 036's reasons, in English here; the
 * server words a reason kept as it is in the visitor's language).
 */
export const DEFAULT_CANCELLATION_RULES: CancellationRules = {
  askReason: true,
  allowOther: true,
  reasons: [
    { _id: "ordered_by_mistake", text: "I ordered by mistake" },
    { _id: "wrong_item", text: "I ordered the wrong size or item" },
    { _id: "found_cheaper", text: "I found it cheaper elsewhere" },
    { _id: "too_slow", text: "Delivery takes too long" },
    { _id: "changed_mind", text: "I changed my mind" },
  ],
  conditions: { maxOrderAgeDays: null, paymentStatuses: [], excludedSkus: [] },
};

export const ORDER_ISSUES_MAX = 100;

/**
 * An Order Issue (spec part 2 §3): an issue or question a customer managing an order picks from,
 * two levels deep as the portal's suggested questions; `category` is the parent's `_id` (null at
 * the top) and the answer is optional.
 */
export const orderIssueSchema = z.object({
  _id: idSchema,
  question: z.string().trim().min(1, "Title is required").max(WIDGET_TITLE_MAX),
  category: idSchema.nullable(),
  answer: z.string().trim().max(WIDGET_TEXT_MAX),
});
export type OrderIssue = z.infer<typeof orderIssueSchema>;

/** A parent is a top-level issue of the list; ids are unique. */
export const orderIssuesSchema = z
  .array(orderIssueSchema)
  .max(ORDER_ISSUES_MAX)
  .superRefine((issues, ctx) => {
    const topLevel = new Set(issues.filter((issue) => issue.category === null).map((issue) => issue._id));
    if (new Set(issues.map((issue) => issue._id)).size !== issues.length) {
      ctx.addIssue({ code: "custom", message: "Each issue appears once" });
    }
    issues.forEach((issue, index) => {
      if (issue.category !== null && !topLevel.has(issue.category)) {
        ctx.addIssue({ code: "custom", path: [index, "category"], message: "The category is not a top-level issue" });
      }
    });
  });

export const customerAccountPortalSchema = z.object({
  isActive: z.boolean(),
  authentication: z.enum(["orderID", "email", "phone"], { error: "Authentication method is required" }),
  /**
   * Order Actions "Allow shipping address to be changed" (spec part 2 §2.3): a visitor may change
   * the shipping address of an order not yet shipped (decision 047). Absent (settings saved before
   * it) is off: a write to the shop is something the merchant turns on.
   */
  allowAddressChange: z.boolean().optional(),
  /**
   * Order Actions "Allow order tracking": the order's shipments carry their carrier and tracking
   * links (decision 048). Absent is on, as before the setting existed.
   */
  allowTracking: z.boolean().optional(),
  /** Order Actions "Allow order cancellations": absent is on, as before the setting existed. */
  allowCancellation: z.boolean().optional(),
  /** Absent: the default reasons in the visitor's language, Other offered, no conditions. */
  cancellationRules: cancellationRulesSchema.optional(),
  /** Order Issues, in their order (parents before or after their children alike); absent = none. */
  orderIssues: orderIssuesSchema.optional(),
});
export type CustomerAccountPortal = z.infer<typeof customerAccountPortalSchema>;

/** What the widget may know of the portal: not the merchant's rules, which the server applies. */
export const publicCustomerAccountPortalSchema = customerAccountPortalSchema.pick({
  isActive: true,
  authentication: true,
  allowAddressChange: true,
  allowTracking: true,
  allowCancellation: true,
});

const openingMessageSchema = z
  .string()
  .trim()
  .max(OPENING_MESSAGE_MAX, `A message can be at most ${OPENING_MESSAGE_MAX} characters`);
export const openingMessagesSchema = z.array(openingMessageSchema).min(1).max(OPENING_MESSAGES_MAX);

/**
 * An opening message written for the visitors who read one language (not in the spec: a shop
 * selling in three languages greets each visitor in theirs). A visitor whose widget speaks a
 * language with one here sees it instead of `openingMessages`; any other visitor, and every
 * language left empty, sees `openingMessages`. Absent (settings saved before it) is none.
 */
export const openingMessageTranslationsSchema = textTranslationsSchema(openingMessageSchema);
export type OpeningMessageTranslations = z.infer<typeof openingMessageTranslationsSchema>;

/** Every section of the widget, as GET /api/widget-settings/ answers it. */
export const widgetSettingsSchema = z.object({
  widgetID: z.string(),
  isActive: z.boolean(),
  /** The widget's language; null = the visitor's browser language (en, nl or he, else en). */
  language: visitorLanguageSchema.nullable(),
  openingMessages: openingMessagesSchema,
  openingMessageTranslations: openingMessageTranslationsSchema.optional(),
  theme: widgetThemeSchema,
  button: widgetButtonSchema,
  notifications: widgetNotificationsSchema,
  handoff: handoffSchema,
  selfServicePortal: selfServicePortalSchema,
  customerAccountPortal: customerAccountPortalSchema,
  availableHours: availableHoursSchema,
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

/**
 * POST /api/widget-settings/save (multipart): each top-level section sent is a JSON text part
 * named after it; sections not sent stay as they are. An `images` file part goes with one flag
 * part set to "true": customIconAdded (button icon), agentImageAdded (human agent picture) or
 * selfServiceIconAdded (portal thumbnail).
 */
export const WIDGET_SECTIONS = [
  "isActive",
  "language",
  "openingMessages",
  "openingMessageTranslations",
  "theme",
  "button",
  "notifications",
  "handoff",
  "selfServicePortal",
  "customerAccountPortal",
  "availableHours",
] as const;
export type WidgetSection = (typeof WIDGET_SECTIONS)[number];
export const WIDGET_IMAGE_FLAGS = ["customIconAdded", "agentImageAdded", "selfServiceIconAdded"] as const;
/**
 * The multipart field of POST /api/widget-settings/save that removes a saved picture: its value is
 * the picture's flag (not in the spec, which only adds pictures; decision 031).
 */
export const WIDGET_PICTURE_REMOVE_FIELD = "removePicture";

export const portalLinkSaveSchema = z.object({
  /** Absent for a new link. */
  replyID: idSchema.optional(),
  icon: portalLinkSchema.shape.icon,
  title: portalLinkSchema.shape.title,
  description: portalLinkSchema.shape.description,
  customReplyID: idSchema,
});
export const portalLinkDeleteSchema = z.object({ replyID: idSchema });

export const suggestedQuestionSaveSchema = z.object({
  questionID: idSchema.optional(),
  question: suggestedQuestionSchema.shape.question,
  category: suggestedQuestionSchema.shape.category,
  answer: suggestedQuestionSchema.shape.answer,
  customReplyID: suggestedQuestionSchema.shape.customReplyID,
});
export const suggestedQuestionDeleteSchema = z.object({ questionID: idSchema });

/** POST /api/widget-settings/active-hours/save (path not in the spec). */
export const activeHoursSaveSchema = availableHoursSchema;

/**
 * What every widget-settings call answers. The handoff rules hold for what an admin saves, but a
 * new widget's defaults (ticket handoff by e-mail, no address yet) are answered as they are.
 */
export const widgetSettingsResponseSchema = widgetSettingsSchema.extend({ handoff: z.object(handoffSchema.shape) });

export type WidgetImageFlag = (typeof WIDGET_IMAGE_FLAGS)[number];
export type TicketApp = z.infer<typeof ticketAppSchema>;
export type AgentApp = z.infer<typeof agentAppSchema>;
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
/** The icons the dashboard offers for a portal link (its `icon`); the widget draws the same set. */
export const PORTAL_LINK_ICONS = [
  "package",
  "truck",
  "arrow-back",
  "credit-card",
  "user",
  "message",
  "help",
  "gift",
] as const;
export type PortalLinkIcon = (typeof PORTAL_LINK_ICONS)[number];
export type PortalLinkSaveRequest = z.infer<typeof portalLinkSaveSchema>;
export type SuggestedQuestionSaveRequest = z.infer<typeof suggestedQuestionSaveSchema>;
/** The widget's pictures (launcher icon, agent picture, portal thumbnail): jpg or png (spec part 2 §5). */
export const WIDGET_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const WIDGET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * POST /api/widget-settings/suggested-question/move (not in the spec): a drag and drop in the
 * portal's question tree. The question goes under `category` (a top-level question's text, or null
 * for the top level) at position `index` among its new siblings; an index past the end appends.
 */
export const suggestedQuestionMoveSchema = z.object({
  questionID: idSchema,
  category: suggestedQuestionSchema.shape.category,
  index: z.number().int().min(0).max(SUGGESTED_QUESTIONS_MAX),
});
export type SuggestedQuestionMove = z.infer<typeof suggestedQuestionMoveSchema>;

/** GET /api/widget-settings/shopify-widget/toggle answers 409 with this until Shopify can be connected. */
export const SHOPIFY_NOT_CONNECTED = "Shopify is not connected";

/**
 * "Enable widget on Shopify" (issue #17 item 6): whether the company's shop is connected, and
 * whether its Online Store loads the widget through a script tag. GET
 * /api/widget-settings/shopify-widget answers it; GET …/shopify-widget/toggle switches it and
 * answers the new state.
 */
export const shopifyWidgetStateSchema = z.object({ isConnected: z.boolean(), isEnabled: z.boolean() });
export type ShopifyWidgetState = z.infer<typeof shopifyWidgetStateSchema>;

// ── Visitor side ────────────────────────────────────────────────────────────────────────────

/** What the widget (loader and iframe) may know: no notification addresses, no source ids. */
export const publicWidgetSchema = z.object({
  widgetID: z.string(),
  /**
   * The shop's own hosts: only addresses on these (or below them) are links in an answer; any
   * other address is shown as text (answer-links.ts, decision 030).
   */
  linkHosts: z.array(z.string()),
  language: visitorLanguageSchema.nullable(),
  openingMessages: z.array(z.string()),
  /** Only the languages with a message of their own. */
  openingMessageTranslations: publicTextTranslationsSchema,
  theme: widgetThemeSchema,
  button: widgetButtonSchema,
  notifications: widgetNotificationsSchema,
  /** Inside active hours now (always true when hours are off). */
  isWithinActiveHours: z.boolean(),
  /** Outside active hours the launcher shows only when this is on. */
  showHandoffWhenInactive: z.boolean(),
  handoff: z.object({
    /** The `…Translations` here and in the portal: only the languages with a text of their own. */
    ticket: z.object({
      isActive: z.boolean(),
      handoffMessage: z.string(),
      handoffMessageTranslations: publicTextTranslationsSchema,
    }),
    /** WhatsApp's number, Tawk's and Zendesk Classic's ids (decision 067): only for the chosen app. */
    agent: z.object({
      isActive: z.boolean(),
      appType: agentAppSchema.nullable(),
      whatsapp: z.string().nullable(),
      tawk: z.string().nullable(),
      zendeskKey: z.string().nullable(),
      responseTime: z.string().nullable(),
      availabilityMessage: z.string().nullable(),
      profilePictureURL: z.string().nullable(),
    }),
  }),
  selfServicePortal: z.object({
    isActive: z.boolean(),
    thumbnailURL: z.string().nullable(),
    messages: z.object({
      title: z.string(),
      description: z.string(),
      titleTranslations: publicTextTranslationsSchema,
      descriptionTranslations: publicTextTranslationsSchema,
    }),
    aiSearch: z.object({
      isActive: z.boolean(),
      placeholder: z.string(),
      placeholderTranslations: publicTextTranslationsSchema,
    }),
    customReplies: z.array(portalLinkSchema.omit({ customReplyID: true })),
    /** The reply's id stays on the server; `runsCustomReply` tells the widget to ask the server. */
    suggestedQuestions: z.array(
      suggestedQuestionSchema.omit({ customReplyID: true }).extend({ runsCustomReply: z.boolean() }),
    ),
  }),
  /** The shop customer portal: the order cards on Home, and how an order is proven the visitor's. */
  customerAccountPortal: publicCustomerAccountPortalSchema,
  agent: z.object({ name: z.string(), designation: z.string(), thumbnailURL: z.string().nullable() }),
  workflows: z.object({
    nudgeMessage: z.object({ isActive: z.boolean(), showOnce: z.boolean(), delay: z.number(), message: z.string() }),
    preChatForm: z.object({
      isActive: z.boolean(),
      title: z.string(),
      description: z.string(),
      fields: z.array(z.object({ key: z.string(), title: z.string() })),
    }),
    feedback: z.object({ isActive: z.boolean(), positiveMessage: z.string(), negativeMessage: z.string() }),
    showSources: z.boolean(),
  }),
});
export type PublicWidget = z.infer<typeof publicWidgetSchema>;
export type PublicSuggestedQuestion = PublicWidget["selfServicePortal"]["suggestedQuestions"][number];

/**
 * A visitor token is issued by the server per widget and visitor (signed; the widget keeps it in
 * the iframe's storage). Sending none, or one for another widget, gets a fresh one.
 */
export const visitorTokenSchema = z.string().min(10).max(300);

export const widgetGetRequestSchema = z.object({
  widgetID: z.string().trim().min(1).max(64),
  visitorToken: visitorTokenSchema.optional(),
});
export const widgetGetResponseSchema = z.object({
  widget: publicWidgetSchema,
  visitorToken: visitorTokenSchema,
  /** The visitor's newest chat that is not completed, to continue ("Continue Chat"). */
  activeChatID: idSchema.nullable(),
});
export type WidgetGetResponse = z.infer<typeof widgetGetResponseSchema>;

const visitorScopeSchema = z.object({ widgetID: z.string().trim().min(1).max(64), visitorToken: visitorTokenSchema });

export const widgetGetChatRequestSchema = visitorScopeSchema.extend({ chatID: idSchema });

/** A message as the visitor sees it: no internal notes, no staff-only data. */
export const visitorMessageSchema = z.object({
  _id: idSchema,
  /** The client id the visitor's message was sent with (dedupes retries), else null. */
  clientMessageID: z.string().nullable(),
  message: z.string(),
  messageType: z.string(),
  senderRole: z.enum(["customer", "ai", "agent", "system"]),
  /** Staff replies: the agent's name. */
  senderName: z.string().nullable(),
  timestamp: z.string(),
  eventType: z.string().nullable(),
  /** As readMessageData reads the stored row, without the staff-only parts. */
  messageData: visitorMessageDataSchema,
  references: z.array(referenceSchema),
});
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;

export const visitorChatSchema = z.object({
  chatID: idSchema,
  ticketID: z.string(),
  status: z.enum(["open", "human", "ticket"]),
  resolved: z.boolean(),
  /** The visitor ended it (Yes, thank you / restart): the widget offers Start new chat. */
  isCompleted: z.boolean(),
  preChatCompleted: z.boolean(),
  messages: z.array(visitorMessageSchema),
});
export type VisitorChat = z.infer<typeof visitorChatSchema>;

export const visitorCustomerSchema = z.object({
  name: z.string().trim().max(120).optional(),
  email: z.union([z.email({ error: "Enter a valid e-mail address" }), z.literal("")]).optional(),
  number: z
    .object({ countryCallingCode: z.string().regex(/^\+\d{1,4}$/), number: z.string().regex(/^\d{4,15}$/) })
    .optional(),
  /** Answers to the pre-chat form's other fields, by key. */
  fields: z.record(z.string().max(60), z.string().max(500)).optional(),
});
export type VisitorCustomer = z.infer<typeof visitorCustomerSchema>;

export const widgetSaveCustomerRequestSchema = visitorScopeSchema.extend({
  chatID: idSchema,
  customer: visitorCustomerSchema,
});

/** "Did this resolve your question?" and the feedback stars. */
export const widgetResolveChatRequestSchema = visitorScopeSchema.extend({
  chatID: idSchema,
  resolved: z.boolean(),
  /** 1–5 stars, when feedback is on. */
  rating: z.number().int().min(1).max(5).optional(),
});

export const ticketFormSchema = z.object({
  name: z.string().trim().max(120).default(""),
  email: z.email({ error: "Enter a valid e-mail address" }),
  number: z.string().trim().max(30).default(""),
  message: z.string().trim().min(1, "Your comments are required").max(VISITOR_MESSAGE_MAX),
});
export type TicketForm = z.infer<typeof ticketFormSchema>;

export const ticketConfirmationSchema = z.object({
  ticketID: z.string(),
  summary: z.string(),
  message: z.string(),
  email: z.string(),
});
export type TicketConfirmation = z.infer<typeof ticketConfirmationSchema>;
