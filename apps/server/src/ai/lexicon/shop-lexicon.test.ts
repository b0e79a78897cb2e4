import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * The shop-support lexicon is data, so these tests are its schema and its editors' checklist:
 * every rule in README.md that a machine can check is checked here, and the sample lookups are
 * questions-words a shopper types, written for this file (never taken from an eval set).
 */

const LANGUAGES = ["en", "nl", "he"] as const;
type Language = (typeof LANGUAGES)[number];

const entrySchema = z.string().min(1);
const conceptSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are kebab-case"),
  en: z.array(entrySchema).min(1),
  nl: z.array(entrySchema).min(1),
  he: z.array(entrySchema).min(1),
  related: z.array(z.string()).min(1).optional(),
});
type Concept = z.infer<typeof conceptSchema>;

const raw = readFileSync(new URL("./shop-lexicon.json", import.meta.url), "utf8");
const lexicon: Concept[] = z.array(conceptSchema).parse(JSON.parse(raw));
const byId = new Map(lexicon.map((concept) => [concept.id, concept]));

/** Related concepts are a weaker match in both directions, so the relation is read as symmetric. */
function areRelated(a: string, b: string): boolean {
  return Boolean(byId.get(a)?.related?.includes(b) || byId.get(b)?.related?.includes(a));
}

/**
 * One written form that two unrelated concepts genuinely share in a language. Each is a real
 * homograph, not a shortcut: the matcher has to live with it, so it is named here with its reason.
 */
const SHARED_ENTRIES: { language: Language; entry: string; concepts: [string, string]; reason: string }[] = [
  {
    language: "he",
    entry: "כסף",
    concepts: ["money", "silver"],
    reason: "Hebrew has one word for money and for the metal silver",
  },
  {
    language: "nl",
    entry: "ketting",
    concepts: ["necklace", "bike-chain"],
    reason: "Dutch calls a necklace and a bicycle chain both 'ketting'",
  },
  {
    language: "nl",
    entry: "kettingen",
    concepts: ["necklace", "bike-chain"],
    reason: "plural of 'ketting': necklaces and bicycle chains",
  },
  {
    language: "he",
    entry: "שרשרת",
    concepts: ["necklace", "bike-chain"],
    reason: "Hebrew calls a necklace and a bicycle chain both 'שרשרת'",
  },
  {
    language: "he",
    entry: "שרשראות",
    concepts: ["necklace", "bike-chain"],
    reason: "plural of 'שרשרת': necklaces and bicycle chains",
  },
];

/** Hebrew one-letter prefixes (and, the, in, to, from, that, as) the engine strips from a word. */
const HEBREW_PREFIX = /^[והבלמשכ]/;

/**
 * The lookup a matcher does, kept tiny: the exact entry first; for Hebrew, then the word with one
 * and then two prefix letters taken off (never below two letters).
 */
function lookup(text: string, language: Language): string[] {
  const normalised = text.trim().toLowerCase().replace(/\s+/g, " ");
  const candidates = [normalised];
  if (language === "he") {
    let word = normalised;
    for (let i = 0; i < 2 && HEBREW_PREFIX.test(word) && word.length > 3; i++) {
      word = word.slice(1);
      candidates.push(word);
    }
  }
  for (const candidate of candidates) {
    const ids = lexicon.filter((concept) => concept[language].includes(candidate)).map((concept) => concept.id);
    if (ids.length > 0) return ids;
  }
  return [];
}

/** A word reaches its concept strongly and that concept's related concepts weakly. */
function reaches(text: string, language: Language): Set<string> {
  const reached = new Set<string>();
  for (const id of lookup(text, language)) {
    reached.add(id);
    for (const concept of lexicon) if (areRelated(id, concept.id)) reached.add(concept.id);
  }
  return reached;
}

