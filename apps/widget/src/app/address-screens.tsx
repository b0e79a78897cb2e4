import { SHIPPING_ADDRESS_FIELDS } from "@harbor/contract/address-fields";
import type { ChangeAddressResponse, ShippingAddress } from "@harbor/contract/orders";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Catalogue } from "../i18n/en";
import type { Language } from "../i18n/pick-language";
import { useTexts } from "../i18n/texts";
import { newClientId } from "./client-id";
import { countries, defaultRegion } from "./countries";
import { focusScreen } from "./focus-screen";
import { TextField } from "./text-field";
import { focusFirstInvalid } from "./validation";
import { WidgetApiError } from "./widget-api";
import { WidgetHeader } from "./widget-header";

/** The form's fields, as typed (empty for a field left out). */
type Draft = Record<keyof ShippingAddress, string>;

const FIELDS = SHIPPING_ADDRESS_FIELDS;
const REQUIRED = new Set<keyof ShippingAddress>(["lastName", "address1", "city", "zip", "countryCode"]);
/** The server's limits (contract orders.ts), so the form never sends what it would refuse. */
const MAX_LENGTH: Record<keyof ShippingAddress, number> = {
  firstName: 60,
  lastName: 60,
  address1: 120,
  address2: 120,
  city: 80,
  zip: 16,
  countryCode: 2,
  provinceCode: 40,
  phone: 40,
};
const AUTOCOMPLETE: Record<keyof ShippingAddress, string> = {
  firstName: "shipping given-name",
  lastName: "shipping family-name",
  address1: "shipping address-line1",
  address2: "shipping address-line2",
  city: "shipping address-level2",
  zip: "shipping postal-code",
  countryCode: "shipping country",
  provinceCode: "shipping address-level1",
  phone: "shipping tel",
};

/** The server's refusal of an address change in the visitor's language, by status. */
export function addressRefusalText(error: unknown, t: Catalogue, usesCode = false): string {
  if (!(error instanceof WidgetApiError)) return (error as Error)?.message || t.notSent;
  if (usesCode && error.status === 400) return t.codeNotRight;
  switch (error.status) {
    case 422:
      return t.addressRefused;
    case 403:
    case 409:
      return t.addressNotAllowed;
    case 404:
      return t.orderNotFound;
    case 429:
      return t.tooManyTries;
    case 502:
    case 503:
    case 504:
      return t.shopNotAnswering;
    default:
      return error.message || t.notSent;
  }
}

function draftOf(address: ShippingAddress | null, language: string): Draft {
  const draft = Object.fromEntries(FIELDS.map((field) => [field, address?.[field] ?? ""])) as Draft;
  if (!draft.countryCode) draft.countryCode = defaultRegion(language, navigator.languages ?? []);
  return draft;
}

function addressOf(draft: Draft): ShippingAddress {
  const value = (field: keyof ShippingAddress) => draft[field].trim();
  return {
    firstName: value("firstName") || null,
    lastName: value("lastName"),
    address1: value("address1"),
    address2: value("address2") || null,
    city: value("city"),
    zip: value("zip"),
    countryCode: value("countryCode"),
    provinceCode: value("provinceCode") || null,
    phone: value("phone") || null,
  };
}

/**
 * A new shipping address for an order not yet shipped (decision 047): a form started from the
 * order's address, a confirmation of the address as it will be sent, then done. One client key per
 * confirmed address: a retry of a request that got no answer is the same one and done once.
 */
