import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chatAnalyses, chatMessages, chats } from "../../db/schema/index";
import type { ChatsRepository, NewMessage } from "./chats.repository";
import { demoProductPicture } from "./demo-product-pictures";

/** Starts with demo-visitor- like the other sample chats, so the seeder finds it again after a restart. */
export const SHOWCASE_VISITOR_ID = "demo-visitor-showcase";

type PlannedMessage = Omit<NewMessage, "companyId" | "chatId"> & {
  at: Date;
  /** A customer's question, in short, for the chat's AI analysis. */
  analysis?: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const SHOP = "https://shop.example";
const CUSTOMER = {
  name: "Sophie Laurent",
  email: "sophie.laurent@example.com",
  number: { countryCallingCode: "+33", number: "6 12 34 56 78" },
  location: "Lyon, FR",
};

/**
 * The showcase sample chat: a shopper and the shop's AI yesterday afternoon (UTC), holding one
 * message of every type the inbox shows, and the event types it does not show (spec part 1 §2, §3),
 * so a newcomer sees them all. Order and subscription data have the shapes the Shopify and Recharge
 * integrations write. Everything is dated from `now`, so the conversation always looks recent.
 */
function showcaseChat(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  /** A moment `days` from today (UTC), at "hh:mm:ss". */
  const at = (days: number, time: string) => {
    const [hours = 0, minutes = 0, seconds = 0] = time.split(":").map(Number);
    return new Date(today + days * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000);
  };
  const day = (days: number) => at(days, "00:00:00").toISOString().slice(0, 10);
  const chatAt = (time: string) => at(-1, time);

  const order = {
    order: { name: "#1058", createdAt: at(-5, "09:12:00").toISOString(), financialStatus: "partially_refunded" },
    customer: { name: CUSTOMER.name, email: CUSTOMER.email },
    fulfillments: [
      {
        status: "success",
        shipmentStatus: "delivered",
        updatedAt: at(-2, "11:30:00").toISOString(),
        company: "PostNL",
        trackingNumber: "3SHRB1058001",
        trackingURL: `${SHOP}/apps/track/3SHRB1058001`,
        items: [{ title: "Ceramic pour-over dripper", variantTitle: "White", imageSrc: demoProductPicture("dripper") }],
      },
      {
        status: "success",
        shipmentStatus: "in_transit",
        updatedAt: at(-1, "08:45:00").toISOString(),
        company: "DHL",
        trackingNumber: "JVGL06248510",
        trackingURL: `${SHOP}/apps/track/JVGL06248510`,
        items: [
          { title: "Gooseneck kettle", variantTitle: "Matte black, 1 l", imageSrc: demoProductPicture("kettle") },
        ],
      },
    ],
    processingItems: [{ title: "Electric burr grinder", variantTitle: null, imageSrc: demoProductPicture("grinder") }],
    refunds: [
      {
        products: [
          { title: "Paper filters", variantTitle: "Size 02, 100 pack", imageSrc: demoProductPicture("filters") },
        ],
      },
    ],
  };

  const subscriptions = [
    {
      product_title: "House blend coffee beans",
      variant_title: "1 kg, whole beans",
      image_src: demoProductPicture("beans"),
      quantity: 2,
      price: "18.50",
      presentment_currency: "EUR",
      next_charge_scheduled_at: day(2),
      order_interval_frequency: "2",
      order_interval_unit: "week",
    },
    {
      product_title: "Paper filters",
      variant_title: "Size 02, 100 pack",
      image_src: demoProductPicture("filters"),
      quantity: 1,
      price: "4.95",
      presentment_currency: "EUR",
      next_charge_scheduled_at: day(12),
      order_interval_frequency: "1",
      order_interval_unit: "month",
    },
  ];

  const messages: PlannedMessage[] = [
    {
      at: chatAt("14:02:10"),
      messageType: "form",
      senderRole: "customer",
      eventType: "PRE_CHAT_FORM",
      message: "",
      messageData: {
        form: {
          title: "Before we start",
          description: "Tell us who you are so we can follow up if needed.",
          fields: [
            { key: "name", title: "Name", fieldType: "text", required: true },
            { key: "email", title: "Email", fieldType: "email", required: true },
            { key: "phone", title: "Phone", fieldType: "phone", required: false },
          ],
        },
        dataModel: {
          fields: [
            { key: "name", value: CUSTOMER.name },
            { key: "email", value: CUSTOMER.email },
            { key: "phone", value: `${CUSTOMER.number.countryCallingCode} ${CUSTOMER.number.number}` },
          ],
        },
      },
    },
    {
      at: chatAt("14:02:12"),
      messageType: "auth_event",
      senderRole: "system",
      message: "Signed in to the customer portal with a code sent by e-mail",
      messageData: { authEvent: { event: "verified", method: "email" } },
    },
    {
      at: chatAt("14:02:40"),
      messageType: "question",
      senderRole: "customer",
      message: "Hi! Only part of my order #1058 has arrived. Where are the kettle and the grinder?",
      analysis: "Where is the rest of order #1058?",
    },
    {
      at: chatAt("14:02:43"),
      messageType: "integration_event",
      senderRole: "system",
      message: "Looked up order #1058 in Shopify",
      messageData: { integrationEvent: { event: "order_lookup", appType: "shopify" } },
    },
    {
      at: chatAt("14:02:49"),
      messageType: "answer",
      senderRole: "ai",
      message:
        "Here is order #1058. The dripper was delivered yesterday and the kettle is on its way with DHL. " +
        "The grinder is back in stock next week, so it is still being prepared. The paper filters were out of stock, so we refunded them.",
      messageData: { responseFields: { order } },
    },
    {
      at: chatAt("14:04:05"),
      messageType: "question",
      senderRole: "customer",
      message: "Thanks! Is there a grinder you can send right away instead?",
      analysis: "Is there a grinder in stock now?",
    },
    {
      at: chatAt("14:04:12"),
      messageType: "answer",
      senderRole: "ai",
      message:
        "Yes: the Hand burr grinder is in stock and leaves our warehouse within 1 working day. Standard delivery takes 1–3 working days.",
      references: [
        {
          url: `${SHOP}/products/hand-burr-grinder`,
          title: "Hand burr grinder",
          image: demoProductPicture("handGrinder"),
          sourceType: "shopify-products",
        },
        {
          url: `${SHOP}/pages/shipping-and-delivery`,
          title: "Shipping and delivery",
          image: null,
          sourceType: "website",
        },
      ],
    },
    {
      at: chatAt("14:05:30"),
      messageType: "question",
      senderRole: "customer",
      message: "I'll wait for the one I ordered. Can you show me my coffee subscriptions?",
      analysis: "Which subscriptions do I have?",
    },
    {
      at: chatAt("14:05:36"),
      messageType: "answer",
      senderRole: "ai",
      message: "You have two active subscriptions:",
      messageData: { rechargeData: { subscriptions } },
    },
    {
      at: chatAt("14:05:37"),
      messageType: "answer_bubbles",
      senderRole: "ai",
      message: "What would you like to change?",
      messageData: {
        answerBubbles: {
          bubbles: [
            { message: "Change next order date", value: "change_date" },
            { message: "Change frequency", value: "change_frequency" },
            { message: "Skip next order", value: "skip" },
          ],
        },
      },
    },
    {
      at: chatAt("14:06:02"),
      messageType: "question",
      senderRole: "customer",
      message: "Change next order date",
    },
    {
      at: chatAt("14:06:03"),
      messageType: "condition",
      senderRole: "system",
      message: "Subscription is active: yes",
      messageData: { condition: { field: "subscription.status", operator: "equals", value: "active", result: true } },
    },
    {
      at: chatAt("14:06:40"),
      messageType: "form",
      senderRole: "customer",
      message: "",
      messageData: {
        form: {
          title: "Change next order date",
          description: "House blend coffee beans, 1 kg",
          fields: [
            {
              key: "next_charge_scheduled_at",
              title: "Next order date",
              fieldType: "subscriptionDate",
              required: true,
            },
          ],
        },
        dataModel: { fields: [{ key: "next_charge_scheduled_at", value: day(9) }] },
      },
    },
    {
      at: chatAt("14:06:42"),
      messageType: "answer",
      senderRole: "ai",
      message: "Done! Your next coffee beans order moves to the date you picked. We've sent you a confirmation e-mail.",
    },
    {
      at: chatAt("14:06:43"),
      messageType: "email_trigger",
      senderRole: "system",
      message: `Subscription change confirmation sent to ${CUSTOMER.email}`,
      messageData: { emailTrigger: { event: "subscription_updated", to: CUSTOMER.email } },
    },
    {
      at: chatAt("14:07:30"),
      messageType: "question",
      senderRole: "customer",
      message: "Great. Could the filters come every 2 months instead?",
      analysis: "Filters every 2 months instead of every month",
    },
    {
      at: chatAt("14:07:58"),
      messageType: "form",
      senderRole: "customer",
      message: "",
      messageData: {
        form: {
          title: "Change delivery frequency",
          description: "Paper filters, size 02",
          fields: [
            { key: "order_interval_frequency", title: "Deliver every", fieldType: "number", required: true },
            { key: "order_interval_unit", title: "Unit", fieldType: "select", required: true },
          ],
        },
        dataModel: {
          fields: [
            { key: "order_interval_frequency", value: 2 },
            { key: "order_interval_unit", value: "month" },
          ],
        },
      },
    },
    {
      at: chatAt("14:08:01"),
      messageType: "answer",
      senderRole: "ai",
      message:
        "Done, your filters now come every 2 months. You can also change dates, skip an order or pause a subscription yourself in your customer portal.",
      messageData: {
        customerPortal: {
          url: `${SHOP}/tools/recurring/portal`,
          title: "Manage your subscriptions",
          description: "Change dates and frequencies, skip or pause an order.",
        },
      },
    },
    {
      at: chatAt("14:08:40"),
      messageType: "widget_event",
      senderRole: "customer",
      eventType: "IS_RESOLVED",
      message: "Yes, thank you",
      messageData: { widgetEvent: { event: "end_chat" } },
    },
  ];

  return {
    customer: {
      ...CUSTOMER,
      preChatCompleted: true,
      preChat: {
        isCompleted: true,
        fields: [
          { key: "name", title: "Name", value: CUSTOMER.name },
          { key: "email", title: "Email", value: CUSTOMER.email },
          { key: "phone", title: "Phone", value: `${CUSTOMER.number.countryCallingCode} ${CUSTOMER.number.number}` },
        ],
      },
    },
    summary:
      "Sophie asked where the rest of order #1058 is: the dripper was delivered, the kettle is in transit, the grinder " +
      "is still being prepared and the paper filters were refunded. She moved the next delivery of her coffee beans " +
      "subscription, changed her filters to every 2 months and ended the chat satisfied.",
    messages,
  };
}

/**
 * Seeds the showcase chat once. Its messages go in one transaction, so after a restart the chat
 * has either all of them or none (and is then filled in); it is never made twice.
 */
export async function seedShowcaseChat(options: { db: Database; chats: ChatsRepository; companyId: string }) {
  const { db, companyId } = options;
  const [existing] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.companyId, companyId), eq(chats.visitorId, SHOWCASE_VISITOR_ID)))
    .limit(1);
  if (existing && (await options.chats.listMessages(companyId, existing.id)).length > 0) return;
  const chat =
    existing ?? (await options.chats.createChat(companyId, { visitorId: SHOWCASE_VISITOR_ID, language: "en" }));
  const plan = showcaseChat(new Date());
  const first = plan.messages[0]?.at ?? new Date();
  const last = plan.messages.at(-1)?.at ?? first;
  // The whole conversation is known, times included: its messages go in one statement, not one
  // append each (appendMessage stamps the moment of writing; this conversation took place yesterday).
  const planned = plan.messages.map(({ at, analysis, ...message }) => ({
    row: {
      ...message,
      id: randomUUID(),
      companyId,
      chatId: chat.id,
      messageData: message.messageData ?? {},
      references: message.references ?? [],
      createdAt: at,
    },
    analysis,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(chatMessages).values(planned.map(({ row }) => row));
    const analyses = planned.flatMap(({ row, analysis }) =>
      analysis
        ? [
            {
              companyId,
              chatId: chat.id,
              messageId: row.id,
              shortenedCustomerMessage: analysis,
              questionCategory: null,
              selectedIntent: null,
              createdAt: row.createdAt,
            },
          ]
        : [],
    );
    if (analyses.length > 0) await tx.insert(chatAnalyses).values(analyses);
    // Sophie resolved it herself (her last message). Read: the other sample chats show the unread
    // state, and this one is there to be browsed, not answered.
    await tx
      .update(chats)
      .set({
        customer: plan.customer,
        summary: plan.summary,
        resolved: true,
        chatRead: true,
        completedAt: last,
        createdAt: first,
        lastMessageAt: last,
      })
      .where(and(eq(chats.id, chat.id), eq(chats.companyId, companyId)));
  });
}
