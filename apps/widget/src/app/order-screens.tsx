import { formatDay } from "@harbor/contract/dates";
import type {
  CancellationReasonsResponse,
  CancellationRule,
  ChangeAddressResponse,
  ChangeSubscriptionResponse,
  ListSubscriptionsResponse,
  ManageOrderGetResponse,
  ReportIssueResponse,
  RequestCancellationResponse,
  ShippingAddress,
} from "@harbor/contract/orders";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Catalogue } from "../i18n/en";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { ActionDone } from "./action-done";
import { AddressChangeScreen } from "./address-screens";
import { newClientId } from "./client-id";
import { callingCode, defaultRegion } from "./countries";
import { SubmitWithFailure } from "./failure-note";
import { focusScreen } from "./focus-screen";
import { IssueReportScreen } from "./issue-screens";
import { LoadingOrRetry } from "./loading-or-retry";
import { OrderCard } from "./order-card";
import { PhoneField, type PhoneValue } from "./phone-field";
import { type SubscriptionChange, SubscriptionsScreen } from "./subscription-screens";
import { TextField } from "./text-field";
import { emailError, focusFirstInvalid, internationalDigits, phoneError } from "./validation";
import { WidgetApiError } from "./widget-api";
import { useWidget } from "./widget-context";
import { WidgetHeader } from "./widget-header";

/** The order and the contact it was placed with, as the visitor typed them (one of e-mail or phone). */
export type OrderProof = { orderNumber: string; email?: string; phone?: string; code?: string };

/** The manage-order calls (widget-api.ts), already bound to this widget, visitor and chat. */
export type OrderCalls = {
  /** Sends a one-time code for the order: mailed (portal method email) or texted (phone, decision 061). */
  sendCode(proof: { orderNumber: string; email?: string; phone?: string }): Promise<unknown>;
  getOrder(proof: OrderProof): Promise<ManageOrderGetResponse>;
  reasons(): Promise<CancellationReasonsResponse>;
  requestCancellation(
    request: OrderProof & { reason: string; otherReason?: string; clientKey: string },
  ): Promise<RequestCancellationResponse>;
  /** A new shipping address for an order not yet shipped (decision 047). */
  changeAddress(request: OrderProof & { address: ShippingAddress; clientKey: string }): Promise<ChangeAddressResponse>;
  /** One of the shop's Order Issues about this order (decision 054). */
  reportIssue(request: OrderProof & { issueID: string; clientKey: string }): Promise<ReportIssueResponse>;
  /** The customer's subscriptions, for an order proven by its e-mail (decision 045). */
  subscriptions(proof: OrderProof): Promise<ListSubscriptionsResponse>;
  changeSubscription(
    request: OrderProof & { subscriptionID: number; change: SubscriptionChange; clientKey: string },
  ): Promise<ChangeSubscriptionResponse>;
};

type Step =
  | { name: "track" }
  | { name: "details"; proof: OrderProof; found: ManageOrderGetResponse }
  | { name: "cancel"; proof: OrderProof; found: ManageOrderGetResponse }
  | { name: "subscriptions"; proof: OrderProof; found: ManageOrderGetResponse }
  | { name: "address"; proof: OrderProof; found: ManageOrderGetResponse }
  | { name: "addressChanged"; answer: ChangeAddressResponse }
  | { name: "issue"; proof: OrderProof; found: ManageOrderGetResponse }
  | { name: "issueSent"; answer: ReportIssueResponse }
  | { name: "sent"; found: ManageOrderGetResponse; answer: RequestCancellationResponse };

/**
 * The server's refusal in the visitor's language. Its statuses say which (decision 036: a wrong
 * contact answers exactly as an unknown order, 404); anything else keeps the server's words.
 */
export function refusalText(error: unknown, t: Catalogue, authentication: string, isCodeStep = false): string {
  if (!(error instanceof WidgetApiError)) return (error as Error)?.message || t.notSent;
  if (isCodeStep && error.status === 400) return t.codeNotRight;
  switch (error.status) {
    case 404:
      return t.orderNotFound;
    case 429:
      return t.tooManyTries;
    case 403:
      return authentication === "phone" ? t.codeNotAvailable : t.portalOff;
    case 409:
      return `${t.notEligible}. ${t.notEligibleShipped}`;
    case 502:
    case 503:
    case 504:
      return t.shopNotAnswering;
    default:
      return error.message || t.notSent;
  }
}

