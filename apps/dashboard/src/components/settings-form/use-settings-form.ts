import { type FormErrors, type FormValidateInput, type UseFormReturnType, useForm } from "@mantine/form";
import { type FormEventHandler, type RefObject, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";

type UseSettingsFormOptions<Values, Saved> = {
  initialValues: Values;
  validate?: FormValidateInput<Values>;
  /** Changes kept outside the form's values (a picked or removed picture) that also need saving. */
  hasOtherChanges?: boolean;
  /** Sends the draft; resolves with what the server saved. */
  save: (values: Values) => Promise<Saved>;
  /** What the server saved as the form's new starting point. */
  valuesFrom: (saved: Saved) => Values;
  /** After a save, for state kept outside the form (the picture is now the saved one). */
  onSaved?: (saved: Saved) => void;
  /** The success notice (its wording is the spec's for each page). */
  savedMessage: string;
  /** Validation failed, before the first invalid field is focused: e.g. open the sections holding errors. */
  onInvalid?: (errors: FormErrors) => void;
};

export type SettingsForm<Values> = {
  form: UseFormReturnType<Values>;
  /** Something differs from what is saved: Save Changes is on and leaving asks first. */
  isChanged: boolean;
  isSaving: boolean;
  /** Spread on the page's <form>. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: FormEventHandler<HTMLFormElement>;
  };
};

/** Fields the form marked invalid, plus groups (a schedule) that show their error without an input. */
const INVALID_SELECTOR = '[aria-invalid="true"], [data-invalid="true"]';
const FOCUSABLE_SELECTOR = "input, select, textarea, button, [tabindex]";

/**
 * Moves to the first invalid field in document order: scrolled to the middle of the screen (an
 * error below the fold would otherwise go unseen) and focused, so its error message is read out.
 */
function focusFirstInvalid(formElement: HTMLFormElement | null) {
  const invalid = formElement?.querySelector<HTMLElement>(INVALID_SELECTOR);
  if (!invalid) return;
  // A multi-select marks its box (a div) invalid as well as the text field inside it.
  const field = invalid.matches(FOCUSABLE_SELECTOR)
    ? invalid
    : (invalid.querySelector<HTMLElement>(FOCUSABLE_SELECTOR) ?? invalid);
  const isReducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  field.scrollIntoView({ block: "center", behavior: isReducedMotion ? "auto" : "smooth" });
  field.focus({ preventScroll: true });
}

/**
 * The one way a settings page loads, tracks changes, validates, saves and reports: every page of
 * AI Agent and Chat Widget settings uses it with <SaveButton> and <UnsavedChangesGuard>.
 * A second save while the first is on its way is ignored; after a save what the server returned
 * becomes the starting point, so Save Changes is off again until the next edit.
 */
export function useSettingsForm<Values extends Record<string, unknown>, Saved>(
  options: UseSettingsFormOptions<Values, Saved>,
): SettingsForm<Values> {
  const {
    initialValues,
    validate,
    hasOtherChanges = false,
    save,
    valuesFrom,
    onSaved,
    savedMessage,
    onInvalid,
  } = options;
  const form = useForm<Values>({ mode: "controlled", initialValues, validate });
  const formRef = useRef<HTMLFormElement>(null);
  const isSavingRef = useRef(false);
  const [isSaving, setSaving] = useState(false);
  // Bumped on each failed validation; the effect runs once the error messages are on screen.
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const isChanged = form.isDirty() || hasOtherChanges;

  useEffect(() => {
    if (invalidAttempts === 0) return;
    // One frame later, so a section opened by onInvalid has laid out its fields.
    const frame = requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    return () => cancelAnimationFrame(frame);
  }, [invalidAttempts]);

  const submitValid = async (values: Values) => {
    if (isSavingRef.current || !isChanged) return;
    isSavingRef.current = true;
    setSaving(true);
    try {
      const saved = await save(values);
      const savedValues = valuesFrom(saved);
      form.setValues(savedValues);
      form.resetDirty(savedValues);
      onSaved?.(saved);
      notifySuccess({ message: savedMessage });
    } catch (error) {
      notifyError({ message: errorMessage(error) });
    } finally {
      isSavingRef.current = false;
      setSaving(false);
    }
  };

  const onSubmit = form.onSubmit(
    (values) => void submitValid(values),
    (errors) => {
      onInvalid?.(errors);
      setInvalidAttempts((count) => count + 1);
    },
  );

  return { form, isChanged, isSaving, formProps: { ref: formRef, noValidate: true, onSubmit } };
}
