import type { ResponseTone, VisitorLanguage } from "@harbor/contract/ai-agent";

/**
 * Everything the local engine says in its own words, per visitor language. The facts it gives
 * are the knowledge base's sentences as written; only these frames are Harbor's. Dutch uses
 * "je" (as Dutch web shops do), Hebrew the plural "you" (אתם), which reads naturally to
 * everyone without guessing the visitor's gender.
 *
 * Templates take `{name}` (the persona's name) and `{title}` (a help article's title).
 */
export type LocalPhrases = {
  /** Said before the facts; several per tone so repeated answers don't all start the same. Empty means none. */
  openers: Record<ResponseTone, string[]>;
  /** The first answer of a chat in a friendly or casual tone introduces the persona. */
  greetings: { friendly: string; casual: string };
  /** Nothing in the help articles answers the question. */
  noMatch: string;
  /** The question is about the visitor's own order: start the lookup or hand off, never guess a status. */
  orderFlow: string;
  /** The answer engine failed; offer a person. */
  providerFailed: string;
  /** Introduces facts quoted from one help article (used when they are in another language than the visitor's). */
  sourceLeadIn: string;
  /** The same, for facts from several pages or from product pages. */
  sourcesLeadIn: string;
};

export const localPhrases: Record<VisitorLanguage, LocalPhrases> = {
  en: {
    openers: {
      normal: [""],
      formal: ["Thank you for your question."],
      friendly: ["Happy to help!", "Good question!", "Glad you asked!"],
      casual: ["Sure thing!", "No problem!", "Got you covered."],
      funny: [
        "Great question — I dusted off our help articles for this one.",
        "Ooh, I know this one!",
        "Consider this my moment to shine.",
      ],
    },
    greetings: { friendly: "Hi, I'm {name}!", casual: "Hey, {name} here!" },
    noMatch: "I couldn't find that in our help articles. Would you like me to connect you with a person?",
    orderFlow:
      "I can look that up for you. Please share your order number and the e-mail address you ordered with, or I can connect you with a person.",
    providerFailed: "Sorry, I can't answer right now. Would you like me to connect you with a person?",
    sourceLeadIn: "Based on our help article “{title}”:",
    sourcesLeadIn: "Here's what I found in our help pages:",
  },
  nl: {
    openers: {
      normal: [""],
      formal: ["Dank u voor uw vraag."],
      friendly: ["Ik help je graag!", "Goede vraag!", "Leuk dat je het vraagt!"],
      casual: ["Tuurlijk!", "Geen probleem!", "Komt goed."],
      funny: [
        "Goede vraag — ik heb onze hulpartikelen er even op nageslagen.",
        "Deze weet ik!",
        "Dit is mijn moment om te schitteren.",
      ],
    },
    greetings: { friendly: "Hoi, ik ben {name}!", casual: "Hé, {name} hier!" },
    noMatch: "Dat kon ik niet vinden in onze hulpartikelen. Zal ik je doorverbinden met een medewerker?",
    orderFlow:
      "Dat zoek ik graag voor je op. Stuur me je bestelnummer en het e-mailadres waarmee je hebt besteld, of ik verbind je door met een medewerker.",
    providerFailed:
      "Sorry, het lukt me nu niet om je vraag te beantwoorden. Zal ik je doorverbinden met een medewerker?",
    sourceLeadIn: "Volgens ons hulpartikel “{title}”:",
    sourcesLeadIn: "Dit vond ik in onze hulppagina's:",
  },
  he: {
    openers: {
      normal: [""],
      formal: ["תודה על פנייתכם."],
      friendly: ["בשמחה!", "שאלה טובה!", "אשמח לעזור!"],
      casual: ["בטח!", "אין בעיה!", "סגור, הנה:"],
      funny: ["שאלה מצוינת — חפרתי בשבילכם במאמרי העזרה שלנו.", "על זה יש לי תשובה!", "זה הרגע שלי לזרוח."],
    },
    greetings: { friendly: "היי, כאן {name}!", casual: "היי, {name} כאן!" },
    noMatch: "לא מצאתי את זה במאמרי העזרה שלנו. תרצו שאחבר אתכם לנציג?",
    orderFlow: "אשמח לבדוק את זה. שלחו לי את מספר ההזמנה ואת כתובת האימייל שאיתה הזמנתם, או שאחבר אתכם לנציג.",
    providerFailed: "סליחה, כרגע אין באפשרותי לענות. תרצו שאחבר אתכם לנציג?",
    sourceLeadIn: 'לפי מאמר העזרה שלנו "{title}":',
    sourcesLeadIn: "זה מה שמצאתי בדפי העזרה שלנו:",
  },
};

/** Fills `{name}` and `{title}` placeholders; unknown placeholders are left as they are. */
export function fillPhrase(template: string, values: { name?: string; title?: string }): string {
  return template.replace(/\{(name|title)\}/g, (placeholder, key: "name" | "title") => values[key] ?? placeholder);
}
