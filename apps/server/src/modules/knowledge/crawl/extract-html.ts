import { type Cheerio, type CheerioAPI, load } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { AppError } from "../../../platform/errors";
import { documentBaseUrl } from "./document-base-url";
import { extractLinks } from "./extract-links";
import { removeChrome } from "./remove-chrome";
import { removeInvisible } from "./remove-invisible";
import { collapseWhitespace, joinSections, renderSections, type TextSection } from "./render-sections";

export type ExtractHtmlOptions = {
  /** The page's URL: relative image and link addresses resolve against it. */
  baseUrl?: string;
  /** The page content; when it matches nothing, the usual content element is used. */
  documentSelector?: string;
  /** Elements (e.g. a specs table) whose text is appended as a section of its own. */
  additionalDataSelector?: string;
  /** Elements that start a new section; default h1–h3. */
  chunkSelectors?: string[];
  /** Text from the first occurrence of this string on is dropped (Shopify descriptions). */
  descriptionDelimiter?: string;
};

export type ExtractedHtml = {
  title: string;
  text: string;
  sections: TextSection[];
  image: string | null;
  links: string[];
  language: string | null;
};

const DEFAULT_SECTION_SELECTORS = ["h1", "h2", "h3"];
/** Where a page's content usually is, in order of preference, when no documentSelector matches. */
const CONTENT_FALLBACKS = ["main", "article", "[role=main]"];

/**
 * Elements matching a selector the admin typed. An invalid selector is a configuration mistake the
 * admin must fix, so it is reported in their words rather than silently ignored.
 */
function select(scope: Cheerio<AnyNode>, selector: string, isSelfIncluded = false): Element[] {
  try {
    const found = scope.find(selector);
    return (isSelfIncluded ? found.add(scope.filter(selector)) : found).toArray();
  } catch {
    throw new AppError("BAD_REQUEST", `The selector "${selector}" is not valid CSS.`);
  }
}

const isInside = (element: Element, ancestors: ReadonlySet<AnyNode>) => {
  for (let parent = element.parent; parent; parent = parent.parent) if (ancestors.has(parent)) return true;
  return false;
};

/** Drops matches nested in another match, so no text is read twice. */
const outermost = (elements: Element[]) => {
  const set = new Set<AnyNode>(elements);
  return elements.filter((element) => !isInside(element, set));
};

function contentRoots($: CheerioAPI, documentSelector: string | undefined): Element[] {
  const selectors = documentSelector?.trim() ? [documentSelector.trim(), ...CONTENT_FALLBACKS] : CONTENT_FALLBACKS;
  for (const selector of selectors) {
    const matched = outermost(select($.root(), selector));
    if (matched.length > 0) return matched;
  }
  return $("body").toArray();
}

const absoluteHttpUrl = (raw: string | undefined, base: string | undefined) => {
  if (!raw?.trim()) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
};

function findImage($: CheerioAPI, roots: Cheerio<Element>, base: string | undefined): string | null {
  const ogImage = $('meta[property="og:image"], meta[property="og:image:url"], meta[name="og:image"]')
    .first()
    .attr("content");
  const fromMeta = absoluteHttpUrl(ogImage, base);
  if (fromMeta) return fromMeta;
  for (const image of roots.find("img").toArray()) {
    // Lazy-loading themes keep the real address in data-src and a placeholder in src.
    const firstSrcset = image.attribs.srcset?.trim().split(/\s+/)[0];
    const candidates = [image.attribs["data-src"], image.attribs.src, firstSrcset];
    for (const candidate of candidates) {
      const url = absoluteHttpUrl(candidate, base);
      if (url) return url;
    }
  }
  return null;
}

function findTitle($: CheerioAPI, roots: Cheerio<Element>): string {
  // .text() and attributes are already decoded; the result is text, never markup, even if it reads "<script>".
  const candidates = [
    $('meta[property="og:title"], meta[name="og:title"]').first().attr("content") ?? "",
    $("title").first().text(),
    roots.find("h1").first().text(),
    $("h1").first().text(),
  ];
  return candidates.map(collapseWhitespace).find(Boolean) ?? "";
}

/** Keeps the sections up to the first occurrence of the delimiter, cut right before it. */
function cutAtDelimiter(sections: TextSection[], delimiter: string): TextSection[] {
  const kept: TextSection[] = [];
  for (const section of sections) {
    const inHeading = section.heading?.indexOf(delimiter) ?? -1;
    if (section.heading && inHeading >= 0) {
      const heading = section.heading.slice(0, inHeading).trim();
      if (heading) kept.push({ heading, text: "" });
      return kept;
    }
    const inText = section.text.indexOf(delimiter);
    if (inText >= 0) {
      kept.push({ heading: section.heading, text: section.text.slice(0, inText).trim() });
      return kept;
    }
    kept.push(section);
  }
  return kept;
}

/**
 * A web page (or Shopify/Zendesk HTML) as knowledge-base text: title, readable text split into
 * sections, lead image, links and language. Scripts, hidden elements and site chrome are dropped.
 * Throws AppError when a selector is not valid CSS.
 */
export function extractHtml(html: string, options: ExtractHtmlOptions = {}): ExtractedHtml {
  const $ = load(html);
  removeInvisible($.root());
  const base = documentBaseUrl($, options.baseUrl);
  const links = extractLinks($, options.baseUrl);
  const language = collapseWhitespace($("html").attr("lang") ?? "") || null;

  const rootElements = contentRoots($, options.documentSelector);
  const roots = $(rootElements);
  removeChrome($, roots);

  const additionalSelector = options.additionalDataSelector?.trim();
  const additional = additionalSelector ? outermost(select($.root(), additionalSelector)) : [];
  if (additional.length > 0) {
    removeChrome($, $(additional));
    // Read once, as its own section: take it out of the content when it sits inside it.
    const rootSet = new Set<AnyNode>(rootElements);
    $(additional.filter((element) => isInside(element, rootSet))).remove();
  }

  const title = findTitle($, roots);
  const image = findImage($, roots, base);

  const chunkSelectors = (options.chunkSelectors ?? DEFAULT_SECTION_SELECTORS).map((s) => s.trim()).filter(Boolean);
  const sectionStarts = new Set<AnyNode>(chunkSelectors.flatMap((selector) => select(roots, selector, true)));
  let sections = renderSections(rootElements, { isSectionStart: (element) => sectionStarts.has(element) });

  if (options.descriptionDelimiter) sections = cutAtDelimiter(sections, options.descriptionDelimiter);
  const additionalText = joinSections(renderSections(additional));
  if (additionalText) sections.push({ heading: null, text: additionalText });

  return {
    title,
    text: joinSections(sections),
    // Heading-only sections give the full text its structure but are no use as chunks on their own.
    sections: sections.filter((section) => section.text),
    image,
    links,
    language,
  };
}
