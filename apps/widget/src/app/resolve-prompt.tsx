import type { QuickReply } from "@harbor/contract/turn";
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

/**
 * Under a reply that offered a person ("I couldn't find that… shall I connect you?"): two
 * unambiguous buttons. Each sends its label as the visitor's message, with its meaning beside it,
 * so the AI never has to guess what the click meant.
 */
export function OfferPrompt({ onAnswer }: { onAnswer(label: string, reply: QuickReply): unknown }) {
  const t = useTexts();
  return (
    <section className="card" aria-label={t.offerLabel}>
      <div className="choices">
        <button type="button" className="chip" onClick={() => onAnswer(t.offerYes, "accept_offer")}>
          {t.offerYes}
        </button>
        <button type="button" className="chip" onClick={() => onAnswer(t.offerNo, "decline_offer")}>
          {t.offerNo}
        </button>
      </div>
    </section>
  );
}
