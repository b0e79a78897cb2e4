import { useTexts } from "../i18n/texts";
import { splitLinks } from "./safe-links";

/**
 * A link is isolated from the words around it by its own dir: a bare address reads left to right
 * in any language, a worded link by its words.
 */
const linkDirection = (text: string) => (/^https?:/i.test(text) ? "ltr" : "auto");

/** A message's text: plain text, with http(s) links made into safe links that open in a new tab. */
export function RichText({ text }: { text: string }) {
  const t = useTexts();
  return splitLinks(text).map((part, index) =>
    typeof part === "string" ? (
      part
    ) : (
      // Parts are cut from one text and never move.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" dir={linkDirection(part.text)}>
        {part.text}
        <span className="sr">{t.opensInNewTab}</span>
      </a>
    ),
  );
}