/**
 * Order self-service in the widget (spec part 2 §2.8, §3): the order tracking form, the order's
 * details, and a cancellation request with the shop's reasons, each a screen of its own. Reached
 * from Home's order cards and from an order card in the chat (which brings its order number).
 */
export function OrderSelfService({
  calls,
  language,
  orderNumber = "",
  onBack,
  onToChat,
  onRecorded = () => {},
}: {
  calls: OrderCalls;
  language: Language;
  /** An order number to start with (from the chat's order card). */
  orderNumber?: string;
  onBack(): void;
  /** The request went in: to the chat that records it. */
  onToChat(chatID: string | null): void;
  /** A subscription change went in: the chat that records it, joined while the visitor stays here. */
  onRecorded?(chatID: string | null): void;
}) {
  const t = useTexts();
  const { widget } = useWidget();
  const [step, setStep] = useState<Step>({ name: "track" });
  const [lastProof, setLastProof] = useState<OrderProof>({ orderNumber });

  // Each step is a new screen: the keyboard moves to it (the button that led there is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the step changing only
  useEffect(() => {
    focusScreen();
  }, [step.name]);

  switch (step.name) {
    case "track":
      return (
        <TrackingForm
          calls={calls}
          language={language}
          initial={lastProof}
          onBack={onBack}
          onFound={(proof, found) => {
            setLastProof(proof);
            setStep({ name: "details", proof, found });
          }}
        />
      );
    case "details":
      return (
        <OrderDetails
          found={step.found}
          language={language}
          onBack={() => setStep({ name: "track" })}
          onCancel={() => setStep({ ...step, name: "cancel" })}
          onSubscriptions={() => setStep({ ...step, name: "subscriptions" })}
          onChangeAddress={() => setStep({ ...step, name: "address" })}
          onReportIssue={() => setStep({ ...step, name: "issue" })}
        />
      );
    case "issue":
      return (
        <IssueReportScreen
          orderName={step.found.order.order.name}
          issues={step.found.issues ?? []}
          report={(request) => calls.reportIssue({ ...step.proof, ...request })}
          refusal={(error) =>
            refusalText(error, t, widget.customerAccountPortal.authentication, step.proof.code !== undefined)
          }
          onBack={() => setStep({ ...step, name: "details" })}
          onSent={(answer) => setStep({ name: "issueSent", answer })}
        />
      );
    case "issueSent":
      return (
        <ActionDone
          title={t.issueSent}
          text={
            step.answer.answer === null
              ? t.issueHandedOff(step.answer.orderName)
              : t.issueAnswered(step.answer.orderName)
          }
          chatID={step.answer.chatID}
          onBack={onBack}
          onToChat={onToChat}
        >
          {step.answer.answer === null ? null : (
            <p className="card" dir="auto">
              {step.answer.answer}
            </p>
          )}
        </ActionDone>
      );
    case "address":
      return (
        <AddressChangeScreen
          orderName={step.found.order.order.name}
          current={step.found.addressChange?.address ?? null}
          language={language}
          usesCode={step.proof.code !== undefined}
          change={(request) => calls.changeAddress({ ...step.proof, ...request })}
          onBack={() => setStep({ ...step, name: "details" })}
          onChanged={(answer) => setStep({ name: "addressChanged", answer })}
        />
      );
    case "addressChanged":
      return (
        <ActionDone
          title={t.changeAddress}
          text={t.addressChanged(step.answer.orderName)}
          chatID={step.answer.chatID}
          onBack={onBack}
          onToChat={onToChat}
        />
      );
    case "subscriptions":
      return (
        <SubscriptionsScreen
          language={language}
          calls={{
            list: () => calls.subscriptions(step.proof),
            change: (request) => calls.changeSubscription({ ...step.proof, ...request }),
          }}
          onBack={() => setStep({ ...step, name: "details" })}
          onRecorded={onRecorded}
        />
      );
    case "cancel":
      return (
        <CancellationRequest
          calls={calls}
          proof={step.proof}
          found={step.found}
          onBack={() => setStep({ ...step, name: "details" })}
          onSent={(answer) => setStep({ name: "sent", found: step.found, answer })}
        />
      );
    case "sent":
      return (
        <ActionDone
          title={t.cancellationSent}
          text={t.cancellationSentText(step.answer.orderName)}
          chatID={step.answer.chatID}
          onBack={onBack}
          onToChat={onToChat}
        />
      );
  }
}

