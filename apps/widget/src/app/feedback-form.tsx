import { type FormEvent, useState } from "react";
import { useTexts } from "../i18n/texts";
import type { VisitorEventInput } from "./chat-session";
import { FailureNote } from "./failure-note";
import { Icon } from "./icon";
import { useAction } from "./use-action";

/** The feedback stars after "Yes, thank you": radio buttons, so arrow keys choose and Enter sends. */
export function FeedbackForm({ onEvent }: { onEvent(event: VisitorEventInput): Promise<unknown> }) {
  const t = useTexts();
  const [rating, setRating] = useState(0);
  const { isBusy, failure, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating > 0) void run(() => onEvent({ event: "FEEDBACK", rating }));
  };
  return (
    <form className="card" onSubmit={submit}>
      <fieldset>
        <legend>{t.rateChat}</legend>
        <div className="stars">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className={stars <= rating ? "on" : undefined}>
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={stars === rating}
                onChange={() => setRating(stars)}
                className="sr"
              />
              <Icon name="star" />
              <span className="sr">{t.stars(stars)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <FailureNote failure={failure} />
      <button type="submit" className="btn p" disabled={rating === 0 || isBusy}>
        {t.sendRating}
      </button>
    </form>
  );
}
