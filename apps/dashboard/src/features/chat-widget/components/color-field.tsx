import { ColorInput, type ColorInputProps } from "@mantine/core";
import { texts } from "../../../lib/texts";
import { toSixDigitHex } from "../colors";

const t = texts.chatWidget.appearance.colors;

type ColorFieldProps = Omit<ColorInputProps, "onChange" | "value"> & {
  label: string;
  /** Optional only because form bindings type it so; a missing value is an empty field. */
  value?: string;
  onChange: (value: string) => void;
  /** What the widget uses while the field is empty, for the picker to start from. */
  fallback: string;
};

/**
 * A hex colour that may be left empty (the widget then uses its default). Typed, or picked with
 * the browser's own colour picker, which is keyboard accessible (Mantine's dropdown picker is not).
 */
export function ColorField({ label, value = "", onChange, fallback, ...props }: ColorFieldProps) {
  return (
    <ColorInput
      label={label}
      value={value}
      onChange={onChange}
      format="hex"
      // An empty colour is allowed, so the field must not snap back to the last valid one on blur.
      fixOnBlur={false}
      withPicker={false}
      withEyeDropper={false}
      autoComplete="off"
      rightSectionWidth={44}
      rightSection={
        <input
          type="color"
          aria-label={t.pick(label)}
          value={toSixDigitHex(value) ?? fallback}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{ width: 28, height: 24, padding: 0, border: "none", background: "none", cursor: "pointer" }}
        />
      }
      {...props}
    />
  );
}
