import type { ReactNode } from "react";
import { useTexts } from "../i18n/texts";
import { WidgetHeader } from "./widget-header";

/** An order action done: what happened, and the way to the chat where it is told. */
export function ActionDone({
  title,
  text,
  chatID,
  onBack,
  onToChat,
  children,
}: {
  title: string;
  text: string;
  /** What more the visitor reads under the text (a reported issue's answer). */
  children?: ReactNode;
  chatID: string | null;
  onBack(): void;
  onToChat(chatID: string | null): void;
}) {
  const t = useTexts();
  return (
    <>
      <WidgetHeader title={title} onBack={onBack} />
      <main className="bd">
        <p role="status">{text}</p>
        {children}
        <button type="button" className="btn p" onClick={() => onToChat(chatID)} data-autofocus>
          {t.goToChat}
        </button>
      </main>
    </>
  );
}
