import type { TicketConfirmation } from "@harbor/contract/widget";
import { useTexts } from "../i18n/texts";
import { WidgetHeader } from "./widget-header";

/** Spec part 2 §3: the raised ticket's ID, summary and message, and where the copy went. */
export function TicketConfirmationScreen({ ticket, onDone }: { ticket: TicketConfirmation; onDone(): void }) {
  const t = useTexts();
  const rows: [string, string][] = [
    [t.ticketID, ticket.ticketID],
    [t.summary, ticket.summary],
    [t.message, ticket.message],
  ];
  return (
    <>
      <WidgetHeader title={t.ticketRaised} onBack={onDone} />
      <main className="bd">
        <dl className="card">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
        <p role="status">{t.copySentTo(ticket.email)}</p>
        <button type="button" className="btn p" onClick={onDone} data-autofocus>
          {t.backToChat}
        </button>
      </main>
    </>
  );
}
