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
