import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { PublicSuggestedQuestion, VisitorMessage } from "@harbor/contract/widget";
import { useState } from "react";
import { openingMessagesFor, shopTextFor } from "../i18n/shop-texts";
import { useTexts } from "../i18n/texts";
import { Bubbles } from "./bubbles";
import type { PortalOrigin } from "./chat-session";
import { Composer } from "./composer";
import { FailureNote } from "./failure-note";
import { Icon } from "./icon";
import { useAction } from "./use-action";
import { whatsAppLink } from "./whatsapp-link";
import { useWidget } from "./widget-context";
import { WidgetHeader } from "./widget-header";

/**
 * Home (spec part 2 §2.8): the greeting and opening messages, the portal's common questions (a
 * question with follow-ups opens them) and links, order cards when the shop portal is on, a notice
 * outside active hours, and the ask box with Continue Chat when there is a chat to go back to (a
 * completed one is reopened).
 */
export function HomeScreen({
  canContinue,
  nudges,
  onAsk,
  onTyping,
  onSuggested,
  onContinue,
  onOrders,
}: {
  canContinue: boolean;
  nudges: VisitorMessage[];
  /** `origin`: a custom-reply link of the portal, whose workflow the server runs. */
  onAsk(question: string, attachments?: VisitorAttachment[], quickReply?: undefined, origin?: PortalOrigin): unknown;
  /** The visitor started typing: a good moment to open the realtime channel. */
  onTyping(): void;
  onSuggested(question: PublicSuggestedQuestion): void;
  onContinue(): unknown;
  /** Opens the order tracking form (both order cards: an order is proven the visitor's first). */
  onOrders(): void;
}) {
  const t = useTexts();
  const { widget, language } = useWidget();
  const portal = widget.selfServicePortal;
  const [parent, setParent] = useState<string | null>(null);
  const { isBusy, failure, run } = useAction();
  const questions = portal.isActive ? portal.suggestedQuestions : [];
  const shown = questions.filter((question) => question.category === parent);
  const { agent } = widget.handoff;
  const whatsApp =
    agent.isActive && agent.appType === "whatsapp" ? whatsAppLink(agent.whatsapp, t.whatsAppHello) : null;
  // A custom-reply link asks its title and names itself, so the server runs its workflow.
  const cards: [title: string, text: string, open: () => unknown][] = [
    ...(portal.isActive ? portal.customReplies : []).map((link): [string, string, () => unknown] => [
      link.title,
      link.description,
      () => onAsk(link.title, undefined, undefined, { portalLinkID: link._id }),
    ]),
    ...(widget.customerAccountPortal.isActive
      ? [
          [t.trackOrder, t.trackOrderText, onOrders] as [string, string, () => unknown],
          [t.manageOrders, t.manageOrdersText, onOrders] as [string, string, () => unknown],
        ]
      : []),
  ];

  return (
    <>
      <WidgetHeader
        title={
          (portal.isActive && shopTextFor(portal.messages.title, portal.messages.titleTranslations, language, t)) ||
          t.greetingTitle
        }
        subtitle={
          (portal.isActive &&
            shopTextFor(portal.messages.description, portal.messages.descriptionTranslations, language, t)) ||
          t.greetingText
        }
        pictureURL={portal.isActive ? portal.thumbnailURL : widget.agent.thumbnailURL}
      />
      <main className="bd">
        {widget.isWithinActiveHours ? null : (
          <section className="card">
            <h2>{t.awayTitle}</h2>
            <p>{t.awayText}</p>
            {whatsApp ? (
              <a className="btn" href={whatsApp} target="_blank" rel="noopener noreferrer">
                {t.whatsApp}
                <span className="sr">{t.opensInNewTab}</span>
              </a>
            ) : null}
          </section>
        )}
        <Bubbles
          tone="ai"
          texts={[...openingMessagesFor(widget, language, t), ...nudges.map((nudge) => nudge.message)]}
        />
        {canContinue ? (
          <>
            <button type="button" className="btn p" disabled={isBusy} onClick={() => run(async () => onContinue())}>
              {t.continueChat}
            </button>
            <FailureNote failure={failure} />
          </>
        ) : null}
        {shown.length > 0 ? (
          <section>
            <h2 className="row">
              {parent ? (
                <button type="button" className="ib" onClick={() => setParent(null)} aria-label={t.back}>
                  <Icon name="back" />
                </button>
              ) : null}
              <span dir="auto">{parent ?? t.commonQuestions}</span>
            </h2>
            <ul className="list">
              {shown.map((question) => (
                <li key={question._id}>
                  <button
                    type="button"
                    className="item"
                    dir="auto"
                    onClick={() =>
                      questions.some((child) => child.category === question.question)
                        ? setParent(question.question)
                        : onSuggested(question)
                    }
                  >
                    {question.question}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {cards.length > 0 ? (
          <ul className="list">
            {cards.map(([title, text, open]) => (
              <li key={title}>
                <button type="button" className="item" onClick={open}>
                  <b dir="auto">{title}</b>
                  <small dir="auto">{text}</small>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </main>
      <footer className="ft">
        <Composer
          placeholder={
            (portal.aiSearch.isActive &&
              shopTextFor(portal.aiSearch.placeholder, portal.aiSearch.placeholderTranslations, language, t)) ||
            t.askPlaceholder
          }
          onSend={onAsk}
          onTyping={onTyping}
        />
      </footer>
    </>
  );
}
