import { useTexts } from "../i18n/texts";
import type { VisitorEventInput } from "./chat-session";
import { FailureNote } from "./failure-note";
import { useAction } from "./use-action";

/** Spec part 2 §4: after an answer, "Did this resolve your question?" with its three choices. */
export function ResolvePrompt({
  onEvent,
  onRaiseTicket,
}: {
  onEvent(event: VisitorEventInput): Promise<unknown>;
  onRaiseTicket(): void;
}) {
  const t = useTexts();
  const { isBusy, failure, run } = useAction();
  return (
    <section className="card">
      <p>{t.resolveQuestion}</p>
      <div className="choices">
        <button
          type="button"
          className="chip"
          disabled={isBusy}
          onClick={() => run(() => onEvent({ event: "IS_RESOLVED" }))}
        >
          {t.resolveYes}
        </button>
        <button
          type="button"
          className="chip"
          disabled={isBusy}
          onClick={() => run(() => onEvent({ event: "NEED_HELP" }))}
        >
          {t.resolveNeedHelp}
        </button>
        <button type="button" className="chip" disabled={isBusy} onClick={onRaiseTicket}>
          {t.resolveTicket}
        </button>
      </div>
      <FailureNote failure={failure} />
    </section>
  );
}
