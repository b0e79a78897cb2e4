import { useTexts } from "../i18n/texts";
import { WidgetHeader } from "./widget-header";

/** The shop switched the widget off during the chat: said plainly, with no way to go on here. */
export function ClosedScreen() {
  const t = useTexts();
  return (
    <>
      <WidgetHeader title="" />
      <main className="bd center" role="status">
        <h2>{t.closedTitle}</h2>
        <p>{t.closedText}</p>
      </main>
    </>
  );
}
