import { SIGN_IN_CODE_LENGTH } from "@harbor/contract/constants";
import { Loader, TextInput } from "@mantine/core";
import type { Ref } from "react";
import { texts } from "../../../lib/texts";
import { sanitizeCode } from "../sanitize-code";

type CodeEntryProps = {
  value: string;
  /** Read-only while a check runs and after it (until the user chooses to try again). */
  isLocked: boolean;
  isChecking: boolean;
  hasError: boolean;
  onChange: (code: string) => void;
  /** Called once the value reaches the full code length. */
  onComplete: (code: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/** One field for the whole code: letters and digits only, upper-cased; a pasted code replaces the value. */
export function CodeEntry({ value, isLocked, isChecking, hasError, onChange, onComplete, inputRef }: CodeEntryProps) {
  const update = (raw: string) => {
    if (isLocked) return;
    const code = sanitizeCode(raw);
    onChange(code);
    if (code.length === SIGN_IN_CODE_LENGTH) onComplete(code);
  };

  return (
    <TextInput
      ref={inputRef}
      label={texts.auth.authenticate.codeLabel}
      description={texts.auth.authenticate.codeDescription}
      value={value}
      readOnly={isLocked}
      error={hasError}
      required
      size="lg"
      variant={isLocked ? "filled" : "default"}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      data-autofocus
      rightSection={isChecking ? <Loader size="sm" aria-hidden /> : null}
      styles={{
        input: {
          fontFamily: "ui-monospace, monospace",
          fontSize: 26,
          letterSpacing: "0.4em",
          textAlign: "center",
        },
      }}
      onChange={(event) => update(event.currentTarget.value)}
      onPaste={(event) => {
        event.preventDefault();
        update(event.clipboardData.getData("text"));
      }}
    />
  );
}
