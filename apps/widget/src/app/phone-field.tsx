import { useId, useMemo } from "react";
import { useTexts } from "../i18n/texts";
import { countries } from "./countries";

export type PhoneValue = { region: string; number: string };

/**
 * A phone number with its country calling code (spec part 2 §3: a plus sign, calling code, number).
 * The country list has a line of its own, so the longest name fits ("United States +1", never
 * "United S"); with no country chosen yet it says so.
 */
export function PhoneField({
  value,
  onChange,
  language,
  error,
  isRequired,
}: {
  value: PhoneValue;
  onChange(value: PhoneValue): void;
  language: string;
  error?: string | null;
  isRequired?: boolean;
}) {
  const t = useTexts();
  const id = useId();
  const list = useMemo(() => countries(language), [language]);
  return (
    <div className="f">
      <label htmlFor={id}>
        {t.phone}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="phone">
        <select
          aria-label={t.countryCode}
          value={value.region}
          onChange={(event) => onChange({ ...value, region: event.target.value })}
        >
          {value.region ? null : <option value="">{t.chooseCountry}</option>}
          {list.map((country) => (
            <option key={country.region} value={country.region}>
              {/* The code isolated left to right, so "+31" never reads "31+" beside a Hebrew name. */}
              {`${country.name} \u2066${country.callingCode}\u2069`}
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          dir="ltr"
          required={isRequired}
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}e` : undefined}
        />
      </div>
      {error ? (
        <p className="err" id={`${id}e`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
