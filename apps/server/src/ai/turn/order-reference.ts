import type { OrderReference } from "@harbor/contract/turn";

/**
 * What a visitor gives so their order can be found: an order number, the e-mail or the phone
 * number they ordered with, in the many shapes people type them ("#1042", "order 1042",
 * "ordernummer EU-52113", "הזמנה 310733", "06-12345678", "+972 52-555-1234").
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;

/** Words that announce an order number, in the three languages. */
const ORDER_WORD =
  "(?:order|orders|order number|order no|order nr|order id|ordernummer|ordernr|bestelnummer|bestelling|bestelnr|bestellingnummer|הזמנה|ההזמנה|מספר הזמנה|מס הזמנה|מספר ההזמנה)";

/**
 * A number after an order word, or with a leading #: digits, optionally with a short letter prefix
 * ("EU-52113", "YK-310611"). Hebrew puts the possessive after the noun ("ההזמנה שלי 4471").
 */
const ANNOUNCED_NUMBER = new RegExp(
  `(?:${ORDER_WORD}(?:\\s+(?:שלי|שלנו))?\\s*(?:number|nummer|no\\.?|nr\\.?|#|:|is|מספר)?\\s*#?\\s*|#\\s?)((?:[A-Z]{1,4}-?)?\\d{3,12})\\b`,
  "iu",
);
/** A code that looks like an order number by itself: "EU-52113", "YK310611". */
const PREFIXED_NUMBER = /\b([A-Z]{1,4}-\d{3,12}|[A-Z]{2,4}\d{4,12})\b/;
/** A bare number, only taken as the order number when one is awaited. */
const BARE_NUMBER = /(?<![\d+.,:-])(\d{3,12})(?![\d.,:]\d)/;
/** Phone numbers: international or local, with spaces, dashes or dots between the groups. */
const PHONE = /(?<![\w])(\+?\d{1,4}[\s.-]?)?(?:\(?\d{2,4}\)?[\s.-]?){2,4}\d{2,4}(?![\w])/;
const PHONE_WORD = /\b(phone|telephone|mobile|tel|telefoon|telefoonnummer|mobiel|nummer 06)\b|טלפון|נייד|פלאפון/i;

function digitsOf(text: string) {
  return text.replace(/\D/g, "");
}

/**
 * The order reference in a message. `isAwaited`: the last reply asked for order details, so a
 * bare number is the order number (or a phone number, by its shape).
 */
export function orderReferenceIn(text: string, options: { isAwaited: boolean }): OrderReference {
  const email = EMAIL.exec(text)?.[0] ?? null;
  // Numbers are read with the e-mail taken out (its digits are not an order number).
  const rest = email ? text.replace(email, " ") : text;
  let number = ANNOUNCED_NUMBER.exec(rest)?.[1] ?? PREFIXED_NUMBER.exec(rest)?.[1] ?? null;
  let phone: string | null = null;
  const phoneMatch = PHONE.exec(number ? rest.replace(number, " ") : rest)?.[0]?.trim() ?? null;
  // A phone is 8–15 digits written as one (with separators), or a number the visitor calls a phone.
  if (phoneMatch) {
    const digits = digitsOf(phoneMatch);
    const looksLikePhone =
      digits.length >= 8 && digits.length <= 15 && (/[\s.+()-]/.test(phoneMatch) || digits.startsWith("0"));
    if (looksLikePhone || (PHONE_WORD.test(rest) && digits.length >= 8)) phone = phoneMatch;
  }
  if (!number && options.isAwaited) {
    const withoutPhone = phone ? rest.replace(phone, " ") : rest;
    number = BARE_NUMBER.exec(withoutPhone)?.[1] ?? null;
  }
  return { number: number ? number.toUpperCase() : null, email, phone };
}

/** Whether a message gives any part of an order reference. */
export function hasOrderReference(reference: OrderReference): boolean {
  return reference.number !== null || reference.email !== null || reference.phone !== null;
}

/** Earlier details, with what this message adds or corrects. */
export function mergeOrderReference(previous: OrderReference | null, next: OrderReference): OrderReference {
  return {
    number: next.number ?? previous?.number ?? null,
    email: next.email ?? previous?.email ?? null,
    phone: next.phone ?? previous?.phone ?? null,
  };
}

/** A lookup needs the order number and the e-mail or phone it was placed with. */
export function isCompleteOrderReference(reference: OrderReference | null): boolean {
  return reference !== null && reference.number !== null && (reference.email !== null || reference.phone !== null);
}

/** What is left of the message once the order details are taken out (to tell a bare reference from a question). */
export function withoutOrderReference(text: string, reference: OrderReference): string {
  let rest = text;
  for (const part of [reference.email, reference.phone]) if (part) rest = rest.replace(part, " ");
  if (reference.number) rest = rest.replace(new RegExp(`#?\\s?${reference.number.replace(/-/g, "-?")}`, "i"), " ");
  return rest;
}
