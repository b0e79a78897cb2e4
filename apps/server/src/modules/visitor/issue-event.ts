import type { VisitorLanguage } from "@harbor/contract/ai-agent";

/**
 * The chat's record of a reported Order Issue, in the visitor's language (as the other order
 * actions', decision 040): staff read it in the inbox beside the structured `orderAction`, with
 * what followed. The issue itself is the admin's words, as written (Harbor does not translate
 * merchant text).
 */
const WORDING: Record<
  VisitorLanguage,
  {
    verifiedBy: Record<string, string>;
    answered: string;
    handedOff: string;
    sentence(order: string, issue: string, by: string, next: string): string;
  }
> = {
  en: {
    verifiedBy: { email: "e-mail", phone: "phone", email_code: "a code sent by e-mail" },
    answered: "the shop's answer to it was shown",
    handedOff: "handed to the team",
    sentence: (order, issue, by, next) =>
      `Reported an issue with order ${order}: ${issue}; verified by ${by}; ${next}.`,
  },
  nl: {
    verifiedBy: { email: "e-mail", phone: "telefoon", email_code: "een per e-mail gestuurde code" },
    answered: "het antwoord van de winkel is getoond",
    handedOff: "doorgegeven aan het team",
    sentence: (order, issue, by, next) =>
      `Probleem gemeld met bestelling ${order}: ${issue}; geverifieerd via ${by}; ${next}.`,
  },
  he: {
    verifiedBy: { email: "אימייל", phone: "טלפון", email_code: "קוד שנשלח באימייל" },
    answered: "הוצגה תשובת החנות",
    handedOff: "הועבר לצוות",
    sentence: (order, issue, by, next) => `דווחה בעיה בהזמנה ${order}: ${issue}; אומת באמצעות ${by}; ${next}.`,
  },
};

/** "Where is my parcel? › It says delivered": a sub-issue with the heading it was picked under. */
export function issuePath(issue: { question: string; parentQuestion: string | null }): string {
  return issue.parentQuestion ? `${issue.parentQuestion} › ${issue.question}` : issue.question;
}

export function issueEventText(
  language: VisitorLanguage,
  event: {
    orderName: string;
    question: string;
    parentQuestion: string | null;
    verifiedBy: string;
    isHandedOff: boolean;
  },
): string {
  const words = WORDING[language];
  return words.sentence(
    event.orderName,
    issuePath(event),
    words.verifiedBy[event.verifiedBy] ?? event.verifiedBy,
    event.isHandedOff ? words.handedOff : words.answered,
  );
}
