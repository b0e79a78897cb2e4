import type { AnyNode, Element } from "domhandler";

export type TextSection = { heading: string | null; text: string };

type RenderOptions = {
  /** Elements that start a new section; a heading element becomes the section's heading. */
  isSectionStart?: (element: Element) => boolean;
};

/** Elements that stand on their own: a blank line before and after. */
const PARAGRAPH_ELEMENTS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "center",
  "details",
  "dialog",
  "div",
  "dl",
  "fieldset",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hgroup",
  "hr",
  "html",
  "legend",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);

/** Elements that take a line of their own but belong with their neighbours. */
const LINE_ELEMENTS = new Set(["caption", "dd", "dt", "figcaption", "summary"]);

const HEADING_ELEMENTS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const LIST_ELEMENTS = new Set(["ul", "ol", "menu"]);
const CELL_ELEMENTS = new Set(["td", "th"]);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const isElement = (node: AnyNode): node is Element => node.nodeType === ELEMENT_NODE;
const hasChildren = (node: AnyNode): node is AnyNode & { children: AnyNode[] } => "children" in node;

export const collapseWhitespace = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Collects text into lines and paragraphs. Breaks are requested, not written: a closing </li>
 * followed by </ul> must produce one blank line, not three, so the strongest pending break wins
 * and is written only when more text arrives.
 */
class TextWriter {
  private readonly sections: TextSection[] = [];
  private heading: string | null = null;
  private lines: string[] = [];
  private line = "";
  private linePrefix = "";
  private nextPrefix = "";
  private pendingBreak: 0 | 1 | 2 = 0;

  write(text: string): void {
    const collapsed = text.replace(/\s+/g, " ");
    if (!collapsed.trim()) {
      // Whitespace between inline elements separates words; at a line boundary it means nothing.
      if (this.line && !this.pendingBreak) this.line += " ";
      return;
    }
    if (this.pendingBreak) this.flushLine();
    if (!this.line) {
      this.linePrefix = this.nextPrefix;
      this.nextPrefix = "";
    }
    this.line += collapsed;
  }

  requestBreak(strength: 1 | 2): void {
    if (this.line.trim() && strength > this.pendingBreak) this.pendingBreak = strength;
  }

  /** The next line starts with this (list bullets); dropped if no text follows. */
  setNextPrefix(prefix: string): void {
    this.nextPrefix = prefix;
  }

  startSection(heading: string | null): void {
    this.endSection();
    this.heading = heading;
  }

  finish(): TextSection[] {
    this.endSection();
    return this.sections;
  }

  private flushLine(): void {
    const content = this.line.replace(/ {2,}/g, " ").trim();
    if (content) {
      this.lines.push(this.linePrefix + content);
      if (this.pendingBreak === 2) this.lines.push("");
    }
    this.line = "";
    this.linePrefix = "";
    this.pendingBreak = 0;
  }

  private endSection(): void {
    this.flushLine();
    const text = this.lines.join("\n").trim();
    if (text || this.heading) this.sections.push({ heading: this.heading, text });
    this.lines = [];
    this.heading = null;
  }
}

type Frame =
  | { kind: "enter"; node: AnyNode }
  | { kind: "exit"; element: Element; hasOwnWriter: boolean; hasOwnRow: boolean };

/** Plain text of a subtree, whitespace collapsed (headings used as section titles). */
const textOf = (root: AnyNode): string => {
  const parts: string[] = [];
  const stack: AnyNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeType === TEXT_NODE && "data" in node) parts.push(node.data);
    else if (isElement(node) && node.tagName.toLowerCase() === "br") parts.push(" ");
    else if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return collapseWhitespace(parts.join(""));
};

/**
 * Readable text of DOM nodes, split into sections: block elements become paragraphs separated by
 * a blank line, <li> a "- item" line, <br> a line break, a table row one line of cells joined by
 * " | ". Walks with an explicit stack, so absurdly deep markup cannot overflow the call stack.
 */
