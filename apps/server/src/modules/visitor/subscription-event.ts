import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { ChangeSubscriptionRequest } from "@harbor/contract/orders";

type Change = ChangeSubscriptionRequest["change"];
type Unit = "day" | "week" | "month";

/**
 * The chat's record of a subscription change, in the visitor's language (as a cancellation
 * request's, decision 040): the visitor reads it in their chat, and staff read it in the inbox
 * beside the structured `orderAction` (decision 045). Recharge's own refusal stays in its words.
 */
const WORDING: Record<
  VisitorLanguage,
  {
    verifiedBy: Record<string, string>;
    every(count: number, unit: Unit): string;
    date(from: string | null, to: string, product: string): string;
    frequency(from: string | null, to: string, product: string): string;
    tail(order: string, by: string, refusal: string | null): string;
  }
> = {
  en: {
    verifiedBy: { email: "e-mail", email_code: "a code sent by e-mail" },
    every: (count, unit) => `every ${count} ${unit}${count === 1 ? "" : "s"}`,
    date: (from, to, product) => `Moved the next charge of ${product}${from ? ` from ${from}` : ""} to ${to}`,
    frequency: (from, to, product) => `Changed ${product}${from ? ` from ${from}` : ""} to ${to}`,
    tail: (order, by, refusal) =>
      `; verified by ${by} for order ${order}; ${refusal ? `not done in Recharge: ${refusal}` : "done in Recharge"}.`,
  },
  nl: {
    verifiedBy: { email: "e-mail", email_code: "een per e-mail gestuurde code" },
    every: (count, unit) => {
      const words = { day: ["dag", "dagen"], week: ["week", "weken"], month: ["maand", "maanden"] }[unit];
      return count === 1 ? `elke ${words[0]}` : `elke ${count} ${words[1]}`;
    },
    date: (from, to, product) => `Volgende afschrijving van ${product} verzet${from ? ` van ${from}` : ""} naar ${to}`,
    frequency: (from, to, product) => `${product} gewijzigd${from ? ` van ${from}` : ""} naar ${to}`,
    tail: (order, by, refusal) =>
      `; geverifieerd via ${by} voor bestelling ${order}; ${refusal ? `niet uitgevoerd in Recharge: ${refusal}` : "uitgevoerd in Recharge"}.`,
  },
  he: {
    verifiedBy: { email: "אימייל", email_code: "קוד שנשלח באימייל" },
    every: (count, unit) => {
      const words = { day: ["יום", "ימים"], week: ["שבוע", "שבועות"], month: ["חודש", "חודשים"] }[unit];
      return count === 1 ? `כל ${words[0]}` : `כל ${count} ${words[1]}`;
    },
    date: (from, to, product) => `החיוב הבא של ${product} הועבר${from ? ` מ-${from}` : ""} ל-${to}`,
    frequency: (from, to, product) => `${product} שונה${from ? ` מ${from}` : ""} ל${to}`,
    tail: (order, by, refusal) =>
      `; אומת באמצעות ${by} עבור הזמנה ${order}; ${refusal ? `לא בוצע ב-Recharge: ${refusal}` : "בוצע ב-Recharge"}.`,
  },
};

/** "2 weeks" as the record keeps it → [2, "week"]. */
function parseInterval(text: string | null): [number, Unit] | null {
  const match = text ? /^(\d+) (day|week|month)s?$/.exec(text) : null;
  return match ? [Number(match[1]), match[2] as Unit] : null;
}

export function subscriptionEventText(
  language: VisitorLanguage,
  event: {
    productTitle: string;
    change: Change;
    /** The value before: a date, or an interval as "2 weeks". */
    from: string | null;
    orderName: string;
    verifiedBy: string;
    refusal: string | null;
  },
): string {
  const words = WORDING[language];
  const { change } = event;
  let what: string;
  if (change.kind === "next_charge_date") {
    what = words.date(event.from, change.date, event.productTitle);
  } else {
    const before = parseInterval(event.from);
    what = words.frequency(
      before ? words.every(...before) : null,
      words.every(change.frequency, change.unit),
      event.productTitle,
    );
  }
  return what + words.tail(event.orderName, words.verifiedBy[event.verifiedBy] ?? event.verifiedBy, event.refusal);
}
