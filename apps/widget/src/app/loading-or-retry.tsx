import { useTexts } from "../i18n/texts";

/** A screen's content while it loads: a spinner, or what failed with a Retry button. */
export function LoadingOrRetry({ failure, onRetry }: { failure: string | null; onRetry: () => void }) {
  const t = useTexts();
  if (failure !== null) {
    return (
      <>
        <p className="err" role="alert">
          {failure}
        </p>
        <button type="button" className="btn" onClick={onRetry}>
          {t.retry}
        </button>
      </>
    );
  }
  return (
    <div className="center" aria-busy="true">
      <span className="spin" />
      <span className="sr">{t.loading}</span>
    </div>
  );
}
