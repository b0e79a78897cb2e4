import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { ShippingAddress } from "@harbor/contract/orders";

/**
 * The chat's record of a shipping-address change, in the visitor's language (as a cancellation
 * request's, decision 040): the visitor reads it in their chat, and staff read it in the inbox
 * beside the structured `orderAction` (decision 047). Shopify's own refusal stays in its words.
 */
const WORDING: Record<
  VisitorLanguage,
  {
    verifiedBy: Record<string, string>;
    sentence(order: string, to: string, by: string, refusal: string | null): string;
  }
> = {
  en: {
    verifiedBy: {
      email: "e-mail",
      phone: "phone",
      email_code: "a code sent by e-mail",
      phone_code: "a code sent by text message",
    },
    sentence: (order, to, by, refusal) =>
      `Changed the shipping address of order ${order} to ${to}; verified by ${by}; ${refusal ? `not done in Shopify: ${refusal}` : "done in Shopify"}.`,
  },
  nl: {
    verifiedBy: {
      email: "e-mail",
      phone: "telefoon",
      email_code: "een per e-mail gestuurde code",
      phone_code: "een per sms gestuurde code",
    },
    sentence: (order, to, by, refusal) =>
      `Verzendadres van bestelling ${order} gewijzigd naar ${to}; geverifieerd via ${by}; ${refusal ? `niet uitgevoerd in Shopify: ${refusal}` : "uitgevoerd in Shopify"}.`,
  },
  he: {
    verifiedBy: { email: "אימייל", phone: "טלפון", email_code: "קוד שנשלח באימייל", phone_code: "קוד שנשלח ב-SMS" },
    sentence: (order, to, by, refusal) =>
      `כתובת המשלוח של הזמנה ${order} שונתה ל-${to}; אומת באמצעות ${by}; ${refusal ? `לא בוצע ב-Shopify: ${refusal}` : "בוצע ב-Shopify"}.`,
  },
};

/** One line for a record: "Emma de Vries, Damrak 1, 1012 LG Amsterdam, NL". */
export function addressLine(address: ShippingAddress): string {
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  const place = [address.zip, address.city].filter(Boolean).join(" ");
  return [name, address.address1, address.address2, place, address.provinceCode, address.countryCode]
    .filter(Boolean)
    .join(", ");
}

export function addressEventText(
  language: VisitorLanguage,
  event: { orderName: string; to: ShippingAddress; verifiedBy: string; refusal: string | null },
): string {
  const words = WORDING[language];
  return words.sentence(
    event.orderName,
    addressLine(event.to),
    words.verifiedBy[event.verifiedBy] ?? event.verifiedBy,
    event.refusal,
  );
}
