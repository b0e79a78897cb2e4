import { splitSentences } from "@harbor/contract/sentences";

/**
 * One answerable piece of a passage: a sentence of a paragraph, a list item, or a "Key: value"
 * line of a product text. Items keep the heading above them ("Zone 1: Germany, France…" over
 * "- Free from €125"), because an item alone often means nothing.
 */
export type PassageUnit = {
  text: string;
  /** The nearest heading above, or null. */
  heading: string | null;
  /** Items are list entries and data lines; they are rendered under their heading. */
  kind: "sentence" | "item";
  /** Position in the passage, for keeping the source order and finding neighbours. */
  position: number;
  /** Units of one paragraph or one list share a block number. */
  block: number;
};

const LIST_MARKER = /^\s*(?:[-*•–]|\d{1,2}[.)])\s+/;
const HEADING_MAX = 90;
const GLUED_ITEM = /(?<=[.!?;])\s+-\s+(?=\p{Lu})/u;

function isListLine(line: string): boolean {
  return LIST_MARKER.test(line);
}

function endsLikeSentence(line: string): boolean {
  return /[.!;,]["'”’)]*$/.test(line.trim());
}

/**
 * A short line without a sentence end, followed by a list or a paragraph, introduces what comes
 * next ("Costs", "When will it arrive?", "Zone 1: Germany, France, Austria and Denmark").
 * Short lines followed by more short lines are data ("Type: Tents" / "Brand: …"), not headings.
 */
function isHeading(line: string, next: string | undefined): boolean {
  if (next === undefined || line.length > HEADING_MAX || endsLikeSentence(line) || isListLine(line)) return false;
  return isListLine(next) || endsLikeSentence(next) || next.length > HEADING_MAX;
}

/**
 * Cuts a passage into units. Passages come as "Title\nbody", with blank-line paragraphs, "- "
 * lists and product texts ("Price: EUR 289.00", "Variants\n- Black: EUR 64.00, in stock").
 * A line equal to the passage title is dropped: the title is context the caller already has.
 */
export function passageUnits(content: string, title: string): PassageUnit[] {
  const units: PassageUnit[] = [];
  const normalisedTitle = title.trim().toLowerCase();
  let block = 0;
  for (const paragraph of content.split(/\n\s*\n/)) {
    const lines = paragraph
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && line.toLowerCase() !== normalisedTitle);
    let heading: string | null = null;
    block++;
    let wasList = false;
    for (const [index, line] of lines.entries()) {
      if (isHeading(line, lines[index + 1])) {
        heading = line.replace(/:$/, "");
        block++;
        continue;
      }
      if (isListLine(line)) {
        if (!wasList) block++;
        wasList = true;
        // Passage overlap can glue two items onto one line: "- First one. - Second one."
        for (const item of line.replace(LIST_MARKER, "").split(GLUED_ITEM)) {
          units.push({ text: item.trim(), heading, kind: "item", position: units.length, block });
        }
        continue;
      }
      if (wasList) block++;
      wasList = false;
      // A short line without a sentence end is a data line of its own ("Brand: Lumora").
      if (!endsLikeSentence(line) && line.length <= HEADING_MAX && !/[?]$/.test(line)) {
        units.push({ text: line, heading, kind: "item", position: units.length, block });
        continue;
      }
      for (const text of splitSentences(line)) {
        units.push({ text, heading, kind: "sentence", position: units.length, block });
      }
    }
  }
  return isNavigation(units) ? [] : units;
}

/**
 * A help centre's index page is a long list of bare article titles: every word of the question
 * is in it, and none of the answers. Ten or more items, nearly all without a digit or sentence
 * end, and nothing else, is a menu, not content.
 */
function isNavigation(units: PassageUnit[]): boolean {
  const bare = units.filter((unit) => unit.kind === "item" && !/[\d.!?;]/.test(unit.text)).length;
  return units.length >= 10 && units.every((unit) => unit.kind === "item") && bare >= 0.9 * units.length;
}
