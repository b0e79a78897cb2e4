/** What the inbox's analysis list shows for a visitor message: at most this many characters. */
export const SHORT_MESSAGE_MAX = 120;

/**
 * A visitor message cut to fit a list row: whitespace collapsed, cut at a word boundary with
 * "…" when too long. A single word longer than the limit (a pasted link) is cut inside.
 */
export function shortenMessage(text: string, max = SHORT_MESSAGE_MAX): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  if (collapsed.length <= max) return collapsed;
  const room = collapsed.slice(0, max - 1);
  const boundary = room.lastIndexOf(" ");
  const cut = boundary > max / 2 ? room.slice(0, boundary) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, "")}…`;
}
