import { formatDay } from "@harbor/contract/dates";
import type {
  ChangeSubscriptionRequest,
  ChangeSubscriptionResponse,
  IntervalUnit,
  ListSubscriptionsResponse,
  WidgetSubscription,
} from "@harbor/contract/orders";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Catalogue } from "../i18n/en";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { newClientId } from "./client-id";
import { focusScreen } from "./focus-screen";
import { LoadingOrRetry } from "./loading-or-retry";
import { SubscriptionTerms } from "./subscription-list";
import { TextField } from "./text-field";
import { focusFirstInvalid } from "./validation";
import { WidgetApiError } from "./widget-api";
import { useWidget } from "./widget-context";
import { WidgetHeader } from "./widget-header";

export type SubscriptionChange = ChangeSubscriptionRequest["change"];

/** The subscription calls (widget-api.ts), bound to this widget, visitor, chat and the order's proof. */
export type SubscriptionCalls = {
  list(): Promise<ListSubscriptionsResponse>;
  change(request: {
    subscriptionID: number;
    change: SubscriptionChange;
    clientKey: string;
  }): Promise<ChangeSubscriptionResponse>;
};

const UNITS: IntervalUnit[] = ["day", "week", "month"];

/**
 * Recharge's refusals in the visitor's language, by the status the server gives them (decision
 * 045). With e-mail codes a 400 is the code (it expires after 10 minutes, and every call here
 * carries it again): the visitor is told to get a new one.
 */
export function subscriptionRefusalText(error: unknown, t: Catalogue, usesCode = false): string {
  if (!(error instanceof WidgetApiError)) return (error as Error)?.message || t.notSent;
  if (usesCode && error.status === 400) return t.codeNotRight;
  switch (error.status) {
    case 422:
      return t.subscriptionRefused;
    case 429:
      return t.subscriptionBusy;
    case 404:
      return t.subscriptionNotFound;
    case 403:
      return t.subscriptionEmailOnly;
    case 502:
    case 503:
    case 504:
      return t.subscriptionNotAnswering;
    default:
      return error.message || t.notSent;
  }
}

/** "Every 3 weeks" set into a sentence ("… to every 3 weeks?"); Hebrew has no case to lower. */
const inSentence = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

type Editing = { subscription: WidgetSubscription; kind: SubscriptionChange["kind"] };

/**
 * The customer's subscriptions (issue #17 item 4): each with quantity x price, "Every {n} {unit}"
 * and its next charge, and two changes — the next charge date (today at the earliest, in the
 * shop's sense; the server checks again) and the frequency — each confirmed before it is sent.
 */
