import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { CancellationReasonsResponse } from "@harbor/contract/orders";

/**
 * The reasons a visitor picks from when asking to cancel an order. The spec's Action rules keep
 * the shop's own list, but nothing stores it yet (the Customer Portal settings page is another
 * issue's), so these are the defaults every shop gets, with "Other" in the visitor's own words
 * (decision 036).
 */
const REASONS: Record<VisitorLanguage, Record<string, string>> = {
  en: {
    ordered_by_mistake: "I ordered by mistake",
    wrong_item: "I ordered the wrong size or item",
    found_cheaper: "I found it cheaper elsewhere",
    too_slow: "Delivery takes too long",
    changed_mind: "I changed my mind",
  },
  nl: {
    ordered_by_mistake: "Ik heb per ongeluk besteld",
    wrong_item: "Ik heb de verkeerde maat of het verkeerde artikel besteld",
    found_cheaper: "Ik heb het ergens anders goedkoper gevonden",
    too_slow: "De levering duurt te lang",
    changed_mind: "Ik heb me bedacht",
  },
  he: {
    ordered_by_mistake: "הזמנתי בטעות",
    wrong_item: "הזמנתי מידה או פריט לא נכונים",
    found_cheaper: "מצאתי את זה זול יותר במקום אחר",
    too_slow: "המשלוח לוקח יותר מדי זמן",
    changed_mind: "שיניתי את דעתי",
  },
};

export const OTHER_REASON = "other";

export function cancellationReasons(language: VisitorLanguage): CancellationReasonsResponse {
  return {
    askReason: true,
    allowOther: true,
    reasons: Object.entries(REASONS[language]).map(([id, text]) => ({ id, text })),
  };
}

/** The reason in the shop's words for staff (English), or null for an id that is not a reason. */
export function reasonForStaff(id: string, otherReason: string | undefined): string | null {
  if (id === OTHER_REASON) return otherReason ? `Other: ${otherReason}` : null;
  return REASONS.en[id] ?? null;
}

/** The reason in the visitor's own language (for the chat's record they read), or null. */
export function reasonInLanguage(
  id: string,
  otherReason: string | undefined,
  language: VisitorLanguage,
): string | null {
  if (id === OTHER_REASON) return otherReason ?? null;
  return REASONS[language][id] ?? null;
}
