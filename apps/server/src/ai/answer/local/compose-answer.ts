import type { Persona, VisitorLanguage } from "@harbor/contract/ai-agent";
import { detectLanguage } from "../../retrieval/detect-language";
import type { ConversationTurn } from "../answer-types";
import { fillPhrase, localPhrases } from "./phrases";
import type { SelectedUnit } from "./select-sentences";

/**
 * The answer text around the selected sentences: a lead-in naming the article when the facts are
 * in another language than the visitor's, then the facts as the
 * knowledge base words them. List items are rendered under their heading ("Zone 1: Germany,
 * France, Austria and Denmark — Delivery: €9.95; Free from €125.") because a bare "Free from
 * €125" would not say what it is about.
 */

/** Headings that add nothing in front of a product's own lines. */
const GENERIC_HEADINGS = /^(description|details|features|specifications|variants|beschrijving|kenmerken|תיאור)$/i;

function withFullStop(text: string): string {
  return /[.!?…:]["'”’)]*$/.test(text) ? text : `${text}.`;
}

/** "… (SKU KP-RB28-MOS)" is for the warehouse, not the visitor. */
function withoutSku(text: string): string {
  return text.replace(/\s*\(SKU [^)]*\)/g, "");
}

/**
 * One document's picks: sentences as they are, runs of list items joined under their heading.
 * A product's lines say "it", so the product's name goes once in front of them.
 */
function renderDocument(units: SelectedUnit[]): string {
  const pieces: string[] = [];
  let index = 0;
  while (index < units.length) {
    const unit = units[index] as SelectedUnit;
    if (unit.kind === "sentence") {
      pieces.push(withFullStop(unit.text));
      index++;
      continue;
    }
    const run: SelectedUnit[] = [];
    while (units[index]?.kind === "item" && units[index]?.heading === unit.heading) {
      run.push(units[index] as SelectedUnit);
      index++;
    }
    const items = run.map((item) => withoutSku(item.text).replace(/[;,.]+$/, ""));
    const heading = unit.heading && !GENERIC_HEADINGS.test(unit.heading) && !unit.heading.endsWith("?");
    pieces.push(
      withFullStop(heading ? `${unit.heading}${labelSeparator(items)}${items.join("; ")}` : items.join("; ")),
    );
  }
  const first = units[0];
  const text = pieces.join(" ");
  return first?.sourceType === "shopify-products" ? `${first.title}${labelSeparator([text])}${text}` : text;
}

/** "Costs: …", but "Costs — Standard delivery: €4.95" when the text has colons of its own. */
function labelSeparator(texts: string[]): string {
  return texts.some((text) => text.includes(":")) ? " — " : ": ";
}

/**
 * Left-to-right text quoted inside a right-to-left answer is set off with Unicode's first-strong
 * isolate (U+2068 … U+2069): without it the bidirectional algorithm moves the quote's closing
 * full stop and quotation marks to the wrong end ("…€50 or more." shown as ".…€50 or more").
 * The marks are invisible; every client that follows Unicode's bidi rules honours them.
 */
const RIGHT_TO_LEFT: ReadonlySet<VisitorLanguage> = new Set(["he"]);
const isolated = (text: string) => `\u2068${text}\u2069`;

export type ComposedAnswer = {
  text: string;
  /** The language of the quoted facts when it is not the visitor's (the widget says so). */
  quotedLanguage: VisitorLanguage | null;
};

export function composeAnswer(options: {
  question: string;
  language: VisitorLanguage;
  persona: Persona;
  history: ConversationTurn[];
  units: SelectedUnit[];
}): ComposedAnswer {
  const phrases = localPhrases[options.language];
  const parts: string[] = [];

  // Units arrive grouped by passage; two passages of one document read as one group.
  const documents = new Map<string, SelectedUnit[]>();
  for (const unit of options.units) documents.set(unit.documentId, [...(documents.get(unit.documentId) ?? []), unit]);
  const facts = [...documents.values()].map(renderDocument).join(" ");
  // Knowledge is often written in one language and asked about in another; say where the
  // (untranslated) facts come from rather than pass them off as a reply in the visitor's language.
  const factsLanguage = detectLanguage(facts);
  if (factsLanguage !== options.language && factsLanguage !== "other") {
    // One help article is named; products already carry their name in front of their lines.
    const documents = new Set(options.units.map((unit) => unit.documentId));
    const first = options.units[0];
    const isOneArticle = documents.size === 1 && first !== undefined && first.sourceType !== "shopify-products";
    const isRightToLeft = RIGHT_TO_LEFT.has(options.language);
    if (!isOneArticle) parts.push(phrases.sourcesLeadIn);
    else parts.push(fillPhrase(phrases.sourceLeadIn, { title: isRightToLeft ? isolated(first.title) : first.title }));
    parts.push(isRightToLeft ? isolated(facts) : facts);
  } else {
    parts.push(facts);
  }
  return {
    text: parts.join(" "),
    quotedLanguage: factsLanguage !== options.language && factsLanguage !== "other" ? factsLanguage : null,
  };
}
