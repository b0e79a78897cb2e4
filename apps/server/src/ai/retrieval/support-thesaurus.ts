import { wordsOf } from "../embeddings/local-hashing-embedder";
import { withoutHebrewPrefixes } from "../lexicon/hebrew-prefixes";
import { LEXICON_ENGLISH, LEXICON_GROUPS } from "../lexicon/lexicon-groups";
import { COUNTRY_NAMES, countryOfPlace, placesIn } from "../lexicon/places";
import { detectLanguage } from "./detect-language";

/**
 * Words shop visitors and help articles use for the same thing, in English, Dutch and Hebrew.
 * Retrieval without a language model misses "shipping" vs "delivery", or a Dutch question about
 * an English page; expanding the question with its group's words closes much of that gap
 * (docs/decisions/004-local-retrieval.md has the before/after figures). Each line is one group.
 */
const GROUPS = [
  "shipping ship shipped ships delivery deliver delivered delivers postage dispatch dispatched courier carrier parcel package verzending verzenden verzonden bezorging bezorgen bezorgd levering leveren geleverd pakket zending opsturen versturen sturen משלוח משלוחים שליח שליחות שליחויות חבילה",
  "cost costs price prices fee fees charge charged pay much tariff kosten kost prijs prijzen tarief betalen עולה עלות מחיר מחירים תשלום",
  "return returns returning returned send back refund refunds money back terugsturen retour retourneren retourneer terug terugbetaling geld החזרה החזרות להחזיר החזר זיכוי",
  "exchange exchanges swap different size ruilen omruilen ruil החלפה להחליף",
  "warranty guarantee guaranteed covered defect defective faulty broke broken repair garantie defect kapot reparatie אחריות תקלה פגום שבור תיקון",
  "damaged damage hole torn scratched arrived broken beschadigd schade kapot gat פגום נזק חור קרוע",
  "order orders ordered purchase bought buy bestelling bestellen besteld gekocht kopen הזמנה הזמנתי קניתי לקנות",
  "cancel cancelled cancellation change annuleren annulering wijzigen לבטל ביטול לשנות",
  "track tracking trace where status volgen track-trace waar מעקב איפה",
  "pay payment payments accepteren accepteert method ideal card credit paypal klarna later afterpay betalen betaling betaalmethode betaalmethoden betaalwijze betaalwijzen betaalopties achteraf kaart תשלום לשלם כרטיס אשראי",
  "gift card giftcard voucher cadeaukaart cadeaubon tegoedbon כרטיס מתנה שובר",
  "discount code coupon promo sale korting kortingscode actie הנחה קוד קופון",
  "size sizes sizing fit fits measure maat maten pasvorm מידה מידות",
  "wash washing clean cleaning care dry dryer tumble iron wassen wasmachine drogen droger onderhoud כביסה לכבס ניקוי טיפול ייבוש מייבש",
  "store stores shop shops location address visit winkel winkels adres חנות חנויות כתובת סניף",
  "hours open opening closed times openingstijden open gesloten שעות פתיחה פתוח",
  "account login password email profile privacy data delete account inloggen wachtwoord gegevens חשבון סיסמה התחברות פרטיות",
  "subscription subscribe club monthly skip abonnement maandelijks מנוי",
  "points loyalty rewards trailpoints punten spaarpunten נקודות",
  'customs duties duty import vat tax taxes douane invoerrechten btw מכס מע"מ מס יבוא',
  'international abroad worldwide outside buitenland internationaal לחו"ל בינלאומי',
  "pickup collect click point afhalen ophalen afhaalpunt איסוף",
  "days day weeks long time period within dagen dag weken termijn ימים יום תקופה זמן",
  "tomorrow next day morgen מחר",
  "netherlands dutch holland nederland nederlandse הולנד",
  "belgium belgië belgie בלגיה",
  "luxembourg luxemburg לוקסמבורג",
  "germany duitsland גרמניה",
  "israel ישראל",
  "united kingdom uk britain england brittannië engeland בריטניה אנגליה",
  'united states usa us america verenigde staten amerika ארה"ב אמריקה',
  "europe eu european europa אירופה austria belgium bulgaria croatia cyprus czechia denmark estonia finland france greece hungary ireland italy latvia lithuania malta poland portugal romania slovakia slovenia spain sweden oostenrijk frankrijk italië spanje",
  "electronics electronic electrical device gadget battery charger headlamp torch gps watch smartwatch elektronica apparaat batterij oplader אלקטרוניקה מכשיר סוללה מטען",
  "boots boot shoes shoe footwear hiking wandelschoenen schoenen laarzen נעליים נעלי מגפיים",
  "jacket jackets coat raincoat shell jas regenjas מעיל מעילים",
  "watch horloge שעון",
  "headlamp head torch lamp hoofdlamp פנס",
  "temperature degrees temperatuur graden טמפרטורה מעלות",
  "valid expire expires expiry validity geldig verloopt geldigheid תוקף בתוקף",
];

const wordToGroup = new Map<string, number>();
// A written form with a quote or hyphen ("ארה\"ב", "מע\"מ") falls apart into words; a one-letter
// piece ("ב", "מ") is a Hebrew prefix letter, not the group's word.
for (const [index, group] of GROUPS.entries()) {
  for (const word of wordsOf(group)) if (word.length > 1 && !wordToGroup.has(word)) wordToGroup.set(word, index);
}

