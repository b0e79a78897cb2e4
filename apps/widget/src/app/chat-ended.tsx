import type { VisitorMessage } from "@harbor/contract/widget";
import { useTexts } from "../i18n/texts";
import { FailureNote } from "./failure-note";
import { shownParts } from "./message-data";
import { TranscriptForm } from "./transcript-form";
import { useAction } from "./use-action";

/** The address the visitor gave in this chat (the pre-chat or ticket form), the newest first. */
const givenEmail = (messages: VisitorMessage[]) =>
  messages
    .map((message) => shownParts(message.messageData).form?.values.find(([key]) => key === "email")?.[1])
    .findLast(Boolean);

/**
 * A completed chat's last card: start a new chat, or continue this one (continue-chat reopens it),
 * and have the conversation mailed: offered only when the chat's form gave an address, the one
 * address the server mails a transcript to (decision 029).
 */
export function ChatEnded({
  messages,
  onStartNew,
  onContinue,
  onSendTranscript,
}: {
  messages: VisitorMessage[];
  onStartNew(): void;
  onContinue(): Promise<unknown>;
  onSendTranscript(email: string): Promise<unknown>;
}) {
  const t = useTexts();
  const { isBusy, failure, run } = useAction();
  const address = givenEmail(messages);
  return (
    <>
      <section className="card center">
        <p>{t.chatEnded}</p>
        <button type="button" className="btn p" onClick={onStartNew} data-autofocus>
          {t.startNewChat}
        </button>
        <button type="button" className="btn" disabled={isBusy} onClick={() => run(onContinue)}>
          {t.continueChat}
        </button>
        <FailureNote failure={failure} />
      </section>
      {address ? <TranscriptForm email={address} onSend={onSendTranscript} /> : null}
    </>
  );
}
