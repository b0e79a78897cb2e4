import { type FormEvent, useId, useRef, useState } from "react";
import { useTexts } from "../i18n/texts";
import { FailureNote } from "./failure-note";
import { TextField } from "./text-field";
import { useAction } from "./use-action";
import { emailError } from "./validation";

/**
 * "Email me this conversation" (send-ai-chat-history): the address, filled in when the visitor's
 * is known, checked before anything goes; then what became of it, in the server's words on failure.
 */
export function TranscriptForm({
  email: knownEmail,
  onSend,
}: {
  email: string;
  onSend(email: string): Promise<unknown>;
}) {
  const t = useTexts();
  const titleID = useId();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(knownEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { isBusy, failure, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const found = emailError(address, t);
    setError(found);
    setSentTo(null);
    if (found) {
      form.current?.querySelector("input")?.focus();
      return;
    }
    void run(async () => {
      await onSend(address);
      setSentTo(address);
    });
  }

  return (
    <form ref={form} className="card" onSubmit={submit} noValidate aria-labelledby={titleID}>
      <h2 id={titleID}>{t.emailTranscript}</h2>
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <FailureNote failure={failure} />
      {sentTo ? <p role="status">{t.transcriptSent(sentTo)}</p> : null}
      <button type="submit" className="btn" disabled={isBusy}>
        {isBusy ? t.sending : t.send}
      </button>
    </form>
  );
}
