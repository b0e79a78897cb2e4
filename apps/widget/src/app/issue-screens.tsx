import type { ManageOrderGetResponse, ReportIssueResponse } from "@harbor/contract/orders";
import { type FormEvent, useId, useRef, useState } from "react";
import type { Catalogue } from "../i18n/en";
import { useTexts } from "../i18n/texts";
import { newClientId } from "./client-id";
import { SubmitWithFailure } from "./failure-note";
import { focusFirstInvalid } from "./validation";
import { WidgetApiError } from "./widget-api";
import { WidgetHeader } from "./widget-header";

type IssueOption = NonNullable<ManageOrderGetResponse["issues"]>[number];

/**
 * The server's refusal of a report in the visitor's language: a 400 is an issue the shop has since
 * removed; the rest as for the other order calls (`refusalText`).
 */
export function issueRefusalText(error: unknown, t: Catalogue, otherwise: (error: unknown) => string): string {
  if (error instanceof WidgetApiError && error.status === 400) return t.issueGone;
  if (error instanceof WidgetApiError && error.status === 409) return t.notSent;
  return otherwise(error);
}

/** A radio group of issues; the first radio takes the keyboard when `isFirst`. */
function IssueChoices({
  legend,
  name,
  options,
  value,
  error,
  onChange,
  isFirst,
}: {
  legend: string;
  name: string;
  options: IssueOption[];
  value: string;
  error: string | null;
  onChange(id: string): void;
  isFirst: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset className="opts">
      <legend dir="auto">{legend}</legend>
      {options.map((option, index) => (
        <label key={option.id}>
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-autofocus={(isFirst && index === 0) || undefined}
          />
          <span dir="auto">{option.question}</span>
        </label>
      ))}
      {error ? (
        <p className="err" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Reporting one of the shop's Order Issues about a proven order (decision 054): the top-level
 * issues, then, for one with sub-issues, those; sent with a client key per issue, so a retry of a
 * report that got no answer is recorded once.
 */
export function IssueReportScreen({
  orderName,
  issues,
  report,
  refusal,
  onBack,
  onSent,
}: {
  orderName: string;
  issues: IssueOption[];
  report(request: { issueID: string; clientKey: string }): Promise<ReportIssueResponse>;
  /** Any other refusal in the visitor's language (the order screens' refusalText). */
  refusal(error: unknown): string;
  onBack(): void;
  onSent(answer: ReportIssueResponse): void;
}) {
  const t = useTexts();
  const form = useRef<HTMLFormElement>(null);
  const keys = useRef(new Map<string, string>());
  const [topID, setTopID] = useState("");
  const [subID, setSubID] = useState("");
  const [errors, setErrors] = useState<{ top: string | null; sub: string | null }>({ top: null, sub: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const topLevel = issues.filter((issue) => issue.parentID === null);
  const top = topLevel.find((issue) => issue.id === topID) ?? null;
  const subIssues = top ? issues.filter((issue) => issue.parentID === top.id) : [];

  /** One key per issue: changing the choice after a lost answer is a new report, not a replay of the old one. */
  function keyFor(issueID: string) {
    const known = keys.current.get(issueID);
    if (known) return known;
    const made = newClientId();
    keys.current.set(issueID, made);
    return made;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const found = {
      top: top ? null : t.chooseIssue,
      sub: subIssues.length > 0 && !subIssues.some((issue) => issue.id === subID) ? t.chooseIssue : null,
    };
    setErrors(found);
    if (found.top || found.sub) {
      focusFirstInvalid(form.current);
      return;
    }
    const issueID = subIssues.length > 0 ? subID : topID;
    setIsBusy(true);
    setFailure(null);
    try {
      onSent(await report({ issueID, clientKey: keyFor(issueID) }));
    } catch (error) {
      // After an answer the next try is a new report; without one it is the same.
      if (error instanceof WidgetApiError) keys.current.delete(issueID);
      setFailure(issueRefusalText(error, t, refusal));
      setIsBusy(false);
    }
  }

  return (
    <>
      <WidgetHeader title={t.reportIssue} onBack={onBack} />
      <main className="bd">
        <p>{t.issueIntro(orderName)}</p>
        <form ref={form} className="form" onSubmit={submit} noValidate aria-busy={isBusy || undefined}>
          <IssueChoices
            legend={t.issueChoose}
            name="issue"
            options={topLevel}
            value={topID}
            error={errors.top}
            onChange={(id) => {
              setTopID(id);
              setSubID("");
            }}
            isFirst
          />
          {top && subIssues.length > 0 ? (
            <IssueChoices
              legend={t.issueChooseMore(top.question)}
              name="sub-issue"
              options={subIssues}
              value={subID}
              error={errors.sub}
              onChange={setSubID}
              isFirst={false}
            />
          ) : null}
          <SubmitWithFailure failure={failure} isBusy={isBusy} label={t.sendIssue} />
        </form>
      </main>
    </>
  );
}