/**
 * The shop-support lexicon's concepts, reached by their Dutch and Hebrew words only, and only when
 * a Dutch or Hebrew question is searched (`questionConcepts(…, { translate: true })` on a question
 * that is not English): they bring
 * the English (and Dutch) words of a concept into the search, so "vrijdag" or "המקרר" finds an
 * English page. English words stay with the groups above: the lexicon's English synonyms widen an
 * English question too far (shop-a's English answers fell from 78 to 47 %), and Dutch words spelt
 * like English ones ("do", Thursday; "pocket", a paperback) would hijack English questions.
 * The answer step does not use them (decision 004, "The lexicon in retrieval").
 */
const LEXICON_OFFSET = GROUPS.length;
const translationToGroup = new Map<string, number>();
for (const [index, group] of LEXICON_GROUPS.entries()) {
  for (const word of group.translationWords) {
    if (!wordToGroup.has(word) && !translationToGroup.has(word) && !LEXICON_ENGLISH.has(word)) {
      translationToGroup.set(word, LEXICON_OFFSET + index);
    }
  }
}
const groupText = (group: number) =>
  group < LEXICON_OFFSET ? (GROUPS[group] ?? "") : (LEXICON_GROUPS[group - LEXICON_OFFSET]?.words.join(" ") ?? "");

export type QueryConcept = { key: string; text: string };

/**
 * The question as concepts: each word on its own, except that words of one thesaurus group
 * become a single concept holding the whole group (with `places`, a town joins its country's). Retrieval scores a passage once per concept
 * (its best-matching word), so ten synonyms of "shipping" count as one match, not ten.
 */
export function questionConcepts(
  question: string,
  options: { translate?: boolean; places?: boolean } = {},
): QueryConcept[] {
  const concepts = new Map<string, QueryConcept>();
  const translate = options.translate === true && detectLanguage(question) !== "en";
  const groupOf = (word: string) => wordToGroup.get(word) ?? (translate ? translationToGroup.get(word) : undefined);
  const words = wordsOf(question);
  // Only a question's places stand for their country: in a help page, "our Utrecht store" is not
  // about the Netherlands' delivery.
  const places = options.places === true ? countriesOfPlaces(words) : new Map<number, PlaceCountry>();
  for (const [index, word] of words.entries()) {
    const place = places.get(index);
    const ownGroup =
      groupOf(word) ??
      withoutHebrewPrefixes(word)
        .map(groupOf)
        .find((found) => found !== undefined);
    // A town the lexicon knows by name ("antwerpen" → Antwerp) is still in its country: the
    // country's group leads, and the town's own names come along.
    const townNames = ownGroup !== undefined && PLACE_GROUPS.has(ownGroup) ? ` ${groupText(ownGroup)}` : "";
    const group = place && "group" in place && (ownGroup === undefined || townNames) ? place.group : ownGroup;
    if (group === undefined) {
      const text = place && "names" in place ? [word, ...place.names].join(" ") : word;
      concepts.set(`w:${word}`, { key: `w:${word}`, text });
    } else {
      const key = `g:${group}`;
      const existing = concepts.get(key);
      const added = group === ownGroup ? word : `${word}${townNames}`;
      concepts.set(key, { key, text: `${existing?.text ?? groupText(group)} ${added}` });
    }
  }
  return [...concepts.values()];
}

/** The lexicon's concepts that are towns ("antwerp", "haifa"): named as places, not as words. */
const isPlaceConcept = (id: string) => countryOfPlace(wordsOf(id)).length > 0;
const PLACE_GROUPS = new Set(
  LEXICON_GROUPS.flatMap((group, index) => (isPlaceConcept(group.id) ? [LEXICON_OFFSET + index] : [])),
);

/**
 * Words of the lexicon in any language but its towns: a place spelt like one ("bergen", to store;
 * "porto", postage) is read as the word.
 */
const LEXICON_WORDS = new Set(
  LEXICON_GROUPS.filter((group) => !isPlaceConcept(group.id)).flatMap((group) => group.words),
);

/**
 * Each word that names a place, by position, with what its country is called: the country's own
 * thesaurus group ("munich" → the Germany group, "tel aviv" → Israel), or, for a country only a
 * region's group names ("lisbon" → Portugal, in the Europe group), the country's names alone, so
 * that a Lisbon question does not meet "Belgium" as a synonym. A shopper names the town, the help
 * page the country. Words that already have a group or are words of the lexicon stay as they are.
 */
export function countriesOfPlaces(words: string[]): Map<number, PlaceCountry> {
  const found = new Map<number, PlaceCountry>();
  const isPlain = (word: string) => !wordToGroup.has(word) && !LEXICON_WORDS.has(word);
  for (const place of placesIn(words)) {
    const run = words.slice(place.start, place.start + place.length);
    if (!run.every(isPlain)) continue;
    const group = place.country
      .flatMap((name) => wordsOf(name))
      .map((word) => wordToGroup.get(word))
      .find((index) => index !== undefined);
    if (group === undefined) continue;
    const country = isOwnCountryGroup(group) ? { group } : { names: place.country };
    for (let index = place.start; index < place.start + place.length; index++) found.set(index, country);
  }
  return found;
}

/** A place's country as the thesaurus knows it: its own group, or only its names. */
export type PlaceCountry = { group: number } | { names: string[] };

/** Whether a group names one country (Germany's) rather than a region of several (Europe's). */
function isOwnCountryGroup(group: number): boolean {
  const words = new Set(wordsOf(groupText(group)));
  return COUNTRY_NAMES.filter((name) => wordsOf(name).every((word) => words.has(word))).length <= 1;
}