export function SubscriptionsScreen({
  calls,
  language,
  onBack,
  onRecorded,
}: {
  calls: SubscriptionCalls;
  language: Language;
  onBack(): void;
  /** A change went in: the chat that records it (the widget joins it). */
  onRecorded(chatID: string | null): void;
}) {
  const t = useTexts();
  const usesCode = useWidget().widget.customerAccountPortal.authentication === "email";
  const [list, setList] = useState<ListSubscriptionsResponse | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function load() {
    setLoadFailure(null);
    calls.list().then(setList, (error: unknown) => setLoadFailure(subscriptionRefusalText(error, t, usesCode)));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per screen
  useEffect(load, []);
  // The list (or a form) replaces what was there: the keyboard goes to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to what is shown only
  useEffect(() => {
    if (list) focusScreen();
  }, [list === null, editing]);

  if (editing && list) {
    return (
      <ChangeForm
        editing={editing}
        today={list.today}
        language={language}
        calls={calls}
        onBack={() => setEditing(null)}
        onChanged={(answer) => {
          const { subscription } = answer;
          setList({
            ...list,
            subscriptions: list.subscriptions.map((item) => (item.id === subscription.id ? subscription : item)),
          });
          setDone(
            editing.kind === "next_charge_date"
              ? t.dateChanged(
                  subscription.product_title,
                  formatDay(subscription.next_charge_scheduled_at ?? "", language),
                )
              : t.frequencyChanged(
                  subscription.product_title,
                  inSentence(t.every(subscription.order_interval_frequency, subscription.order_interval_unit)),
                ),
          );
          setEditing(null);
          onRecorded(answer.chatID);
        }}
      />
    );
  }

  return (
    <>
      <WidgetHeader title={t.yourSubscriptions} onBack={onBack} />
      <main className="bd">
        {done ? <p role="status">{done}</p> : null}
        {list ? (
          list.subscriptions.length === 0 ? (
            <p>{t.noSubscriptions}</p>
          ) : (
            <ul className="items" aria-label={t.yourSubscriptions}>
              {list.subscriptions.map((subscription, index) => (
                <SubscriptionItem
                  key={subscription.id}
                  subscription={subscription}
                  language={language}
                  isFirst={index === 0}
                  onEdit={(kind) => {
                    setDone(null);
                    setEditing({ subscription, kind });
                  }}
                />
              ))}
            </ul>
          )
        ) : (
          <LoadingOrRetry failure={loadFailure} onRetry={load} />
        )}
      </main>
    </>
  );
}

function SubscriptionItem({
  subscription,
  language,
  isFirst,
  onEdit,
}: {
  subscription: WidgetSubscription;
  language: Language;
  isFirst: boolean;
  onEdit(kind: SubscriptionChange["kind"]): void;
}) {
  const t = useTexts();
  const titleId = useId();
  return (
    <li className="card" aria-labelledby={titleId}>
      <span>
        <b id={titleId} dir="auto">
          {subscription.product_title}
        </b>
        {subscription.variant_title ? <span dir="auto"> · {subscription.variant_title}</span> : null}
        <br />
        <SubscriptionTerms subscription={subscription} language={language} />
      </span>
      <span className="row">
        <button
          type="button"
          className="btn"
          aria-describedby={titleId}
          onClick={() => onEdit("next_charge_date")}
          data-autofocus={isFirst || undefined}
        >
          {t.changeDate}
        </button>
        <button type="button" className="btn" aria-describedby={titleId} onClick={() => onEdit("frequency")}>
          {t.changeFrequency}
        </button>
      </span>
    </li>
  );
}

function ChangeForm({
  editing,
  today,
  language,
  calls,
  onBack,
  onChanged,
}: {
  editing: Editing;
  today: string;
  language: Language;
  calls: SubscriptionCalls;
  onBack(): void;
  onChanged(answer: ChangeSubscriptionResponse): void;
}) {
  const t = useTexts();
  const usesCode = useWidget().widget.customerAccountPortal.authentication === "email";
  const form = useRef<HTMLFormElement>(null);
  const { subscription, kind } = editing;
  const [date, setDate] = useState(subscription.next_charge_scheduled_at ?? "");
  const [count, setCount] = useState(String(subscription.order_interval_frequency));
  const [unit, setUnit] = useState<IntervalUnit>(subscription.order_interval_unit);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [pending, setPending] = useState<SubscriptionChange | null>(null);
  // One key per confirmed change: a retry of a request the server never answered (the network)
  // reuses it and is done once; after an answer (a refusal) the next try is a new request.
  const [clientKey, setClientKey] = useState(newClientId);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const unitId = useId();

  // The confirmation replaces the form, and back: the keyboard goes to the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the step only
  useEffect(() => {
    focusScreen();
  }, [pending === null]);

  function review(event: FormEvent) {
    event.preventDefault();
    const frequency = Number(count);
    const found: Record<string, string | null> =
      kind === "next_charge_date"
        ? { date: !date ? t.dateRequired : date < today ? t.dateTooEarly : null }
        : { count: Number.isInteger(frequency) && frequency >= 1 && frequency <= 365 ? null : t.frequencyInvalid };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    setFailure(null);
    setPending(kind === "next_charge_date" ? { kind, date } : { kind, frequency, unit });
  }

  async function confirm() {
    if (!pending || isBusy) return;
    setIsBusy(true);
    setFailure(null);
    try {
      onChanged(await calls.change({ subscriptionID: subscription.id, change: pending, clientKey }));
    } catch (error) {
      if (error instanceof WidgetApiError) setClientKey(newClientId());
      setFailure(subscriptionRefusalText(error, t, usesCode));
      setIsBusy(false);
    }
  }

  const title = kind === "next_charge_date" ? t.changeDate : t.changeFrequency;
  return (
    <>
      <WidgetHeader title={title} onBack={pending ? () => setPending(null) : onBack} />
      <main className="bd">
        <p dir="auto">
          <b>{subscription.product_title}</b>
        </p>
        {pending ? (
          <>
            <p>
              {pending.kind === "next_charge_date"
                ? t.confirmDate(subscription.product_title, formatDay(pending.date, language))
                : t.confirmFrequency(subscription.product_title, inSentence(t.every(pending.frequency, pending.unit)))}
            </p>
            {failure ? (
              <p className="err" role="alert">
                {failure}
              </p>
            ) : null}
            <div className="row">
              <button type="button" className="btn p" onClick={() => void confirm()} disabled={isBusy} data-autofocus>
                {t.confirm}
              </button>
              <button type="button" className="btn" onClick={() => setPending(null)} disabled={isBusy}>
                {t.edit}
              </button>
            </div>
          </>
        ) : (
          <form ref={form} className="form" onSubmit={review} noValidate>
            {kind === "next_charge_date" ? (
              <TextField
                label={t.newChargeDate}
                type="date"
                required
                min={today}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                error={errors.date}
                data-autofocus
              />
            ) : (
              <>
                <TextField
                  label={t.frequencyCount}
                  type="number"
                  inputMode="numeric"
                  required
                  min={1}
                  max={365}
                  step={1}
                  value={count}
                  onChange={(event) => setCount(event.target.value)}
                  error={errors.count}
                  data-autofocus
                />
                <div className="f">
                  <label htmlFor={unitId}>{t.frequencyUnit}</label>
                  <select id={unitId} value={unit} onChange={(event) => setUnit(event.target.value as IntervalUnit)}>
                    {UNITS.map((option) => (
                      <option key={option} value={option}>
                        {t.units[option]}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            )}
            <button type="submit" className="btn p">
              {t.review}
            </button>
          </form>
        )}
      </main>
    </>
  );
}
