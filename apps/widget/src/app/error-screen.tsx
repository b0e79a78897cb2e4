import { useTexts } from "../i18n/texts";
import { WidgetHeader } from "./widget-header";

/**
 * Spec part 2 §8: the visitor chat error, with the one way out. A refusal the server explained
 * (too many chats from the visitor's network, a switched-off widget) says its reason instead of
 * the generic text.
 */
export function ErrorScreen({ onRestart, reason }: { onRestart(): void; reason?: string | null }) {
  const t = useTexts();
  return (
    <>
      <WidgetHeader title="" />
      <main className="bd center" role="alert">
        <h2>{t.errorTitle}</h2>
        <p>{reason || t.errorText}</p>
        <button type="button" className="btn p" onClick={onRestart} data-autofocus>
          {t.restartChat}
        </button>
      </main>
    </>
  );
}
