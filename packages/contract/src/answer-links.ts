/**
 * Which addresses in an answer become links. An answer repeats what the shop's knowledge says,
 * and crawled or pasted text can carry anyone's address ("pay at http://evil.example/pay"); shown
 * as a link inside the shop's own chat, it would borrow the shop's authority. So only addresses
 * on the shop's own hosts are links; every other address stays visible, as plain text the visitor
 * can read and judge. Decision 030 says which hosts are the shop's own.
 *
 * Schema-free: the widget imports this without zod, the dashboard renders with the same rule.
 */

export type TextPart = string | { href: string; text: string };

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

/** A host as compared: lower case, no trailing dot, no leading "www." (shop.example and www.shop.example are one site). */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

/**
 * Whether an address is on one of the shop's own hosts or below one (help.shop.example under
 * shop.example). Only downwards: shop-a.myshopify.com does not vouch for shop-b.myshopify.com.
 */
export function isOwnLink(href: string, ownHosts: readonly string[]): boolean {
  const url = safeHttpURL(href);
  if (!url) return false;
  const host = normalizeHost(new URL(url).hostname);
  return ownHosts.some((own) => {
    const ownHost = normalizeHost(own);
    return ownHost !== "" && (host === ownHost || host.endsWith(`.${ownHost}`));
  });
}

// A markdown link [text](address) or a bare web address; trailing punctuation stays text.
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)|https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'’”]/g;

/**
 * A message's text cut into plain text and links, for rendering as text nodes and <a> elements:
 * nothing in a message is ever read as HTML. A link is made only of an http(s) address on one of
 * `ownHosts`. A markdown link to any other address is shown as its words followed by the address
 * in parentheses, so the visitor sees where it points; a bare address stays as written.
 */
export function splitAnswerLinks(text: string, ownHosts: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const pushText = (piece: string) => {
    const previous = parts.at(-1);
    if (typeof previous === "string") parts[parts.length - 1] = previous + piece;
    else parts.push(piece);
  };
  for (const match of text.matchAll(LINK)) {
    const index = match.index ?? 0;
    if (index > last) pushText(text.slice(last, index));
    const [whole, label, address] = match;
    const href = safeHttpURL(address ?? whole);
    if (href && isOwnLink(href, ownHosts)) parts.push({ href, text: label ?? whole });
    else if (label !== undefined && href) pushText(`${label} (${address})`);
    else pushText(label ?? whole);
    last = index + whole.length;
  }
  if (last < text.length) pushText(text.slice(last));
  return parts;
}
