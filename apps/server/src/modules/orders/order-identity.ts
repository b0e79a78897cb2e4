/**
 * Whether the e-mail or phone a visitor gave is the one the order was placed with. E-mail
 * addresses compare without case; phone numbers by their digits, so "+31 6 1234 5678",
 * "0031612345678" and the national "06-12345678" are one number (a national number matches the
 * end of the international one, and at least 8 digits must match).
 */

type OrderContacts = {
  email: string | null;
  phone: string | null;
  customer: { email: string | null; phone: string | null } | null;
};

const MIN_PHONE_DIGITS = 8;

export function isSameEmail(given: string, stored: string | null): boolean {
  return stored !== null && given.trim().toLowerCase() === stored.trim().toLowerCase();
}

/** Digits of a phone number with the international call prefix (00) and trunk zeros dropped. */
function significantDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return phone.trim().startsWith("+") ? digits : digits.replace(/^00/, "").replace(/^0+/, "");
}

export function isSamePhone(given: string, stored: string | null): boolean {
  if (stored === null) return false;
  const visitor = significantDigits(given);
  const shop = significantDigits(stored);
  if (visitor.length < MIN_PHONE_DIGITS || shop.length < MIN_PHONE_DIGITS) return false;
  // One of them may carry the country code the other left out.
  return visitor === shop || shop.endsWith(visitor) || visitor.endsWith(shop);
}

type GivenContacts = { email: string | null; phone: string | null };

/** What proved the order the visitor's (the order's or its customer's e-mail or phone), or null. */
export function orderOwnerProof(order: OrderContacts, given: GivenContacts): "email" | "phone" | null {
  const emails = [order.email, order.customer?.email ?? null];
  const phones = [order.phone, order.customer?.phone ?? null];
  if (given.email && emails.some((stored) => isSameEmail(given.email as string, stored))) return "email";
  if (given.phone && phones.some((stored) => isSamePhone(given.phone as string, stored))) return "phone";
  return null;
}

/**
 * The order's own phone number that the visitor's matches, in E.164 for texting it (decision
 * 061), or null. Only a number the shop keeps in international form is texted: a national one
 * matches the end of the visitor's, so its country would be the visitor's guess, not the shop's.
 */
export function orderPhoneToText(order: OrderContacts, given: string): string | null {
  const stored = [order.phone, order.customer?.phone ?? null].find(
    (phone) => phone?.trim().startsWith("+") && isSamePhone(given, phone),
  );
  const digits = stored ? significantDigits(stored) : "";
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/** The visitor proved the order is theirs. */
export function isOrderOwner(order: OrderContacts, given: GivenContacts): boolean {
  return orderOwnerProof(order, given) !== null;
}
