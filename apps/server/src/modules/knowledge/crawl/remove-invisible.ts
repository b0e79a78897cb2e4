import type { Cheerio } from "cheerio";
import type { AnyNode, Element } from "domhandler";

/** Elements that never hold readable text: code, media, embedded documents. */
const NON_TEXT_SELECTOR = "script, style, noscript, template, svg, math, iframe, canvas, object, embed, audio, video";

const isHidden = (element: Element) => {
  const { attribs } = element;
  if (attribs.hidden !== undefined) return true;
  if (attribs["aria-hidden"]?.trim().toLowerCase() === "true") return true;
  const style = attribs.style?.toLowerCase().replace(/\s+/g, "") ?? "";
  return style.includes("display:none") || style.includes("visibility:hidden");
};

/**
 * Removes what a reader never sees, everywhere under `scope`: scripts, styles, media and hidden
 * elements. Applied to the whole document first, so the title, image and links come from visible markup.
 */
export function removeInvisible(scope: Cheerio<AnyNode>): void {
  scope.find(NON_TEXT_SELECTOR).remove();
  scope
    .find("[hidden], [aria-hidden], [style]")
    .filter((_, element) => isHidden(element))
    .remove();
}
