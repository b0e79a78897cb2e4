import type { VisitorLanguage } from "@harbor/contract/ai-agent";

/**
 * What the AI says in the conversation's own moves (hello, thanks, handing over, asking for order
 * details), per visitor language, for every engine. Dutch uses "je", Hebrew the plural "you"
 * (אתם), as the engine's other phrases do. `{name}` is the persona's name; `{order}` the order
 * details as the visitor gave them, `{number}` the order number.
 */
export type TurnPhrases = {
  /** Reply to a hello: introduces the persona the first time only. */
  greetingFirst: string;
  greetingAgain: string;
  thanks: string;
  goodbye: string;
  /** "No thanks" to an offer. */
  offerDeclined: string;
  /** "Yes" with nothing on the table. */
  affirmedNothing: string;
  /** A person was asked for (in words or with the button): the chat goes to the team. */
  handoff: string;
  /** A photo of a damaged or wrong item: straight to a person. */
  damageHandoff: string;
  /** The visitor is unhappy: apologise and offer a person. */
  offerHandoffUnhappy: string;
  /** Order questions: ask for what a lookup needs, and only what is still missing. */
  orderAskAll: string;
  orderAskNumber: string;
  orderAskContact: string;
  /** Everything is there, but no shop is connected to look it up in: a person takes it, with the details. */
  orderHandoff: string;
  /** The shop did not answer the lookup: a person takes it, with the details. */
  orderUnavailable: string;
  /** No order with that number and contact (which of the two was wrong is not said). */
  orderNotFound: string;
  /** Too many failed lookups: no more lookups for now, a person is offered. */
  orderLocked: string;
  /** The order's state, from the shop's own data; `{number}` without its #. */
  orderStatusCancelled: string;
  orderStatusRefunded: string;
  orderStatusDelivered: string;
  orderStatusOutForDelivery: string;
  orderStatusShipped: string;
  orderStatusPartlyShipped: string;
  orderStatusProcessing: string;
  orderStatusFailed: string;
  /** The shipment on its way: `{carrier}`, `{tracking}`. */
  orderTracking: string;
  orderCardBelow: string;
};

/**
 * A handoff says a person takes over, never where they will answer: the widget's handoff card
 * under the reply says that, in the shop's configured way (in this chat, by e-mail through the
 * ticket form, WhatsApp), and two promises that disagree leave the visitor unsure which to trust.
 */
