import { useTexts } from "../i18n/texts";
import { WidgetHeader } from "./widget-header";

/** Spec part 2 §8: the visitor chat error, with the one way out. */
export function ErrorScreen({ onRestart }: { onRestart(): void }) {
  const t = useTexts();
  return (
    <>
      <WidgetHeader title="" />
      <main className="bd center" role="alert">
        <h2>{t.errorTitle}</h2>
        <p>{t.errorText}</p>
        <button type="button" className="btn p" onClick={onRestart} data-autofocus>
          {t.restartChat}
        </button>
      </main>
    </>
  );
}