function TrackingForm({
  calls,
  language,
  initial,
  onBack,
  onFound,
}: {
  calls: OrderCalls;
  language: Language;
  initial: OrderProof;
  onBack(): void;
  onFound(proof: OrderProof, found: ManageOrderGetResponse): void;
}) {
  const t = useTexts();
  const { widget, identity } = useWidget();
  const form = useRef<HTMLFormElement>(null);
  const [number, setNumber] = useState(initial.orderNumber);
  const [method, setMethod] = useState<"email" | "phone">(initial.phone ? "phone" : "email");
  const [email, setEmail] = useState(initial.email ?? identity.email ?? "");
  const [phone, setPhone] = useState<PhoneValue>({
    region: defaultRegion(language, navigator.languages),
    number: "",
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const authentication = widget.customerAccountPortal.authentication;
  // The portal's e-mail or phone OTP: the order number and that contact first, then the code
  // sent to it. The method decides the contact; there is no choice to make.
  const usesCode = authentication === "email" || authentication === "phone";
  const contact: "email" | "phone" = usesCode ? (authentication as "email" | "phone") : method;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  // Counts the codes sent, so each send (a new code too) takes the keyboard to the code field.
  const [codeSends, setCodeSends] = useState(0);
  const codeField = useRef<HTMLInputElement>(null);

  // After the render that shows the field: a frame callback scheduled with the send could run
  // before React commits it (seen in Chromium on a loaded machine) and focus nothing.
  useEffect(() => {
    if (codeSends > 0) codeField.current?.focus();
  }, [codeSends]);

  /** Changing the order or the contact asks for a new code. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setCodeSentTo(null);
    };

  /** The phone as the server compares it: `+<calling code> <digits>`. */
  const givenPhone = () => `${callingCode(phone.region)} ${internationalDigits(phone.number, phone.region)}`;
  const givenContact = () => (contact === "email" ? { email: email.trim() } : { phone: givenPhone() });

  async function run(action: () => Promise<void>, isCodeStep: boolean) {
    setIsBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(refusalText(error, t, authentication, isCodeStep));
    }
    setIsBusy(false);
  }

  const sendCode = () =>
    run(async () => {
      try {
        await calls.sendCode({ orderNumber: number.trim(), ...givenContact() });
      } catch (error) {
        // A text the SMS provider would not send reads as that, not as the shop not answering.
        if (contact === "phone" && error instanceof WidgetApiError && error.status === 503) {
          throw new Error(t.textNotSent);
        }
        throw error;
      }
      setCode("");
      setCodeSentTo(contact === "email" ? email.trim() : givenPhone());
      setCodeSends((sends) => sends + 1);
    }, false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const isCodeStep = usesCode && codeSentTo !== null;
    const found = {
      number: number.trim() ? null : t.orderNumberRequired,
      email: contact === "email" ? emailError(email, t) : null,
      phone: contact === "phone" ? phoneError(phone, true, t) : null,
      code: isCodeStep && !/^\d{6}$/.test(code.trim()) ? t.codeInvalid : null,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    if (usesCode && !isCodeStep) {
      await sendCode();
      return;
    }
    const proof: OrderProof = {
      orderNumber: number.trim(),
      ...givenContact(),
      ...(isCodeStep ? { code: code.trim() } : {}),
    };
    await run(async () => onFound(proof, await calls.getOrder(proof)), isCodeStep);
  }

  return (
    <>
      <WidgetHeader title={t.trackOrder} onBack={onBack} />
      <main className="bd">
        <p>{t.trackIntro}</p>
        <form ref={form} className="form" onSubmit={submit} noValidate aria-busy={isBusy || undefined}>
          <TextField
            label={t.orderNumber}
            required
            autoComplete="off"
            maxLength={40}
            value={number}
            onChange={(event) => changed(setNumber)(event.target.value)}
            error={errors.number}
            data-autofocus
          />
          {usesCode ? null : (
            <fieldset className="opts">
              <legend>{t.findWith}</legend>
              {(["email", "phone"] as const).map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name="contact"
                    value={option}
                    checked={method === option}
                    onChange={() => setMethod(option)}
                  />
                  {option === "email" ? t.email : t.phone}
                </label>
              ))}
            </fieldset>
          )}
          {contact === "email" ? (
            <TextField
              label={t.email}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => changed(setEmail)(event.target.value)}
              error={errors.email}
            />
          ) : (
            <PhoneField
              value={phone}
              onChange={changed(setPhone)}
              language={language}
              error={errors.phone}
              isRequired
            />
          )}
          {codeSentTo !== null ? (
            <>
              <p role="status">{t.codeSent(codeSentTo)}</p>
              <TextField
                ref={codeField}
                label={contact === "phone" ? t.smsCode : t.code}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={errors.code}
              />
            </>
          ) : null}
          <SubmitWithFailure
            failure={failure}
            isBusy={isBusy}
            label={usesCode && codeSentTo === null ? t.sendCode : t.findOrder}
          />
          {codeSentTo !== null ? (
            <button type="button" className="link" onClick={() => void sendCode()} disabled={isBusy}>
              {t.newCode}
            </button>
          ) : null}
        </form>
      </main>
    </>
  );
}

