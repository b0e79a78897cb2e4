import { splitAnswerLinks } from "@harbor/contract/answer-links";
import { useTexts } from "../i18n/texts";
import { useWidget } from "./widget-context";

/**
 * A link is isolated from the words around it by its own dir: a bare address reads left to right
 * in any language, a worded link by its words.
 */
const linkDirection = (text: string) => (/^https?:/i.test(text) ? "ltr" : "auto");

/**
 * A message's text: plain text, with addresses on the shop's own hosts made into safe links that
 * open in a new tab. Any other address stays text: an answer repeats what crawled pages say, and a
 * stranger's link must not look like the shop's (decision 030).
 */
export function RichText({ text }: { text: string }) {
  const t = useTexts();
  const { widget } = useWidget();
  return splitAnswerLinks(text, widget.linkHosts).map((part, index) =>
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
