/** Only http(s) addresses become links or pictures; anything else (javascript:, data:) stays text. */
export function safeHttpURL(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export type TextPart = string | { href: string; text: string };

// A markdown link [text](address) or a bare web address; trailing punctuation stays text.
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)|https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'’”]/g;

/**
 * A message's text cut into plain text and links, for rendering as text nodes and <a> elements:
 * nothing in a message is ever read as HTML. A markdown link to anything but http(s) keeps only
 * its words.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, label, address] = match;
    const href = safeHttpURL(address ?? whole);
    parts.push(href ? { href, text: label ?? whole } : (label ?? whole));
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
