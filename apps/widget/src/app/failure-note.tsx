import { useTexts } from "../i18n/texts";

/** What went wrong with a send: the server's words, else "Not sent." */
export function FailureNote({ failure }: { failure: string | null }) {
  const t = useTexts();
  return failure === null ? null : (
    <p className="err" role="alert">
      {failure || t.notSent}
    </p>
  );
}

/** A form's last row: why the last send failed (the server's words), then the submit button, off while sending. */
export function SubmitWithFailure({
  failure,
  isBusy,
  label,
}: {
  failure: string | null;
  isBusy: boolean;
  label: string;
}) {
  return (
    <>
      {failure ? (
        <p className="err" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn p" disabled={isBusy}>
        {label}
      </button>
    </>
  );
}
