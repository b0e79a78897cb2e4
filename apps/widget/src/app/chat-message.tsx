import { splitIntoBubbles } from "@harbor/contract/sentences";
import type { VisitorCustomer, VisitorMessage } from "@harbor/contract/widget";
import { useTexts } from "../i18n/texts";
import { Bubbles, type Tone } from "./bubbles";
import { formatSentTime } from "./format";
import { CustomerForm, Later, OrderCard, SubscriptionList } from "./lazy-parts";
import { shownParts, visitorEventOf } from "./message-data";
import { MessageLinks } from "./message-links";
import { useWidget } from "./widget-context";

/**
 * One stored message as the visitor sees it (spec part 1 §2, §9): an AI answer cut into bubbles
 * with "Answered by AI", its sources, answer-bubble choices and forms (live only on the newest
 * message), order cards, subscriptions, attachments, and the visitor's own choices and forms.
 */
export function ChatMessage({
  message,
  isLast,
  onChoose,
  onForm,
  onManageOrder,
}: {
  message: VisitorMessage;
  isLast: boolean;
  onChoose(choice: string): void;
  onForm(customer: VisitorCustomer): unknown;
  /** The shop's order self-service for an order the chat shows (its tracking form, number filled in). */
  onManageOrder?(orderName: string): void;
}) {
  const t = useTexts();
  const { widget, language, identity } = useWidget();
  const data = shownParts(message.messageData);
  const time = formatSentTime(message.timestamp, language, t);
  const isVisitor = message.senderRole === "customer";
  const event = visitorEventOf(message);

  if (message.messageType === "widget_event") {
    const rating = data.rating;
    if (event === "FEEDBACK" && rating) {
      const { positiveMessage, negativeMessage } = widget.workflows.feedback;
      // Spec part 1 §9: 3 stars and above get the positive message.
      const reply = rating >= 3 ? positiveMessage : negativeMessage;
      return (
        <>
          <Bubbles
            tone="me"
            texts={["★".repeat(rating) + "☆".repeat(5 - rating)]}
            label={t.stars(rating)}
            meta={time}
          />
          {reply ? <Bubbles tone="ai" texts={[reply]} /> : null}
        </>
      );
    }
    // The visitor's cancellation request, in their own language whatever the server wrote.
    const orderAction = message.messageData.orderAction;
    if (event === "ORDER_CANCELLATION_REQUESTED" && orderAction) {
      return <Bubbles tone="me" texts={[t.cancellationEvent(orderAction.orderName)]} meta={time} />;
    }
    const words = event === "IS_RESOLVED" ? t.resolveYes : event === "NEED_HELP" ? t.resolveNeedHelp : null;
    return words ? <Bubbles tone="me" texts={[words]} meta={time} /> : null;
  }

  const form = data.form;
  if (form && isVisitor) {
    const titles: Record<string, string> = Object.fromEntries(
      widget.workflows.preChatForm.fields.map((field) => [field.key, field.title]),
    );
    Object.assign(titles, { name: t.name, email: t.email, number: t.phone, message: t.comments });
    return (
      <Bubbles tone="me" texts={[]} meta={time}>
        <dl className="card">
          <h3>{event === "RAISE_TICKET" ? t.raiseTicket : t.preChatTitle}</h3>
          {form.values.map(([key, value]) => (
            <div key={key}>
              <dt>{titles[key] ?? key}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
      </Bubbles>
    );
  }

  const texts =
    message.messageType === "answer"
      ? splitIntoBubbles(message.message)
      : message.message.trim()
        ? [message.message]
        : [];
  const isAnswer = message.senderRole === "ai" && message.messageType.startsWith("answer");
  const references = widget.workflows.showSources ? message.references : [];
  const hasExtras =
    data.choices.length + data.subscriptions.length + data.attachments.length + references.length > 0 ||
    Boolean(data.order || form);
  if (texts.length === 0 && !hasExtras) return null;
  const meta = [message.senderRole === "agent" ? message.senderName : null, time, isAnswer ? t.answeredByAi : null]
    .filter(Boolean)
    .join(" · ");
  const tone: Tone = isVisitor ? "me" : message.senderRole === "agent" ? "agent" : "ai";
  // The answer quotes the shop's English help text to a Dutch or Hebrew visitor: say so, rather than
  // pass it off as a reply in their language.
  const note = data.quotedLanguage === "en" && language !== "en" && !isVisitor ? t.quotedEnglish : undefined;

  return (
    <Bubbles tone={tone} texts={texts} meta={meta} note={note}>
      {isLast && data.choices.length > 0 ? (
        <fieldset className="choices">
          <legend className="sr">{t.choices}</legend>
          {data.choices.map((choice) => (
            <button key={choice} type="button" className="chip" onClick={() => onChoose(choice)} dir="auto">
              {choice}
            </button>
          ))}
        </fieldset>
      ) : null}
      {form && isLast ? (
        <section className="card">
          {form.title ? <h3 dir="auto">{form.title}</h3> : null}
          {form.description ? <p dir="auto">{form.description}</p> : null}
          <Later>
            <CustomerForm
              fields={form.fields}
              identity={identity}
              language={language}
              submitLabel={t.send}
              onSubmit={onForm}
            />
          </Later>
        </section>
      ) : null}
      {data.order ? (
        <Later>
          <OrderCard
            card={data.order}
            language={language}
            onManage={widget.customerAccountPortal.isActive ? onManageOrder : undefined}
          />
        </Later>
      ) : null}
      {data.subscriptions.length > 0 ? (
        <Later>
          <SubscriptionList subscriptions={data.subscriptions} language={language} />
        </Later>
      ) : null}
      <MessageLinks references={references} attachments={data.attachments} />
    </Bubbles>
  );
}