describe("shop-lexicon.json", () => {
  it("has at least 450 concepts", () => {
    expect(lexicon.length).toBeGreaterThanOrEqual(450);
  });

  it("gives every concept a unique id", () => {
    const ids = lexicon.map((concept) => concept.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("writes every entry in lower case, trimmed, with single spaces, once per concept and language", () => {
    const problems: string[] = [];
    for (const concept of lexicon) {
      for (const language of LANGUAGES) {
        const entries = concept[language];
        for (const entry of entries) {
          if (entry !== entry.toLowerCase()) problems.push(`${concept.id}/${language}: "${entry}" is not lower case`);
          if (entry !== entry.trim()) problems.push(`${concept.id}/${language}: "${entry}" has outer spaces`);
          if (/\s{2,}|[^\S ]/.test(entry)) problems.push(`${concept.id}/${language}: "${entry}" has odd spacing`);
        }
        const repeated = entries.filter((entry, index) => entries.indexOf(entry) !== index);
        if (repeated.length > 0) problems.push(`${concept.id}/${language}: repeats ${repeated.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("writes Hebrew entries in Hebrew letters only (no niqqud), with spaces, quotes and hyphens", () => {
    const offenders = lexicon.flatMap((concept) =>
      concept.he.filter((entry) => !/^[\u05d0-\u05ea"' -]+$/.test(entry) || !/[\u05d0-\u05ea]/.test(entry)),
    );
    expect(offenders).toEqual([]);
  });

  it("relates only to concepts that exist, never to itself, each once", () => {
    const problems: string[] = [];
    for (const concept of lexicon) {
      const related = concept.related ?? [];
      for (const id of related) {
        if (!byId.has(id)) problems.push(`${concept.id} → unknown ${id}`);
        if (id === concept.id) problems.push(`${concept.id} → itself`);
      }
      if (new Set(related).size !== related.length) problems.push(`${concept.id} repeats a related id`);
    }
    expect(problems).toEqual([]);
  });

  it("never puts one entry in two unrelated concepts of a language, except the named homographs", () => {
    const allowed = new Set(SHARED_ENTRIES.map(({ language, entry }) => `${language}:${entry}`));
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const owner = new Map<string, string>();
      for (const concept of lexicon) {
        for (const entry of concept[language]) {
          const first = owner.get(entry);
          if (first === undefined) owner.set(entry, concept.id);
          else if (!areRelated(first, concept.id) && !allowed.has(`${language}:${entry}`)) {
            problems.push(`${language} "${entry}": ${first} and ${concept.id}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(SHARED_ENTRIES)(
    "still needs the shared entry $language '$entry' ($reason)",
    ({ language, entry, concepts }) => {
      expect(lookup(entry, language).sort()).toEqual([...concepts].sort());
      expect(areRelated(...concepts)).toBe(false);
    },
  );

  it("keeps a bare 'card' out of payment: credit card and gift card are phrases", () => {
    const bareCard = { en: "card", nl: "kaart", he: "כרטיס" } as const;
    const payment = ["payment", "payment-method", "credit-card", "debit-card", "gift-card", "voucher"];
    for (const language of LANGUAGES) {
      for (const id of payment) expect(byId.get(id)?.[language]).not.toContain(bareCard[language]);
    }
  });
});

describe("sample lookups a shopper's words make", () => {
  it.each<[Language, string, string]>([
    // Delivery and shipping
    ["en", "shipping", "delivery"],
    ["en", "delievery", "delivery"],
    ["nl", "bezorging", "delivery"],
    ["nl", "bezorgin", "delivery"],
    ["he", "משלוח", "delivery"],
    ["he", "והמשלוח", "delivery"],
    ["en", "shipping cost", "shipping-cost"],
    ["en", "postage", "shipping-cost"],
    ["nl", "verzendkosten", "shipping-cost"],
    ["nl", "bezorgkosten", "shipping-cost"],
    ["he", "דמי משלוח", "shipping-cost"],
    ["he", "דמי המשלוח", "shipping-cost"],
    ["nl", "levertijd", "delivery-time"],
    ["he", "זמן אספקה", "delivery-time"],
    ["en", "parcel", "parcel"],
    ["nl", "pakketje", "parcel"],
    ["he", "והחבילה", "parcel"],
    ["en", "track and trace", "tracking"],
    ["nl", "track & trace", "tracking"],
    ["he", "מעקב", "tracking"],
    ["en", "pick-up point", "pickup-point"],
    ["nl", "afhaalpunt", "pickup-point"],
    ["he", "נקודת איסוף", "pickup-point"],
    ["en", "recieve", "receive"],
    ["nl", "ontvangen", "receive"],
    ["he", "קיבלתי", "receive"],
    ["he", "קבלתי", "receive"],
    ["en", "adress", "address"],
    ["nl", "adres", "address"],
    ["he", "לכתובת", "address"],
    ["en", "courier", "courier"],
    ["nl", "bezorger", "courier"],
    ["he", "השליח", "courier"],
    // Returns, refunds, warranty
    ["en", "send back", "return"],
    ["nl", "retourneren", "return"],
    ["nl", "terugsturen", "return"],
    ["he", "להחזיר", "return"],
    ["en", "money back", "refund"],
    ["nl", "terugbetaling", "refund"],
    ["he", "זיכוי", "refund"],
    ["he", "החזר כספי", "refund"],
    ["nl", "retourtermijn", "return-period"],
    ["he", "תקופת החזרה", "return-period"],
    ["nl", "bedenktijd", "cooling-off"],
    ["nl", "omruilen", "exchange"],
    ["he", "להחליף מידה", "exchange"],
    ["en", "warrenty", "warranty"],
    ["nl", "garantie", "warranty"],
    ["he", "אחריות", "warranty"],
    ["en", "faulty", "defective"],
    ["nl", "werkt niet", "not-working"],
    ["he", "לא עובד", "not-working"],
    ["nl", "beschadigd", "damaged"],
    ["he", "הגיע שבור", "damaged"],
    // Orders and payment
    ["en", "cancel", "cancel"],
    ["nl", "annuleren", "cancel"],
    ["he", "לבטל", "cancel"],
    ["nl", "bestelnummer", "order-number"],
    ["he", "מספר הזמנה", "order-number"],
    ["nl", "factuur", "invoice"],
    ["he", "חשבונית מס", "invoice"],
    ["en", "reciept", "receipt"],
    ["nl", "kassabon", "receipt"],
    ["nl", "cadeaubon", "gift-card"],
    ["en", "giftcard", "gift-card"],
    ["he", "תו קנייה", "gift-card"],
    ["nl", "kortingscode", "discount-code"],
    ["he", "קופון", "discount-code"],
    ["nl", "achteraf betalen", "pay-later"],
    ["en", "installments", "instalments"],
    ["he", "בתשלומים", "instalments"],
    ["nl", "pinpas", "debit-card"],
    ["he", "כרטיס אשראי", "credit-card"],
    ["nl", "btw", "vat"],
    ["he", 'מע"מ', "vat"],
    ["nl", "invoerrechten", "customs"],
    ["he", "מכס", "customs"],
    ["he", 'ש"ח', "shekel"],
    // Stock, account, contact
    ["nl", "uitverkocht", "out-of-stock"],
    ["he", "אזל מהמלאי", "out-of-stock"],
    ["nl", "weer op voorraad", "back-in-stock"],
    ["en", "preorder", "pre-order"],
    ["nl", "wachtwoord", "password"],
    ["he", "סיסמה", "password"],
    ["he", "סיסמא", "password"],
    ["nl", "inloggen", "login"],
    ["he", "להתחבר", "login"],
    ["nl", "nieuwsbrief", "newsletter"],
    ["he", "ניוזלטר", "newsletter"],
    ["nl", "openingstijden", "opening-hours"],
    ["he", "שעות פתיחה", "opening-hours"],
    ["nl", "klantenservice", "customer-service"],
    ["he", "נציג אנושי", "human-agent"],
    ["nl", "abonnement opzeggen", "cancel-subscription"],
    ["he", "להקפיא את המנוי", "pause-subscription"],
    // Sizes, materials, care, colours
    ["nl", "maattabel", "size-chart"],
    ["he", "טבלת מידות", "size-chart"],
    ["nl", "valt klein", "too-small"],
    ["he", "קטן עליי", "too-small"],
    ["nl", "katoen", "cotton"],
    ["he", "כותנה", "cotton"],
    ["he", "מעור", "leather"],
    ["nl", "wassen", "wash"],
    ["he", "לכבס", "wash"],
    ["nl", "zwarte", "black"],
    ["he", "שחורה", "black"],
    // Products
    ["en", "tshirt", "tshirt"],
    ["en", "t-shirt", "tshirt"],
    ["he", "טישרט", "tshirt"],
    ["en", "trainers", "sneakers"],
    ["nl", "spijkerbroek", "jeans"],
    ["he", "מכנסיים", "trousers"],
    ["en", "ebike", "e-bike"],
    ["nl", "elektrische fiets", "e-bike"],
    ["he", "אופניים חשמליים", "e-bike"],
    ["nl", "lekke band", "puncture"],
    ["nl", "accu", "bike-battery"],
    ["nl", "oplader", "charger"],
    ["he", "מטען", "charger"],
    ["he", "מזגן", "air-conditioning"],
    ["nl", "vaatwasser", "dishwasher"],
    ["he", "ספה", "sofa"],
    ["nl", "bank", "sofa"],
    ["nl", "zonnebrandcrème", "sunscreen"],
    ["he", "קרם הגנה", "sunscreen"],
    ["nl", "hondenvoer", "pet-food"],
    // Time, quantity, places
    ["en", "business days", "working-day"],
    ["nl", "werkdagen", "working-day"],
    ["he", "ימי עסקים", "working-day"],
    ["he", "שבועיים", "week"],
    ["nl", "hoe lang", "how-long"],
    ["he", "כמה זמן", "how-long"],
    ["en", "dutch", "netherlands"],
    ["nl", "nederlandse", "netherlands"],
    ["he", "הולנדי", "netherlands"],
    ["he", "להולנד", "netherlands"],
    ["nl", "belgië", "belgium"],
    ["nl", "belgie", "belgium"],
    ["he", "בגרמניה", "germany"],
    ["nl", "verenigde staten", "united-states"],
    ["he", 'ארה"ב', "united-states"],
    ["he", 'לחו"ל', "international-shipping"],
    ["nl", "buiten de eu", "non-eu"],
    ["he", "אילת", "eilat"],
    ["he", "חול המועד", "public-holiday"],
    ["nl", "feestdagen", "public-holiday"],
  ])("%s '%s' is %s", (language, text, conceptId) => {
    expect(lookup(text, language)).toEqual([conceptId]);
  });

  it.each<[Language, string, string]>([
    // The brief's example: every language's everyday word reaches what "shipping cost" reaches.
    ["nl", "verzendkosten", "shipping-cost"],
    ["he", "משלוח", "shipping-cost"],
    ["nl", "bezorging", "shipping-cost"],
    ["en", "return", "refund"],
    ["nl", "retour", "refund"],
    ["he", "החזרה", "refund"],
    ["en", "jacket", "clothing"],
    ["nl", "jas", "clothing"],
    ["he", "מעיל", "clothing"],
    ["nl", "racefiets", "bicycle"],
    ["he", "אופני הרים", "bicycle"],
    ["nl", "oorbellen", "jewellery"],
    ["he", "עגילים", "jewellery"],
  ])("%s '%s' reaches %s", (language, text, conceptId) => {
    expect(reaches(text, language)).toContain(conceptId);
  });

  it("keeps return and refund apart, related rather than merged", () => {
    expect(lookup("return", "en")).toEqual(["return"]);
    expect(lookup("refund", "en")).toEqual(["refund"]);
    expect(areRelated("return", "refund")).toBe(true);
  });

  it("finds nothing for words that are not shop vocabulary", () => {
    expect(lookup("the", "en")).toEqual([]);
    expect(lookup("het", "nl")).toEqual([]);
    expect(lookup("אבל", "he")).toEqual([]);
  });
});
