import { formatDay } from "@harbor/contract/dates";
import { splitIntoBubbles } from "@harbor/contract/sentences";
import type { VisitorCustomer, VisitorMessage } from "@harbor/contract/widget";
import type { Catalogue } from "../i18n/en";
import { useTexts } from "../i18n/texts";
import { Bubbles, type Tone } from "./bubbles";
import type { VisitorEventInput } from "./chat-session";
import { formatSentTime } from "./format";
import { CustomerForm, Later, OrderCard, SubscriptionList } from "./lazy-parts";
import { shownParts, visitorEventOf } from "./message-data";
import { MessageLinks } from "./message-links";
import { useAction } from "./use-action";
import { whatsAppLink } from "./whatsapp-link";
import { useWidget } from "./widget-context";

/**
 * One stored message as the visitor sees it (spec part 1 §2, §9): an AI answer cut into bubbles
 * with "Answered by AI", its sources, answer-bubble choices and forms (live only on the newest
 * message), order cards, subscriptions, attachments, and the visitor's own choices and forms.
 */
/** A frequency as the chat's record keeps it ("3 weeks") in the visitor's words, set into a sentence. */
function everyOf(recorded: string, t: Catalogue): string {
  const match = /^(\d+) (day|week|month)s?$/.exec(recorded);
  if (!match) return recorded;
  const text = t.every(Number(match[1]), match[2] as string);
  return text.charAt(0).toLocaleLowerCase() + text.slice(1);
}

/** The visitor's answer to a custom reply's bubbles or form (add-event). */
export type CustomReplyAnswer = Extract<VisitorEventInput, { event: "CUSTOM_REPLY_ANSWER" | "CUSTOM_REPLY_FORM" }>;

export function ChatMessage({
  message,
  isLast,
  onChoose,
  onForm,
  onManageOrder,
  onAnswer,
}: {
  message: VisitorMessage;
  isLast: boolean;
  onChoose(choice: string): void;
  onForm(customer: VisitorCustomer): unknown;
  /** The shop's order self-service for an order the chat shows (its tracking form, number filled in). */
  onManageOrder?(orderName: string): void;
  /** A custom reply's bubble chosen or form sent. */
  onAnswer?(answer: CustomReplyAnswer): Promise<unknown>;
}) {
  const t = useTexts();
  const { widget, language, identity } = useWidget();
  const data = shownParts(message.messageData);
  const time = formatSentTime(message.timestamp, language, t);
  const isVisitor = message.senderRole === "customer";
  const event = visitorEventOf(message);

  if (message.messageType === "widget_event" && !isVisitor) {
    // A custom reply ended the chat or handed it off.
    const handoff = data.widgetEvent;
    if (!handoff) return null;
    if (handoff.event === "end_chat") return <Bubbles tone="ai" texts={[t.chatEnded]} meta={time} />;
    const link = handoff.appType === "whatsapp" ? whatsAppLink(handoff.number ?? null, t.whatsAppHello) : null;
    return (
      <Bubbles tone="ai" texts={[link ? t.handoffWhatsApp : t.handoffWait]} meta={time}>
        {link ? (
          <a className="btn p" href={link} target="_blank" rel="noopener noreferrer">
            {t.whatsApp}
          </a>
        ) : null}
      </Bubbles>
    );
  }

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
    // A subscription change (decision 045), likewise; one Recharge refused is not the visitor's to repeat.
    const change = orderAction?.subscription;
    if (event === "SUBSCRIPTION_CHANGED" && change && orderAction?.status === "recorded") {
      const text =
        change.change === "next_charge_date"
          ? t.dateEvent(change.productTitle, formatDay(change.to, language))
          : t.frequencyEvent(change.productTitle, everyOf(change.to, t));
      return <Bubbles tone="me" texts={[text]} meta={time} />;
    }
    // A shipping-address change (decision 047); one the shop refused is not the visitor's to repeat.
    if (event === "ORDER_ADDRESS_CHANGED" && orderAction?.status === "recorded") {
      return <Bubbles tone="me" texts={[t.addressEvent(orderAction.orderName)]} meta={time} />;
    }
    // A reported Order Issue (decision 054): the shop's answer or the team's reply follows it.
    if (event === "ORDER_ISSUE_REPORTED" && orderAction?.issue) {
      return (
        <Bubbles tone="me" texts={[t.issueEvent(orderAction.orderName, orderAction.issue.question)]} meta={time} />
      );
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
    // A custom reply's form keeps the titles it asked with.
    for (const field of form.fields) titles[field.key] = field.title;
    return (
      <Bubbles tone="me" texts={[]} meta={time}>
        <dl className="card">
          <h3 dir="auto">{data.step ? form.title : event === "RAISE_TICKET" ? t.raiseTicket : t.preChatTitle}</h3>
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
    Boolean(data.order || form || data.file);
  const step = data.step && !isVisitor && onAnswer ? data.step : null;
  const file = data.file && /^https?:\/\//i.test(data.file.url) ? data.file : null;
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
      {step && message.messageType === "answer_bubbles" ? (
        <StepBubbles
          bubbles={data.bubbles}
          isOpen={isLast}
          onChoose={(value) => onAnswer?.({ event: "CUSTOM_REPLY_ANSWER", actionID: step.actionID, value })}
        />
      ) : null}
      {file ? (
        <a className="file" href={file.url} target="_blank" rel="noopener noreferrer">
          {t.openFile}
        </a>
      ) : null}
      {!step && isLast && data.choices.length > 0 ? (
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
              // A custom reply's form answers its step; any other form is the pre-chat details.
              onSubmit={
                step
                  ? (customer) =>
                      onAnswer?.({
                        event: "CUSTOM_REPLY_FORM",
                        actionID: step.actionID,
                        values: formValuesOf(customer, form.fields),
                      })
                  : onForm
              }
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

/**
 * A custom reply's answer bubbles: buttons (so the keyboard reaches them) that send the bubble's
 * value; closed once answered (the newest message is then the visitor's choice) or while sending.
 */
function StepBubbles({
  bubbles,
  isOpen,
  onChoose,
}: {
  bubbles: { message: string; value: string }[];
  isOpen: boolean;
  onChoose(value: string): Promise<unknown> | undefined;
}) {
  const t = useTexts();
  const { isBusy, failure, run } = useAction();
  return (
    <fieldset className="choices">
      <legend className="sr">{t.choices}</legend>
      {bubbles.map((bubble) => (
        <button
          key={bubble.value}
          type="button"
          className="chip"
          dir="auto"
          disabled={!isOpen || isBusy}
          onClick={() => void run(async () => onChoose(bubble.value))}
        >
          {bubble.message}
        </button>
      ))}
      {failure !== null ? (
        <p className="err" role="alert">
          {failure || t.notSent}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The custom reply's form values by data-model key, as the form's fields gave them. */
function formValuesOf(customer: VisitorCustomer, fields: { key: string }[]): Record<string, string> {
  const values: Record<string, string> = { ...(customer.fields ?? {}) };
  if (customer.name) values.name = customer.name;
  if (customer.email) values.email = customer.email;
  const phone = customer.number ? `${customer.number.countryCallingCode} ${customer.number.number}`.trim() : "";
  for (const { key } of fields) if (phone && (key === "number" || key === "phone")) values[key] = phone;
  return values;
}
