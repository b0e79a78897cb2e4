import type { Catalogue } from "../i18n/en";

/*
 * The visitor forms' rules (spec part 2 §3, §5; the contract's visitorCustomerSchema and
 * ticketFormSchema, written again here because zod does not fit the widget's download).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required e-mail address: its error, or null. */
export function emailError(value: string, t: Catalogue): string | null {
  if (!value.trim()) return t.emailRequired;
  return EMAIL.test(value.trim()) ? null : t.emailInvalid;
}

/** Digits only; spaces, dashes, dots and brackets may be typed between them. */
export const phoneDigits = (number: string) => number.replace(/[\s().-]/g, "");

/**
 * The number as it follows the calling code: "06 1234 5678" in the Netherlands is +31 612345678,
 * so the national trunk 0 goes (Italy and its neighbours keep it).
 */
export const internationalDigits = (number: string, region: string) =>
  ["IT", "SM", "VA"].includes(region) ? phoneDigits(number) : phoneDigits(number).replace(/^0/, "");

/**
 * A phone number of 4 to 15 digits (the contract's rule) with its country chosen: its error, or
 * null; empty is fine unless required.
 */
export function phoneError(
  phone: { region: string; number: string },
  isRequired: boolean,
  t: Catalogue,
): string | null {
  if (!phone.number.trim()) return isRequired ? t.required : null;
  if (!/^\d{4,15}$/.test(phoneDigits(phone.number))) return t.phoneInvalid;
  return phone.region ? null : t.countryRequired;
}

/** After a refused submit, the keyboard goes to the first field in error (once it has rendered). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid]")?.focus());
}