export function AddressChangeScreen({
  orderName,
  current,
  language,
  usesCode,
  change,
  onBack,
  onChanged,
}: {
  orderName: string;
  current: ShippingAddress | null;
  language: Language;
  /** The portal verifies by e-mailed code: a 400 means the code has expired. */
  usesCode: boolean;
  change(request: { address: ShippingAddress; clientKey: string }): Promise<ChangeAddressResponse>;
  onBack(): void;
  onChanged(answer: ChangeAddressResponse): void;
}) {
  const t = useTexts();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(current, language));
  const [errors, setErrors] = useState<Partial<Record<keyof ShippingAddress, string | null>>>({});
  const [pending, setPending] = useState<ShippingAddress | null>(null);
  const [clientKey, setClientKey] = useState(newClientId);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const countryId = useId();
  const list = useMemo(() => countries(language), [language]);

  // The confirmation replaces the form, and back: the keyboard goes to the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the step only
  useEffect(() => {
    focusScreen();
  }, [pending === null]);

  const labels: Record<keyof ShippingAddress, string> = {
    firstName: t.firstName,
    lastName: t.lastName,
    address1: t.address1,
    address2: t.address2,
    city: t.city,
    zip: t.zip,
    countryCode: t.country,
    provinceCode: t.province,
    phone: t.addressPhone,
  };

  function review(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<keyof ShippingAddress, string | null>> = {};
    for (const field of FIELDS) {
      found[field] = REQUIRED.has(field) && !draft[field].trim() ? t.required : null;
    }
    if (!found.zip && !/^[\p{L}\p{N} -]+$/u.test(draft.zip.trim())) found.zip = t.zipInvalid;
    // As the server checks it: digits with the usual separators, an optional leading +.
    if (draft.phone.trim() && !/^\+?[\d\s().-]{6,}$/.test(draft.phone.trim())) found.phone = t.phoneInvalid;
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    setFailure(null);
    setPending(addressOf(draft));
  }

  async function confirm() {
    if (!pending || isBusy) return;
    setIsBusy(true);
    setFailure(null);
    try {
      onChanged(await change({ address: pending, clientKey }));
    } catch (error) {
      // After an answer the next try is a new request; without one it is the same.
      if (error instanceof WidgetApiError) setClientKey(newClientId());
      setFailure(addressRefusalText(error, t, usesCode));
      setIsBusy(false);
    }
  }

  const field = (name: keyof ShippingAddress, extra: Record<string, unknown> = {}) => (
    <TextField
      label={labels[name]}
      required={REQUIRED.has(name)}
      maxLength={MAX_LENGTH[name]}
      autoComplete={AUTOCOMPLETE[name]}
      dir="auto"
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      error={errors[name]}
      {...extra}
    />
  );
  const countryName = (code: string) => list.find((country) => country.region === code)?.name ?? code;

  return (
    <>
      <WidgetHeader title={t.changeAddress} onBack={pending ? () => setPending(null) : onBack} />
      <main className="bd">
        {pending ? (
          <>
            <p>{t.confirmAddress(orderName)}</p>
            <address className="card" dir="auto">
              {[
                [pending.firstName, pending.lastName].filter(Boolean).join(" "),
                pending.address1,
                pending.address2,
                [pending.zip, pending.city].join(" "),
                pending.provinceCode,
                countryName(pending.countryCode),
                pending.phone,
              ]
                .filter(Boolean)
                .map((line) => (
                  <span key={line} className="line">
                    {line}
                  </span>
                ))}
            </address>
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
            <p>{t.addressIntro}</p>
            {field("firstName", { "data-autofocus": true })}
            {field("lastName")}
            {field("address1")}
            {field("address2")}
            {field("zip", { dir: "ltr" })}
            {field("city")}
            <div className="f">
              <label htmlFor={countryId}>
                {t.country}
                <span aria-hidden="true"> *</span>
              </label>
              <select
                id={countryId}
                required
                autoComplete={AUTOCOMPLETE.countryCode}
                value={draft.countryCode}
                onChange={(event) => setDraft({ ...draft, countryCode: event.target.value })}
                aria-invalid={errors.countryCode ? true : undefined}
                aria-describedby={errors.countryCode ? `${countryId}e` : undefined}
              >
                {draft.countryCode ? null : <option value="">{t.chooseCountry}</option>}
                {list.map((country) => (
                  <option key={country.region} value={country.region}>
                    {country.name}
                  </option>
                ))}
              </select>
              {errors.countryCode ? (
                <p className="err" id={`${countryId}e`}>
                  {errors.countryCode}
                </p>
              ) : null}
            </div>
            {field("provinceCode")}
            {field("phone", { type: "tel", inputMode: "tel", dir: "ltr" })}
            <button type="submit" className="btn p">
              {t.review}
            </button>
          </form>
        )}
      </main>
    </>
  );
}
