import { useTexts } from "../i18n/texts";
import { safeHttpURL } from "./safe-links";
import { whatsAppLink } from "./whatsapp-link";
import { useWidget } from "./widget-context";

/**
 * After "No, I need help" (spec part 2 §3 handoff): the team will answer in this chat; WhatsApp
 * opens with a summary ready to send; a ticket goes by e-mail. The other agent apps come with the
 * integrations.
 */
export function HandoffCard({ summary, onRaiseTicket }: { summary: string; onRaiseTicket(): void }) {
  const t = useTexts();
  const { handoff } = useWidget().widget;
  const { agent, ticket } = handoff;
  const whatsApp = agent.isActive && agent.appType === "whatsapp" ? whatsAppLink(agent.whatsapp, summary) : null;
  const picture = agent.isActive ? safeHttpURL(agent.profilePictureURL) : null;
  return (
    <section className="card">
      <h2>{t.handoffTitle}</h2>
      {picture ? <img className="av" src={picture} alt="" /> : null}
      {ticket.isActive && ticket.handoffMessage ? <p dir="auto">{ticket.handoffMessage}</p> : null}
      {agent.isActive && agent.availabilityMessage ? <p dir="auto">{agent.availabilityMessage}</p> : null}
      {agent.isActive && agent.responseTime ? <p>{t.replyTime(agent.responseTime)}</p> : null}
      <p>{t.handoffWait}</p>
      <div className="choices">
        {whatsApp ? (
          <a className="btn" href={whatsApp} target="_blank" rel="noopener noreferrer">
            {t.whatsApp}
            <span className="sr">{t.opensInNewTab}</span>
          </a>
        ) : null}
        {ticket.isActive ? (
          <button type="button" className="btn" onClick={onRaiseTicket}>
            {t.raiseTicket}
          </button>
        ) : null}
      </div>
    </section>
  );
}