/** Why an order cannot be cancelled, by the rule the server names (older servers name none). */
function notEligibleText(rule: CancellationRule | null, isCancelled: boolean, t: Catalogue): string {
  switch (rule) {
    case "too_old":
      return t.notEligibleTooOld;
    case "payment_status":
      return t.notEligiblePayment;
    case "product":
      return t.notEligibleProduct;
    case "cancelled":
      return t.notEligibleCancelled;
    case "shipped":
      return t.notEligibleShipped;
    default:
      return isCancelled ? t.notEligibleCancelled : t.notEligibleShipped;
  }
}

function OrderDetails({
  found,
  language,
  onBack,
  onCancel,
  onSubscriptions,
  onChangeAddress,
  onReportIssue,
}: {
  found: ManageOrderGetResponse;
  language: Language;
  onBack(): void;
  onCancel(): void;
  onSubscriptions(): void;
  onChangeAddress(): void;
  onReportIssue(): void;
}) {
  const t = useTexts();
  const headingId = useId();
  const returnsId = useId();
  const { order } = found.order;
  return (
    <>
      <WidgetHeader title={t.orderDetails} onBack={onBack} />
      <main className="bd">
        <OrderCard card={found.order} language={language} />
        {found.cancellation.isOffered === false ? null : found.cancellation.isEligible ? (
          <button type="button" className="btn" onClick={onCancel} data-autofocus>
            {t.requestCancellation}
          </button>
        ) : (
          <section className="card" aria-labelledby={headingId}>
            <h2 id={headingId}>{t.notEligible}</h2>
            <p>{notEligibleText(found.cancellation.rule ?? null, Boolean(order.cancelledAt), t)}</p>
          </section>
        )}
        {found.addressChange?.isAllowed ? (
          <button type="button" className="btn" onClick={onChangeAddress}>
            {t.changeAddress}
          </button>
        ) : null}
        {found.returns ? (
          <section className="card" aria-labelledby={returnsId}>
            <h2 id={returnsId}>{t.returns}</h2>
            {!found.returns.isAvailable ? (
              <p>{t.returnsUnavailable}</p>
            ) : found.returns.items.length === 0 ? (
              <p>{t.noReturns}</p>
            ) : (
              <ul className="items">
                {found.returns.items.map((item, index) => (
                  // Returns come in Loop's order and carry no id of their own here.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index}>
                    <b>{t.returnState[item.state] ?? item.state}</b>
                    {item.createdAt ? <span>{t.returnStarted(formatDay(item.createdAt, language))}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {found.hasSubscriptions ? (
          <button type="button" className="btn" onClick={onSubscriptions}>
            {t.yourSubscriptions}
          </button>
        ) : null}
        {found.issues?.length ? (
          <button type="button" className="btn" onClick={onReportIssue}>
            {t.reportIssue}
          </button>
        ) : null}
      </main>
    </>
  );
}

const OTHER = "other";
/** The contract's NO_REASON, kept here as a literal: the widget's bundle takes types only from the contract. */
const NO_REASON = "none";

function CancellationRequest({
  calls,
  proof,
  found,
  onBack,
  onSent,
}: {
  calls: OrderCalls;
  proof: OrderProof;
  found: ManageOrderGetResponse;
  onBack(): void;
  onSent(answer: RequestCancellationResponse): void;
}) {
  const t = useTexts();
  const { widget } = useWidget();
  const authentication = widget.customerAccountPortal.authentication;
  const form = useRef<HTMLFormElement>(null);
  // One key for this request however often it is sent: the server acts on it once.
  const [clientKey] = useState(newClientId);
  const [reasons, setReasons] = useState<CancellationReasonsResponse | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [otherReason, setOtherReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const name = found.order.order.name;
  const reasonErrorId = useId();

  function load() {
    setLoadFailure(null);
    calls.reasons().then(setReasons, (error: unknown) => setLoadFailure(refusalText(error, t, authentication)));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per screen
  useEffect(load, []);
  // The reasons replace the spinner: the keyboard goes to the first of them.
  useEffect(() => {
    if (reasons) focusScreen();
  }, [reasons]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy || !reasons) return;
    const found = {
      reason: reasons.askReason && !reason ? t.chooseReason : null,
      otherReason: reason === OTHER && !otherReason.trim() ? t.otherReasonText : null,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    setIsBusy(true);
    setFailure(null);
    try {
      onSent(
        await calls.requestCancellation({
          ...proof,
          // A shop that asks no reason takes the request with `none` (decision 048).
          reason: reasons.askReason ? reason : NO_REASON,
          otherReason: reason === OTHER ? otherReason.trim() : undefined,
          clientKey,
        }),
      );
    } catch (error) {
      setFailure(refusalText(error, t, authentication));
      setIsBusy(false);
    }
  }

  const options = reasons
    ? [...reasons.reasons, ...(reasons.allowOther ? [{ id: OTHER, text: t.otherReason }] : [])]
    : [];
  return (
    <>
      <WidgetHeader title={t.cancelOrder(name)} onBack={onBack} />
      <main className="bd">
        <p>{t.cancelIntro}</p>
        {reasons ? (
          <form ref={form} className="form" onSubmit={submit} noValidate>
            {reasons.askReason ? (
              <fieldset className="opts">
                <legend>{t.cancelReason}</legend>
                {options.map((option, index) => (
                  <label key={option.id}>
                    <input
                      type="radio"
                      name="reason"
                      value={option.id}
                      checked={reason === option.id}
                      onChange={() => setReason(option.id)}
                      aria-invalid={errors.reason ? true : undefined}
                      aria-describedby={errors.reason ? reasonErrorId : undefined}
                      data-autofocus={index === 0 || undefined}
                    />
                    <span dir="auto">{option.text}</span>
                  </label>
                ))}
                {errors.reason ? (
                  <p className="err" id={reasonErrorId}>
                    {errors.reason}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
            {reason === OTHER ? (
              <TextField
                label={t.otherReasonText}
                isMultiline
                required
                maxLength={500}
                value={otherReason}
                onChange={(event) => setOtherReason(event.target.value)}
                error={errors.otherReason}
              />
            ) : null}
            <SubmitWithFailure failure={failure} isBusy={isBusy} label={t.sendCancellation} />
          </form>
        ) : (
          <LoadingOrRetry failure={loadFailure} onRetry={load} />
        )}
      </main>
    </>
  );
}
