import { type InputHTMLAttributes, type Ref, useId } from "react";

/** A labelled input (or text area) with its error under it, announced and linked for screen readers. */
export function TextField({
  label,
  error,
  isMultiline,
  ref,
  ...input
}: {
  label: string;
  error?: string | null;
  isMultiline?: boolean;
  /** The single-line input, for a screen that moves the keyboard to it. */
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>) {
  const id = useId();
  const field = {
    ...input,
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}e` : undefined,
  };
  return (
    <div className="f">
      <label htmlFor={id}>
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {isMultiline ? <textarea rows={4} {...field} /> : <input ref={ref} {...field} />}
      {error ? (
        <p className="err" id={`${id}e`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
