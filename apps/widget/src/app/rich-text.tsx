import { useTexts } from "../i18n/texts";
import { splitLinks } from "./safe-links";

/** A message's text: plain text, with http(s) links made into safe links that open in a new tab. */
export function RichText({ text }: { text: string }) {
  const t = useTexts();
  return splitLinks(text).map((part, index) =>
    typeof part === "string" ? (
      part
    ) : (
      // Parts are cut from one text and never move.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
        <span className="sr">{t.opensInNewTab}</span>
      </a>
    ),
  );
}
