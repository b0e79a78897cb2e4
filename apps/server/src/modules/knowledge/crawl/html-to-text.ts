import { load } from "cheerio";
import { removeChrome } from "./remove-chrome";
import { removeInvisible } from "./remove-invisible";
import { joinSections, renderSections } from "./render-sections";

/**
 * Readable text of an HTML fragment (a Zendesk article body, a Shopify descriptionHtml), with the
 * same rules as whole pages: paragraphs, "- " list lines, " | " table rows, no scripts or hidden text.
 */
export function htmlToText(html: string): string {
  const $ = load(html, null, false);
  const root = $.root();
  removeInvisible(root);
  removeChrome($, root);
  return joinSections(renderSections(root.toArray()));
}
