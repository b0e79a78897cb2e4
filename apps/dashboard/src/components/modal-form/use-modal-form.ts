import { type UseFormReturnType, useForm } from "@mantine/form";
import { type FormEvent, useRef } from "react";

type ModalFormOptions<Values> = {
  initialValues: Values;
  /** Usually zodFormValidator(the contract's request schema), so the form never restates a rule. */
  validate: (values: Values) => Record<string, string>;
  /**
   * Sends valid values and does what follows a save (notice, close). A rejection is swallowed
   * here: the form shows the mutation's error (ModalFormError) and stays open.
   */
  save: (values: Values, form: UseFormReturnType<Values>) => Promise<void>;
  /** Edit-style forms send nothing until a value changes; forms that add or connect say false. */
  requireChanges?: boolean;
};

/**
 * The part every add/edit modal form shares: controlled values validated on submit, a submit
 * that is ignored while the previous one is on its way (spec part 2 §4) or while nothing changed,
 * and a failed save that keeps the form as typed. The modal resets it by mounting the form only
 * while open.
 */
export function useModalForm<Values extends Record<string, unknown>>({
  initialValues,
  validate,
  save,
  requireChanges = true,
}: ModalFormOptions<Values>): {
  form: UseFormReturnType<Values>;
  isDirty: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
} {
  const form = useForm<Values>({ mode: "controlled", initialValues, validate });
  const isPendingRef = useRef(false);
  const isDirty = form.isDirty();

  const submit = async (values: Values) => {
    if (isPendingRef.current || (requireChanges && !isDirty)) return;
    isPendingRef.current = true;
    try {
      await save(values, form);
    } catch {
      // The mutation's error is shown in the form.
    } finally {
      isPendingRef.current = false;
    }
  };

  return { form, isDirty, onSubmit: form.onSubmit((values) => void submit(values)) };
}