export const turnPhrases: Record<VisitorLanguage, TurnPhrases> = {
  en: {
    greetingFirst: "Hi, I'm {name}. What can I help you with?",
    greetingAgain: "Hi again! What else can I help you with?",
    thanks: "You're welcome! Is there anything else I can help with?",
    goodbye: "Goodbye, and thanks for stopping by!",
    offerDeclined: "All right. Is there anything else I can help with?",
    affirmedNothing: "Great. What can I help you with?",
    handoff: "Of course. I've asked our team to take over this chat, and a person will get back to you.",
    damageHandoff:
      "I'm sorry it reached you like this. I've passed this chat, with your photo, to our team, and a person will sort it out with you.",
    offerHandoffUnhappy: "I'm sorry to hear that. Would you like me to connect you with a person from our team?",
    orderAskAll:
      "I can help with your order. Please send me your order number and the e-mail address or phone number you ordered with.",
    orderAskNumber: "Thanks. What is your order number?",
    orderAskContact: "Which e-mail address or phone number did you place order #{number} with?",
    orderHandoff:
      "Thank you. I can't open orders from this chat, so I've passed {order} to our team, and a person will get back to you.",
    orderUnavailable:
      "I can't reach our order system right now, so I've passed {order} to our team, and a person will get back to you.",
    orderNotFound:
      "I couldn't find order #{number} with that e-mail address or phone number. Please check both and send them again.",
    orderLocked:
      "I couldn't match those details to an order, so I'll stop looking orders up for now. Would you like me to connect you with a person from our team?",
    orderStatusCancelled: "Order #{number} was cancelled.",
    orderStatusRefunded: "Order #{number} has been refunded.",
    orderStatusDelivered: "Order #{number} has been delivered.",
    orderStatusOutForDelivery: "Order #{number} is out for delivery.",
    orderStatusShipped: "Order #{number} has been shipped and is on its way.",
    orderStatusPartlyShipped: "Part of order #{number} has been shipped; the rest is still being prepared.",
    orderStatusProcessing: "Order #{number} hasn't shipped yet: it is being prepared.",
    orderStatusFailed: "There was a problem delivering order #{number}.",
    orderTracking: "Carrier: {carrier}, tracking number {tracking}.",
    orderCardBelow: "You'll find the details below.",
  },
  nl: {
    greetingFirst: "Hoi, ik ben {name}. Waarmee kan ik je helpen?",
    greetingAgain: "Hoi! Waarmee kan ik je nog meer helpen?",
    thanks: "Graag gedaan! Kan ik je nog ergens anders mee helpen?",
    goodbye: "Tot ziens, en bedankt voor je bezoek!",
    offerDeclined: "Prima. Kan ik je nog ergens anders mee helpen?",
    affirmedNothing: "Fijn. Waarmee kan ik je helpen?",
    handoff: "Natuurlijk. Ik heb ons team gevraagd deze chat over te nemen; een medewerker komt bij je terug.",
    damageHandoff:
      "Vervelend dat het zo bij je aankwam. Ik heb deze chat met je foto doorgezet naar ons team; een medewerker lost het met je op.",
    offerHandoffUnhappy: "Wat vervelend om te horen. Zal ik je doorverbinden met een medewerker van ons team?",
    orderAskAll:
      "Ik help je graag met je bestelling. Stuur me je bestelnummer en het e-mailadres of telefoonnummer waarmee je hebt besteld.",
    orderAskNumber: "Bedankt. Wat is je bestelnummer?",
    orderAskContact: "Met welk e-mailadres of telefoonnummer heb je bestelling #{number} geplaatst?",
    orderHandoff:
      "Dank je. Ik kan bestellingen niet vanuit deze chat openen, dus ik heb {order} doorgegeven aan ons team; een medewerker komt bij je terug.",
    orderUnavailable:
      "Ik kan ons bestelsysteem nu niet bereiken, dus ik heb {order} doorgegeven aan ons team; een medewerker komt bij je terug.",
    orderNotFound:
      "Ik kan bestelling #{number} met dat e-mailadres of telefoonnummer niet vinden. Controleer ze allebei en stuur ze nog eens.",
    orderLocked:
      "Ik kon die gegevens niet aan een bestelling koppelen, dus ik zoek voorlopig geen bestellingen meer op. Wil je dat ik je doorverbind met een medewerker?",
    orderStatusCancelled: "Bestelling #{number} is geannuleerd.",
    orderStatusRefunded: "Bestelling #{number} is terugbetaald.",
    orderStatusDelivered: "Bestelling #{number} is bezorgd.",
    orderStatusOutForDelivery: "Bestelling #{number} is bij de bezorger en komt eraan.",
    orderStatusShipped: "Bestelling #{number} is verzonden en onderweg.",
    orderStatusPartlyShipped: "Een deel van bestelling #{number} is verzonden; de rest wordt nog klaargemaakt.",
    orderStatusProcessing: "Bestelling #{number} is nog niet verzonden: we maken hem klaar.",
    orderStatusFailed: "Er ging iets mis bij het bezorgen van bestelling #{number}.",
    orderTracking: "Vervoerder: {carrier}, trackingnummer {tracking}.",
    orderCardBelow: "Hieronder zie je de details.",
  },
  he: {
    greetingFirst: "היי, כאן {name}. במה אפשר לעזור?",
    greetingAgain: "היי שוב! במה עוד אפשר לעזור?",
    thanks: "בשמחה! יש עוד משהו שאפשר לעזור בו?",
    goodbye: "להתראות, ותודה שפניתם!",
    offerDeclined: "בסדר גמור. יש עוד משהו שאפשר לעזור בו?",
    affirmedNothing: "מצוין. במה אפשר לעזור?",
    handoff: "כמובן. ביקשתי מהצוות שלנו לקחת את השיחה, ונציג יחזור אליכם.",
    damageHandoff: "מצטערים שזה הגיע אליכם כך. העברתי את השיחה, עם התמונה, לצוות שלנו, ונציג יטפל בזה איתכם.",
    offerHandoffUnhappy: "מצטערים לשמוע. תרצו שאחבר אתכם לנציג מהצוות שלנו?",
    orderAskAll: "אשמח לעזור עם ההזמנה. שלחו לי את מספר ההזמנה ואת כתובת האימייל או מספר הטלפון שאיתם הזמנתם.",
    orderAskNumber: "תודה. מה מספר ההזמנה?",
    orderAskContact: "באיזו כתובת אימייל או מספר טלפון ביצעתם את הזמנה #{number}?",
    orderHandoff: "תודה. אין לי אפשרות לפתוח הזמנות מהצ'אט הזה, אז העברתי את {order} לצוות שלנו, ונציג יחזור אליכם.",
    orderUnavailable: "אין לי גישה למערכת ההזמנות כרגע, אז העברתי את {order} לצוות שלנו, ונציג יחזור אליכם.",
    orderNotFound: "לא מצאתי את הזמנה #{number} עם כתובת האימייל או מספר הטלפון האלה. בדקו את שניהם ושלחו אותם שוב.",
    orderLocked:
      "לא הצלחתי להתאים את הפרטים האלה להזמנה, ולכן אפסיק לחפש הזמנות בינתיים. תרצו שאחבר אתכם לנציג מהצוות שלנו?",
    orderStatusCancelled: "הזמנה #{number} בוטלה.",
    orderStatusRefunded: "הזמנה #{number} זוכתה.",
    orderStatusDelivered: "הזמנה #{number} נמסרה.",
    orderStatusOutForDelivery: "הזמנה #{number} יצאה למסירה.",
    orderStatusShipped: "הזמנה #{number} נשלחה והיא בדרך.",
    orderStatusPartlyShipped: "חלק מהזמנה #{number} נשלח; השאר עדיין בהכנה.",
    orderStatusProcessing: "הזמנה #{number} עוד לא נשלחה: היא בהכנה.",
    orderStatusFailed: "הייתה בעיה במסירת הזמנה #{number}.",
    orderTracking: "חברת משלוחים: {carrier}, מספר מעקב {tracking}.",
    orderCardBelow: "הפרטים מופיעים למטה.",
  },
};

type PhraseValues = { name?: string; order?: string; number?: string; carrier?: string; tracking?: string };

export function fillTurnPhrase(template: string, values: PhraseValues): string {
  return template.replace(
    /\{(name|order|number|carrier|tracking)\}/g,
    (placeholder, key: keyof PhraseValues) => values[key] ?? placeholder,
  );
}
