import { safeHttpURL } from "@harbor/contract/answer-links";
import type { PublicWidget, TicketForm } from "@harbor/contract/widget";
import { FRAME_HANDOFF } from "@harbor/contract/widget-frame";
import { useId } from "react";
import { shopTextFor } from "../i18n/shop-texts";
import { useTexts } from "../i18n/texts";
import { isEmbedded, tellHost } from "./frame-bridge";
import { handoffRoute } from "./handoff-route";
import { Later, TicketRequest } from "./lazy-parts";
import { whatsAppLink } from "./whatsapp-link";
import { useWidget } from "./widget-context";

/** Agent apps whose handoff also files the chat as a ticket there (decision 041). */
const HELP_DESK_APPS: ReadonlySet<string> = new Set(["zendesk", "zendesk-classic", "gorgias"]);

/**
 * The shop's own chat app that opens on its page (decision 067): Tawk or Zendesk Classic, with its
 * id set. Only inside the shop's page: the loader there adds handoff.js, which opens it.
 */
export const hasPageApp = ({ agent }: PublicWidget["handoff"]) =>
  isEmbedded() &&
  agent.isActive &&
  ((agent.appType === "tawk" && !!agent.tawk) || (agent.appType === "zendesk-classic" && !!agent.zendeskKey));

/**
 * After "No, I need help": how this shop's visitor reaches a person, in the handoff's own words
 * (the admin's availability or ticket message) and with one way to do it (handoff-route.ts):
 * WhatsApp with the chat's summary ready to send, a person replying in this chat, or the ticket
 * form right in the card.
 */
export function HandoffCard({
  summary,
  onTicket,
}: {
  summary: string;
  onTicket(form: TicketForm, clientMessageID: string): Promise<unknown>;
}) {
  const t = useTexts();
  const id = useId();
  const { widget, identity, language, isPageAppFailed } = useWidget();
  const { agent, ticket } = widget.handoff;
  const route = handoffRoute(widget);
  const isAgent = route === "whatsapp" || (route === "chat" && agent.isActive);
  const picture = isAgent ? safeHttpURL(agent.profilePictureURL) : null;
  // A help desk's team may answer from there, by e-mail (the chat also waits in the inbox).
  const isHelpDesk = isAgent && HELP_DESK_APPS.has(agent.appType ?? "");
  // The shop's own chat app on its page: the visitor goes on there, by the button; if it could not
  // open (handoff.js told the frame), the chat stays here and the button goes.
  const isPageApp = route === "chat" && hasPageApp(widget.handoff);
  const words = isPageApp
    ? isPageAppFailed
      ? t.handoffAppFailed
      : agent.availabilityMessage || t.handoffPageApp
    : route === "ticket"
      ? shopTextFor(ticket.handoffMessage, ticket.handoffMessageTranslations, language, t) || t.ticketIntro
      : (isAgent && agent.availabilityMessage) ||
        (route === "whatsapp"
          ? t.handoffWhatsApp
          : route === "chat"
            ? isHelpDesk
              ? t.handoffHelpDesk
              : t.handoffWait
            : t.handoffLater);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t.handoffTitle}</h2>
      {picture ? <img className="av" src={picture} alt="" /> : null}
      <p dir="auto" role={isPageApp && isPageAppFailed ? "alert" : undefined}>
        {words}
      </p>
      {isAgent && agent.responseTime ? <p>{t.replyTime(agent.responseTime)}</p> : null}
      {route === "whatsapp" ? (
        <a
          className="btn p"
          href={whatsAppLink(agent.whatsapp, summary) ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.whatsApp}
          <span className="sr">{t.opensInNewTab}</span>
        </a>
      ) : null}
      {isPageApp && !isPageAppFailed ? (
        <button
          type="button"
          className="btn p"
          onClick={() => tellHost({ type: FRAME_HANDOFF, name: identity.name, email: identity.email })}
        >
          {t.handoffOpenApp}
        </button>
      ) : null}
      {route === "ticket" ? (
        <Later>
          <TicketRequest identity={identity} language={language} onSubmit={onTicket} />
        </Later>
      ) : null}
    </section>
  );
}
