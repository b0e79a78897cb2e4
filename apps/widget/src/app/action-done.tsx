import { useTexts } from "../i18n/texts";
import { WidgetHeader } from "./widget-header";

/** An order action done: what happened, and the way to the chat where it is told. */
export function ActionDone({
  title,
  text,
  chatID,
  onBack,
  onToChat,
}: {
  title: string;
  text: string;
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
        <button type="button" className="btn p" onClick={() => onToChat(chatID)} data-autofocus>
          {t.goToChat}
        </button>
      </main>
    </>
  );
}
