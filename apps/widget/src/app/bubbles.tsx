import type { ReactNode } from "react";
import { RichText } from "./rich-text";
import { textDirection } from "./text-direction";
import { useWidget } from "./widget-context";

export type Tone = "me" | "ai" | "agent";

/**
 * One sender's bubbles on their side of the chat (the visitor's own on the end side), with
 * whatever else came with them and who and when under them. Text stays text; links are made safe.
 */
export function Bubbles({
  tone,
  texts,
  meta,
  label,
  note,
  children,
}: {
  tone: Tone;
  texts: string[];
  meta?: ReactNode;
  /** Read out instead of the text (the stars of a rating). */
  label?: string;
  /** Shown above the bubbles: where their words come from. */
  note?: string;
  children?: ReactNode;
}) {
  const { language } = useWidget();
  return (
    <div className={note ? `msg ${tone} quote` : `msg ${tone}`}>
      {note ? <p className="quoted">{note}</p> : null}
      {texts.map((text, index) => (
        // Bubbles are cut from one text and never move.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index} className="b" dir={textDirection(text, language)}>
          {label ? (
            <>
              <span aria-hidden="true">{text}</span>
              <span className="sr">{label}</span>
            </>
          ) : (
            <RichText text={text} />
          )}
        </p>
      ))}
      {children}
      {meta ? <p className="meta">{meta}</p> : null}
    </div>
  );
}
