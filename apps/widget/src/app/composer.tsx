import {
  VISITOR_ATTACHMENTS_MAX,
  VISITOR_FILE_ACCEPT,
  VISITOR_FILE_MAX_BYTES,
  VISITOR_FILE_TOO_LARGE_MS,
  VISITOR_MESSAGE_MAX,
} from "@harbor/contract/constants";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTexts } from "../i18n/texts";
import { Icon } from "./icon";

/** After this long without a key press, text left unsent earns the typing nudge (spec part 2 §4). */
export const TYPING_NUDGE_MS = 4000;

/**
 * Where the visitor writes: Enter sends, Shift+Enter starts a new line. With `upload`, files can
 * go along (jpg, png, pdf, office; at most 10 MB each, refused with the spec's message for 2 s).
 */
export function Composer({
  placeholder,
  onSend,
  onTyping,
  upload,
}: {
  placeholder: string;
  onSend(question: string, attachments: VisitorAttachment[]): unknown;
  onTyping?(isTyping: boolean): void;
  upload?(file: File): Promise<VisitorAttachment>;
}) {
  const t = useTexts();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [isNudged, setIsNudged] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isTyping = useRef(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(idleTimer.current);
      clearTimeout(noticeTimer.current);
    },
    [],
  );

  function showNotice(message: string) {
    setNotice(message);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), VISITOR_FILE_TOO_LARGE_MS);
  }

  /** Tells of typing once when it starts and once when it stops, not per key (events are rate limited). */
  function setTyping(value: boolean) {
    if (isTyping.current !== value) onTyping?.(value);
    isTyping.current = value;
  }

  function type(value: string) {
    setText(value);
    setIsNudged(false);
    setTyping(true);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => {
      setTyping(false);
      setIsNudged(value.trim() !== "");
    }, TYPING_NUDGE_MS);
  }

  function pick(chosen: File[]) {
    const fitting = chosen.filter((file) => file.size <= VISITOR_FILE_MAX_BYTES);
    const next = [...files, ...fitting];
    if (fitting.length < chosen.length) showNotice(t.fileTooLarge);
    else if (next.length > VISITOR_ATTACHMENTS_MAX) showNotice(t.tooManyFiles(VISITOR_ATTACHMENTS_MAX));
    setFiles(next.slice(0, VISITOR_ATTACHMENTS_MAX));
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    // A message of files only is named by them (a question is never empty).
    const question = (text.trim() || files.map((file) => file.name).join(", ")).slice(0, VISITOR_MESSAGE_MAX);
    if (!question || isBusy) return;
    clearTimeout(idleTimer.current);
    setIsNudged(false);
    setTyping(false);
    setIsBusy(true);
    try {
      const attachments = upload ? await Promise.all(files.map(upload)) : [];
      setText("");
      setFiles([]);
      await onSend(question, attachments);
    } catch (error) {
      showNotice((error as Error).message || t.notSent);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form className="cmp" onSubmit={send}>
      {notice ? (
        <p className="err" role="alert">
          {notice}
        </p>
      ) : null}
      {isNudged ? (
        <p className="hint" role="status">
          {t.typingNudge}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="files">
          {files.map((file, index) => (
            // Files carry no id; a removal rebuilds the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="chip">
              <span dir="auto">{file.name}</span>
              <button
                type="button"
                className="x"
                aria-label={t.removeFile(file.name)}
                onClick={() => setFiles(files.filter((other) => other !== file))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="row">
        {upload ? (
          <>
            <button type="button" className="ib" aria-label={t.attachFiles} onClick={() => picker.current?.click()}>
              <Icon name="attach" />
            </button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={VISITOR_FILE_ACCEPT.join(",")}
              onChange={(event) => {
                pick([...(event.target.files ?? [])]);
                event.target.value = "";
              }}
            />
          </>
        ) : null}
        <textarea
          rows={1}
          aria-label={t.yourMessage}
          placeholder={placeholder}
          maxLength={VISITOR_MESSAGE_MAX}
          value={text}
          dir="auto"
          onChange={(event) => type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          data-autofocus
        />
        <button type="submit" className="ib send" aria-label={t.send} disabled={isBusy}>
          <Icon name="send" />
        </button>
      </div>
    </form>
  );
}