export function renderSections(roots: readonly AnyNode[], options: RenderOptions = {}): TextSection[] {
  const writers = [new TextWriter()];
  /** Cells of the table rows being read, innermost last; a cell renders into its own writer. */
  const rows: string[][] = [];
  let listDepth = 0;
  let listItemDepth = 0;
  let preDepth = 0;

  const writer = () => writers[writers.length - 1]!;
  // Inside a list item a paragraph is a line: "- Item\n  more" reads better than a blank line.
  const paragraphBreak = () => writer().requestBreak(listItemDepth > 0 ? 1 : 2);

  const stack: Frame[] = [...roots].reverse().map((node) => ({ kind: "enter", node }));

  const enter = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    if (tag === "br") return writer().requestBreak(1);
    if (tag === "hr") return paragraphBreak();

    const isTopLevel = writers.length === 1;
    if (isTopLevel && options.isSectionStart?.(element)) {
      if (HEADING_ELEMENTS.has(tag)) {
        writer().startSection(textOf(element) || null);
        return; // the heading is the section's title, not part of its text
      }
      writer().startSection(null);
    }

    let hasOwnWriter = false;
    let hasOwnRow = false;
    if (tag === "tr") {
      rows.push([]);
      hasOwnRow = true;
    } else if (CELL_ELEMENTS.has(tag) && rows.length > 0) {
      writers.push(new TextWriter());
      hasOwnWriter = true;
    } else if (tag === "li") {
      writer().requestBreak(1);
      writer().setNextPrefix(`${"  ".repeat(Math.max(listDepth - 1, 0))}- `);
      listItemDepth++;
    } else if (LIST_ELEMENTS.has(tag)) {
      paragraphBreak();
      listDepth++;
    } else if (PARAGRAPH_ELEMENTS.has(tag)) {
      paragraphBreak();
    } else if (LINE_ELEMENTS.has(tag)) {
      writer().requestBreak(1);
    }
    if (tag === "pre") preDepth++;

    stack.push({ kind: "exit", element, hasOwnWriter, hasOwnRow });
    for (let i = element.children.length - 1; i >= 0; i--) stack.push({ kind: "enter", node: element.children[i]! });
  };

  const exit = (frame: Extract<Frame, { kind: "exit" }>) => {
    const tag = frame.element.tagName.toLowerCase();
    if (frame.hasOwnWriter) {
      const cell = writers.pop()!.finish();
      const cellText = cell.map((section) => section.text.replace(/\s*\n\s*/g, " ")).join(" ");
      rows[rows.length - 1]?.push(cellText);
    } else if (frame.hasOwnRow) {
      const cells = rows.pop() ?? [];
      if (cells.some((cell) => cell.trim())) {
        writer().requestBreak(1);
        writer().write(cells.join(" | "));
        writer().requestBreak(1);
      }
    } else if (tag === "li") {
      listItemDepth--;
      writer().setNextPrefix("");
      writer().requestBreak(1);
    } else if (LIST_ELEMENTS.has(tag)) {
      listDepth--;
      paragraphBreak();
    } else if (PARAGRAPH_ELEMENTS.has(tag)) {
      paragraphBreak();
    } else if (LINE_ELEMENTS.has(tag)) {
      writer().requestBreak(1);
    }
    if (tag === "pre") preDepth--;
  };

  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.kind === "exit") {
      exit(frame);
      continue;
    }
    const { node } = frame;
    if (isElement(node)) {
      enter(node);
    } else if (node.nodeType === TEXT_NODE && "data" in node) {
      if (preDepth === 0) {
        writer().write(node.data);
        continue;
      }
      // Preformatted text keeps its line breaks (addresses, opening hours, code).
      node.data.split(/\r?\n/).forEach((line, index) => {
        if (index > 0) writer().requestBreak(1);
        writer().write(line);
      });
    } else if (hasChildren(node)) {
      // The document or a fragment root: only its children matter.
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ kind: "enter", node: node.children[i]! });
    }
  }
  return writers[0]!.finish();
}

/** The sections as one text: each heading on its own paragraph, then its text. */
export const joinSections = (sections: readonly TextSection[]) =>
  sections
    .flatMap((section) => [section.heading, section.text])
    .filter((part): part is string => Boolean(part))
    .join("\n\n");
