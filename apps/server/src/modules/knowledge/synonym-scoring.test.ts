import { describe, expect, it } from "vitest";
import { companyWithArticles } from "../../../test/articles-company";

/**
 * Full-text ranking scores the words of one concept as one term (Lucene's SynonymQuery does the
 * same): a town the question names stands for its country too, and the rarer of the two words
 * must not win merely by being rarer. The Antwerp store's page, which says "delivery costs" in
 * passing, used to outrank the delivery page whose title names Belgium: "Antwerp" is on two
 * pages, "Belgium" on six.
 */
const PAGES = [
  { title: "Click & Collect in Antwerp", content: "Collect your order at our Antwerp store: no delivery costs." },
  { title: "Delivery in Belgium", content: "Standard delivery costs €3.90." },
  { title: "Returns", content: "Returns from Belgium are free within 30 days." },
  { title: "Paying with Bancontact", content: "Bancontact works for addresses in Belgium only." },
  { title: "Invoices", content: "Businesses in Belgium get an invoice with VAT." },
  { title: "Refill bar", content: "Our refill bars are in Belgium and the Netherlands." },
  { title: "Gift cards", content: "Gift cards are valid for two years." },
  { title: "Skin consultations", content: "Book a free video consultation with our skin experts." },
  { title: "Empties back", content: "Bring your empty jars back and get a discount." },
  { title: "Allergies", content: "Every ingredient is listed on the product page." },
  { title: "Contact", content: "Call us on weekdays between 10:00 and 16:00." },
  { title: "Loyalty", content: "Earn a point for every euro you spend." },
];

const { titles } = companyWithArticles("owner@synonyms.example", PAGES);

describe("synonyms in full-text ranking", () => {
  it("ranks the page about the town's country above a page that names the town in passing", async () => {
    expect((await titles("how much is shipping to antwerp"))[0]).toBe("Delivery in Belgium");
  });

  it("still finds the page that names the town when the question is about the town", async () => {
    expect((await titles("opening hours of the antwerp store"))[0]).toBe("Click & Collect in Antwerp");
  });
});
