import { describe, expect, it } from "vitest";
import { companyWithArticles } from "../../../test/articles-company";
import { questionConcepts } from "../../ai/retrieval/support-thesaurus";

/**
 * A Dutch or Hebrew question finds an English help page through the shop-support lexicon
 * (ai/lexicon): its words bring their concept's English words into the search. Three pages that
 * share no word with the questions but the one the lexicon translates; each question must rank
 * its own page first.
 */
const PAGES = [
  { title: "Weekend deliveries", content: "Our couriers deliver Monday to Friday. Saturday delivery costs €6." },
  { title: "Appliance care", content: "Defrost the refrigerator twice a year and clean its seals with warm water." },
  { title: "Spare parts", content: "A spare e-bike battery for our city models is €549, fitted for free." },
];

const { titles } = companyWithArticles("owner@lexicon.example", PAGES);
const firstTitle = async (query: string) => (await titles(query))[0];

describe("the lexicon in retrieval", () => {
  it("leads a Dutch or Hebrew question to the English page that names the same thing", async () => {
    expect(await firstTitle("Ook op vrijdag?")).toBe("Weekend deliveries");
    expect(await firstTitle("Hoe vaak de koelkast?")).toBe("Appliance care");
    expect(await firstTitle("כל כמה זמן המקרר?")).toBe("Appliance care");
  });

  it("translates only Dutch and Hebrew words, and only when asked to", () => {
    const dutch = questionConcepts("bezorgen jullie op vrijdag", { translate: true });
    expect(dutch.map((concept) => concept.text).join(" ")).toContain("friday");
    expect(questionConcepts("bezorgen jullie op vrijdag").map((concept) => concept.text)).toContain("vrijdag");
    // "do" is Dutch shorthand for Thursday and "pocket" a paperback: English words are never translated.
    const english = questionConcepts("do you sell a pocket knife", { translate: true });
    expect(english.map((concept) => concept.text).join(" ")).not.toMatch(/thursday|donderdag|book/);
  });
});
