import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import { normaliseForMatching } from "../embeddings/local-hashing-embedder";

/**
 * Questions about the visitor's *own* order (where is it, has it shipped, cancel it, did you get
 * my return) need the order itself, which no help article holds; answering them from the
 * knowledge base would mean guessing a status. Shared by the local classifier and answerer.
 *
 * Two signals, in English, Dutch and Hebrew whatever the detected language (visitors mix):
 * an order number ("#1043", "order 1078", "bestelling 1102"), or "my order/package" together
 * with a status or action word ("where", "hasn't arrived", "annuleren", "לא הגיעה"). General
 * questions that merely mention orders ("can I add something to my order?", "if I send the
 * whole order back…") have neither and stay with the help articles.
 */
const ORDER_NUMBER =
  /#\s?\d{3,}|(?<![\p{L}])(?:order|orders|ordernummer|order number|bestelnummer|bestelling|ordernr|הזמנה|ההזמנה|מספר הזמנה)\s*(?:number|nummer|nr\.?|no\.?|מספר)?\s*#?\s*\d{3,}/u;

const MY_ORDER = [
  /\b(?:my|our)\s+(?:order|orders|package|parcel|delivery|shipment|purchase)\b/,
  /\b(?:mijn|onze)\s+(?:bestelling|bestellingen|pakket|pakketje|zending|order|levering)\b/,
  /(?:ההזמנה|החבילה|המשלוח)\s+שלי|(?:ההזמנה|החבילה)\s+(?:לא|עדיין|טרם)/,
];

const STATUS = [
  /\b(?:where|where's|wheres|status|track|tracking|trace|arrived?|received?|shipped|dispatched|delayed|late|lost|missing|stuck|cancel|cancell?ed|cancellation|hasn't|hasnt|has not|still not|not yet|update)\b/,
  /\b(?:waar|status|volgen|annuleren|annuleer|geannuleerd|ontvangen|binnen|verzonden|vertraagd|kwijt|blijft|nog niet|nog steeds niet|niet aangekomen)\b/,
  /איפה|סטטוס|מעקב|לבטל|ביטול|לא הגיע|עדיין לא|טרם|התעכב|נשלח|מתי|יגיע|תגיע|יישלח|תישלח/,
];

/**
 * Waiting for something of theirs, or asking after their own refund: "still waiting for my bike",
 * "I want to check on my refund", "wacht al twee weken op mijn fiets", "מחכה להחזר כספי".
 */
const OWN_WAIT_OR_REFUND = [
  /\b(?:waiting|still waiting|been waiting|wait)\b.{0,20}\b(?:for|on) (?:my|our)\b/,
  /\b(?:my|our) (?:refund|money|return)\b.{0,40}\b(?:check|where|when|status|still|not|yet|waiting|received|processed)\b/,
  /\b(?:check|where|status)\b.{0,25}\b(?:my|our) (?:refund|money back|return)\b/,
  /\b(?:wacht|wachten|wachtend)\b.{0,30}\bop (?:mijn|onze|m'n)\b/,
  /\b(?:mijn|onze) (?:terugbetaling|geld|retour)\b.{0,40}\b(?:waar|wanneer|status|nog|niet|ontvangen|verwerkt)\b/,
  /(?:מחכה|מחכים|מחכָּה).{0,25}(?:ל?החזר|ל?הזמנה|ל?משלוח|ל?חבילה|ל?כסף|שלי)/,
  /(?:ההחזר|הכסף|ההחזרה)(?: הכספי)? שלי/,
];

export function isOrderSpecificQuestion(question: string, _language: VisitorLanguage): boolean {
  const text = normaliseForMatching(question);
  if (ORDER_NUMBER.test(text)) return true;
  if (OWN_WAIT_OR_REFUND.some((pattern) => pattern.test(text))) return true;
  return MY_ORDER.some((pattern) => pattern.test(text)) && STATUS.some((pattern) => pattern.test(text));
}
