import { VISITOR_MESSAGE_MAX } from "@harbor/contract/constants";
import type { TicketForm } from "@harbor/contract/widget";
import type { VisitorIdentity } from "@harbor/contract/widget-frame";
import { type FormEvent, useRef, useState } from "react";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { newClientId } from "./client-id";
import { callingCode, defaultRegion } from "./countries";
import { SubmitWithFailure } from "./failure-note";
import { PhoneField } from "./phone-field";
import { TextField } from "./text-field";
import { emailError, focusFirstInvalid, internationalDigits, phoneError } from "./validation";
import { WidgetHeader } from "./widget-header";

type TicketFormProps = {
  identity: VisitorIdentity;
  language: Language;
  onSubmit(form: TicketForm, clientMessageID: string): Promise<unknown>;
  /** The keyboard starts in its first field (on its own screen, not inside the chat). */
  isFocusedFirst?: boolean;
};

/** The ticket request on a screen of its own ("No, I still want to raise a ticket"). */
export function TicketFormScreen({ onBack, ...form }: TicketFormProps & { onBack(): void }) {
  const t = useTexts();
  return (
    <>
      <WidgetHeader title={t.raiseTicket} onBack={onBack} />
      <main className="bd">
        <p>{t.ticketIntro}</p>
        <TicketRequest {...form} isFocusedFirst />
      </main>
    </>
  );
}

/**
 * The ticket request (spec part 2 §3): name, e-mail (required), phone, and "Your comments"
 * (required). The request keeps one client id however often it is sent, so one ticket is raised.
 * On its own screen, or in the handoff card when a ticket is the way to a person.
 */
export function TicketRequest({ identity, language, onSubmit, isFocusedFirst }: TicketFormProps) {
  const t = useTexts();
  const form = useRef<HTMLFormElement>(null);
  const [clientMessageID] = useState(newClientId);
  const [name, setName] = useState(identity.name ?? "");
  const [email, setEmail] = useState(identity.email ?? "");
  const [phone, setPhone] = useState({ region: defaultRegion(language, navigator.languages), number: "" });
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: emailError(email, t),
      phone: phoneError(phone, false, t),
      message: message.trim() ? null : t.commentsRequired,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    setIsBusy(true);
    setFailure(null);
    try {
      await onSubmit(
        {
          name: name.trim().slice(0, 120),
          email: email.trim(),
          number: phone.number.trim()
            ? `${callingCode(phone.region)} ${internationalDigits(phone.number, phone.region)}`
            : "",
          message: message.trim(),
        },
        clientMessageID,
      );
    } catch (error) {
      setFailure((error as Error).message || t.notSent);
      setIsBusy(false);
    }
  }

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate>
      <TextField
        label={t.name}
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        data-autofocus={isFocusedFirst || undefined}
      />
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <PhoneField value={phone} onChange={setPhone} language={language} error={errors.phone} />
      <TextField
        label={t.comments}
        isMultiline
        required
        maxLength={VISITOR_MESSAGE_MAX}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={errors.message}
      />
      <SubmitWithFailure failure={failure} isBusy={isBusy} label={t.send} />
    </form>
  );
}
