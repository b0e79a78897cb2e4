import type { VisitorCustomer } from "@harbor/contract/widget";
import type { VisitorIdentity } from "@harbor/contract/widget-frame";
import { type FormEvent, useRef, useState } from "react";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { callingCode, defaultRegion } from "./countries";
import { SubmitWithFailure } from "./failure-note";
import type { FormField } from "./message-data";
import { PhoneField, type PhoneValue } from "./phone-field";
import { TextField } from "./text-field";
import { emailError, focusFirstInvalid, internationalDigits, phoneError } from "./validation";

const PHONE_KEYS = ["number", "phone"];

/**
 * The customer details form (spec part 2 §3): the pre-chat form's fields, or those of a form a
 * custom reply sends in the chat. Every field is required (the pre-chat fields are); name, e-mail
 * and phone get the widget's own labels and checks, other fields the title the admin gave them.
 * Details the shop passed with `Harbor.identify` are filled in.
 */
export function CustomerForm({
  fields,
  identity,
  language,
  submitLabel,
  onSubmit,
}: {
  fields: FormField[];
  identity: VisitorIdentity;
  language: Language;
  submitLabel: string;
  onSubmit(customer: VisitorCustomer): unknown;
}) {
  const t = useTexts();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>({
    name: identity.name ?? "",
    email: identity.email ?? "",
  });
  const [phone, setPhone] = useState<PhoneValue>({ region: defaultRegion(language, navigator.languages), number: "" });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const textOf = (key: string) => (values[key] ?? "").trim();
  const labelOf = (field: FormField) =>
    (({ name: t.name, email: t.email }) as Record<string, string>)[field.key] ?? field.title;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string | null> = {};
    for (const { key, isOptional } of fields) {
      if (PHONE_KEYS.includes(key)) found[key] = isOptional && !phone.number.trim() ? null : phoneError(phone, true, t);
      else if (key === "email") found[key] = isOptional && !textOf(key) ? null : emailError(textOf(key), t);
      else found[key] = textOf(key) || isOptional ? null : t.required;
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    const customer: VisitorCustomer = {};
    const others: Record<string, string> = {};
    for (const field of fields) {
      const { key } = field;
      if (key === "name") customer.name = textOf(key).slice(0, 120);
      else if (key === "email") customer.email = textOf(key);
      else if (PHONE_KEYS.includes(key)) {
        if (field.isOptional && !phone.number.trim()) continue;
        customer.number = {
          countryCallingCode: callingCode(phone.region),
          number: internationalDigits(phone.number, phone.region),
        };
      } else others[key.slice(0, 60)] = textOf(key).slice(0, 500);
    }
    if (Object.keys(others).length > 0) customer.fields = others;
    setIsBusy(true);
    setFailure(null);
    try {
      await onSubmit(customer);
    } catch (error) {
      setFailure((error as Error).message || t.notSent);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate>
      {fields.map((field) =>
        PHONE_KEYS.includes(field.key) ? (
          <PhoneField
            key={field.key}
            value={phone}
            onChange={setPhone}
            language={language}
            error={errors[field.key]}
            isRequired={!field.isOptional}
          />
        ) : (
          <TextField
            key={field.key}
            label={labelOf(field)}
            type={field.key === "email" ? "email" : "text"}
            autoComplete={field.key === "email" ? "email" : field.key === "name" ? "name" : undefined}
            required={!field.isOptional}
            value={values[field.key] ?? ""}
            onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
            error={errors[field.key]}
          />
        ),
      )}
      <SubmitWithFailure failure={failure} isBusy={isBusy} label={submitLabel} />
    </form>
  );
}
