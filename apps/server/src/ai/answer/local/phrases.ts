import type { VisitorLanguage } from "@harbor/contract/ai-agent";

/**
 * Everything the local engine says in its own words, per visitor language. The facts it gives
 * are the knowledge base's sentences as written; only these frames are Harbor's. Dutch uses
 * "je" (as Dutch web shops do), Hebrew the plural "you" (אתם), which reads naturally to
 * everyone without guessing the visitor's gender. Answers open with the facts: no stock openers
 * ("Good question!") and no introduction (the conversation's greeting does that once, turn-phrases.ts).
 *
 * Templates take `{name}` (the persona's name) and `{title}` (a help article's title).
 */
export type LocalPhrases = {
  /** Nothing in the help articles answers the question. */
  noMatch: string;
  /** The question is about the visitor's own order: start the lookup or hand off, never guess a status. */
  orderFlow: string;
  /** The answer engine failed; offer a person. */
  providerFailed: string;
  /** One part of a two-part question has no answer in the articles; `{part}` is that part. */
  partNotFound: string;
  /** Introduces facts quoted from one help article (used when they are in another language than the visitor's). */
  sourceLeadIn: string;
  /** The same, for facts from several pages or from product pages. */
  sourcesLeadIn: string;
  /** The first word of the answer to a yes/no question the facts settle. */
  yes: string;
  no: string;
};

export const localPhrases: Record<VisitorLanguage, LocalPhrases> = {
  en: {
    noMatch: "I couldn't find that in our help articles. Would you like me to connect you with a person?",
    orderFlow:
      "I can help with your order. Please send me your order number and the e-mail address or phone number you ordered with.",
    providerFailed: "Sorry, I can't answer right now. Would you like me to connect you with a person?",
    partNotFound:
      "I couldn't find an answer to “{part}” in our help articles; a person from our team can help with that.",
    sourceLeadIn: "Based on our help article “{title}”:",
    sourcesLeadIn: "Here's what I found in our help pages:",
    yes: "Yes.",
    no: "No.",
  },
  nl: {
    noMatch: "Dat kon ik niet vinden in onze hulpartikelen. Zal ik je doorverbinden met een medewerker?",
    orderFlow:
      "Ik help je graag met je bestelling. Stuur me je bestelnummer en het e-mailadres of telefoonnummer waarmee je hebt besteld.",
    providerFailed:
      "Sorry, het lukt me nu niet om je vraag te beantwoorden. Zal ik je doorverbinden met een medewerker?",
    partNotFound:
      "Op “{part}” vond ik geen antwoord in onze hulpartikelen; een medewerker van ons team kan je daarmee helpen.",
    sourceLeadIn: "Volgens ons hulpartikel “{title}”:",
    sourcesLeadIn: "Dit vond ik in onze hulppagina's:",
    yes: "Ja.",
    no: "Nee.",
  },
  he: {
    noMatch: "לא מצאתי את זה במאמרי העזרה שלנו. תרצו שאחבר אתכם לנציג?",
    orderFlow: "אשמח לעזור עם ההזמנה. שלחו לי את מספר ההזמנה ואת כתובת האימייל או מספר הטלפון שאיתם הזמנתם.",
    providerFailed: "סליחה, כרגע אין באפשרותי לענות. תרצו שאחבר אתכם לנציג?",
    partNotFound: "לא מצאתי במאמרי העזרה שלנו תשובה ל„{part}”; נציג מהצוות שלנו יוכל לעזור בזה.",
    sourceLeadIn: 'לפי מאמר העזרה שלנו "{title}":',
    sourcesLeadIn: "זה מה שמצאתי בדפי העזרה שלנו:",
    yes: "כן.",
    no: "לא.",
  },
};

/** Fills `{name}` and `{title}` placeholders; unknown placeholders are left as they are. */
export function fillPhrase(template: string, values: { name?: string; title?: string }): string {
  return template.replace(/\{(name|title)\}/g, (placeholder, key: "name" | "title") => values[key] ?? placeholder);
}
