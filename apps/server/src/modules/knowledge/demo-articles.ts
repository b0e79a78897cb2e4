/**
 * The help articles a new workspace starts with, so the AI agent has something true to answer
 * from in the first minute. They describe a generic online shop and say so; the owner edits or
 * deletes them in Knowledge Base → Articles.
 */
export const DEMO_ARTICLES: { referenceId: string; title: string; blocks: string[] }[] = [
  {
    referenceId: "demo-shipping",
    title: "Shipping and delivery",
    blocks: [
      "We ship every order from our warehouse within 1 working day. Orders placed before 15:00 on a working day leave the same day.",
      "Standard delivery takes 1–3 working days and costs €4.95. Delivery is free for orders of €50 or more.\n\nYou receive an e-mail with a tracking link as soon as your parcel is on its way.",
    ],
  },
  {
    referenceId: "demo-returns",
    title: "Returns and refunds",
    blocks: [
      "You can return items within 30 days of delivery. Items must be unused and in their original packaging.",
      "To start a return, reply to your order confirmation e-mail or ask us in the chat. Returns are free within the EU.\n\nWe refund the purchase price to your original payment method within 5 working days after your return arrives.",
    ],
  },
  {
    referenceId: "demo-payment",
    title: "Payment methods",
    blocks: [
      "We accept credit and debit cards (Visa, Mastercard, American Express), PayPal, Apple Pay and iDEAL.\n\nYour card is charged when you place the order. Prices include VAT.",
    ],
  },
  {
    referenceId: "demo-order-changes",
    title: "Changing or cancelling an order",
    blocks: [
      "You can change or cancel an order within 1 hour of placing it: ask us in the chat with your order number.\n\nOnce an order has shipped it can no longer be cancelled, but you can return it within 30 days.",
    ],
  },
  {
    referenceId: "demo-contact",
    title: "Contact and opening hours",
    blocks: [
      "Our support team answers chats and e-mails Monday to Friday from 9:00 to 17:00 (CET).\n\nOutside those hours our AI assistant answers right away, and a person follows up on the next working day.",
    ],
  },
  {
    referenceId: "demo-gift-cards",
    title: "Gift cards",
    blocks: [
      "Gift cards are available from €10 to €250 and are valid for 2 years. You can use several gift cards in one order.\n\nGift cards can't be exchanged for cash.",
    ],
  },
];
