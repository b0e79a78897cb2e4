import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { type CancellationReasonsResponse, NO_REASON } from "@harbor/contract/orders";
import { type CancellationRules, DEFAULT_CANCELLATION_RULES } from "@harbor/contract/widget";

/**
 * The reasons a visitor picks from when asking to cancel an order: the portal's Action Rules
 * (decision 048), else the defaults every shop starts with (decision 036). A default reason the
 * admin kept word for word is shown in the visitor's language; one they wrote is shown as written.
 */
const DEFAULT_WORDING: Record<Exclude<VisitorLanguage, "en">, Record<string, string>> = {
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

const defaultText = new Map(DEFAULT_CANCELLATION_RULES.reasons.map((reason) => [reason._id, reason.text]));

/** The portal's rules: its own once saved, else the defaults. */
export function rulesOf(portal: { cancellationRules?: CancellationRules }): CancellationRules {
  return portal.cancellationRules ?? DEFAULT_CANCELLATION_RULES;
}

function wordingOf(reason: { _id: string; text: string }, language: VisitorLanguage): string {
  if (language === "en" || defaultText.get(reason._id) !== reason.text) return reason.text;
  return DEFAULT_WORDING[language][reason._id] ?? reason.text;
}

export function cancellationReasons(rules: CancellationRules, language: VisitorLanguage): CancellationReasonsResponse {
  if (!rules.askReason) return { askReason: false, allowOther: false, reasons: [] };
  return {
    askReason: true,
    allowOther: rules.allowOther,
    reasons: rules.reasons.map((reason) => ({ id: reason._id, text: wordingOf(reason, language) })),
  };
}

/**
 * The reason in the shop's words for staff, or null for one the rules do not offer: an id not in
 * the list, Other when it is not offered, or no reason when one is asked.
 */
export function reasonForStaff(rules: CancellationRules, id: string, otherReason: string | undefined): string | null {
  if (!rules.askReason) return id === NO_REASON ? "No reason asked" : null;
  if (id === OTHER_REASON) return rules.allowOther && otherReason ? `Other: ${otherReason}` : null;
  return rules.reasons.find((reason) => reason._id === id)?.text ?? null;
}

/** The reason in the visitor's own language (for the chat's record they read), or null. */
export function reasonInLanguage(
  rules: CancellationRules,
  id: string,
  otherReason: string | undefined,
  language: VisitorLanguage,
): string | null {
  if (id === OTHER_REASON) return otherReason ?? null;
  const reason = rules.reasons.find((candidate) => candidate._id === id);
  return reason ? wordingOf(reason, language) : null;
}
