import type { Cheerio, CheerioAPI } from "cheerio";
import type { AnyNode } from "domhandler";

/** Site chrome: repeated on every page, so it would flood the knowledge base with menus and forms. */
const CHROME_SELECTOR = "nav, header, footer, form, [role=navigation], [role=banner], [role=contentinfo]";

/** Where a <header>/<footer> belongs to the article (title, byline) rather than to the site. */
const ARTICLE_SCOPE_SELECTOR = "article, main, [role=main]";

/**
 * Removes site navigation, banners, footers and forms below `roots` (never the roots themselves, so
 * a documentSelector pointing into a footer still works). A <header> or <footer> inside an article
 * is the article's own (title, date, author) and stays.
 */
export function removeChrome($: CheerioAPI, roots: Cheerio<AnyNode>): void {
  roots
    .find(CHROME_SELECTOR)
    .filter((_, element) => {
      const tag = element.tagName.toLowerCase();
      if (tag !== "header" && tag !== "footer") return true;
      return $(element).closest(ARTICLE_SCOPE_SELECTOR).length === 0;
    })
    .remove();
}
