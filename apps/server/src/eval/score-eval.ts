import type { AnswerOutcome, Reference } from "@harbor/contract/ai-agent";
import type { AnswerGrounds } from "@harbor/contract/turn";
import type { EvalQuestion } from "./eval-set";

/** Recall is measured on the top passages the answerer reads. */
export const RECALL_AT = 5;

/** One answered eval question, as `--out` writes it (one JSON line each). */
export type EvalAnswer = {
  set: string;
  id: string;
  split: "dev" | "test";
  lang: EvalQuestion["lang"];
  kind: EvalQuestion["kind"];
  question: string;
  answer: string;
  outcome: AnswerOutcome;
  passed: boolean;
  /** The engine said it does not know (or started the order flow): not an answer, right or wrong. */
  declined: boolean;
  /** An answer was given and it is not right: the failure that costs a shop money and trust. */
  wrong: boolean;
  /** answerable/multi: share of the question's sources among the top passages; null for other kinds. */
  recallAt5: number | null;
  /** The top passages' documents (the set's ids: article id or product GID), with their scores. */
  retrieved: { id: string; title: string; score: number }[];
  /** Why the engine answered or declined (coverage against its bar, per concept). */
  grounds: AnswerGrounds[];
  references: Reference[];
  category: string | null;
  intent: string | null;
  /** The labels, where the set has categories (undefined otherwise). */
  expectedCategory?: string | null;
  expectedIntent?: string | null;
  latencyMs: number;
  tokens: { input: number; output: number };
};

export function isDeclined(outcome: AnswerOutcome): boolean {
  return outcome !== "answered";
}

/**
 * The set's scoring rules (eval/README.md). answerable/multi: every mustContainAny group has a
 * case-insensitive match. unanswerable: the engine declined (said it doesn't know and offered a
 * human) — the README's keyword proxy; a judge may re-score from `--out`. order: the order flow
 * started or a human was offered, no status made up.
 */
export function passes(question: EvalQuestion, answer: { text: string; outcome: AnswerOutcome }): boolean {
  switch (question.kind) {
    case "answerable":
    case "multi":
      return containsEveryGroup(answer.text, question.expected?.mustContainAny ?? []);
    case "unanswerable":
      return answer.outcome !== "answered";
    case "order":
      return answer.outcome === "needs-order" || answer.outcome === "no-match" || answer.outcome === "handoff";
  }
}

/** Every group has a case-insensitive substring match (and there is at least one group). */
export function containsEveryGroup(text: string, groups: string[][]): boolean {
  const lower = text.toLowerCase();
  return groups.length > 0 && groups.every((group) => group.some((needle) => lower.includes(needle.toLowerCase())));
}

type Tally = { n: number; passed: number; wrong: number; declined: number };

export type EvalSummary = {
  set: string;
  split: string;
  n: number;
  rows: ({ kind: string; lang: string } & Tally)[];
  /** Kind `answerable` only: what the aims are set on. */
  answerableByLang: Record<string, number>;
  unanswerableDeclined: number;
  orderFlow: number;
  /** Answered but failed, of all questions. */
  wrongRate: number;
  /** Of the answers given (not declined), the share that were right. */
  precision: number;
  recallAt5ByLang: Record<string, number>;
  /**
   * Routing per language, where the set has labels: the share with the labelled category, and
   * with the labelled category and intent both (an intent is only right under the right category).
   */
  routingByLang: Record<string, { category: number; intent: number }>;
  latency: { meanMs: number; p95Ms: number };
  tokens: { input: number; output: number; perQuestion: number };
};

const rate = (part: number, n: number) => (n === 0 ? 0 : part / n);
const LANGUAGES = ["en", "nl", "he"] as const;

function tally(answers: EvalAnswer[]): Tally {
  return {
    n: answers.length,
    passed: answers.filter((a) => a.passed).length,
    wrong: answers.filter((a) => a.wrong).length,
    declined: answers.filter((a) => a.declined).length,
  };
}

export function summarize(answers: EvalAnswer[], labels: { set?: string; split?: string } = {}): EvalSummary {
  const groups = new Map<string, EvalAnswer[]>();
  for (const answer of answers) {
    const key = `${answer.kind}/${answer.lang}`;
    groups.set(key, [...(groups.get(key) ?? []), answer]);
  }
  const rows = [...groups.entries()]
    .map(([key, pool]) => {
      const [kind = "", lang = ""] = key.split("/");
      return { kind, lang, ...tally(pool) };
    })
    .sort(
      (a, b) => a.kind.localeCompare(b.kind) || LANGUAGES.indexOf(a.lang as "en") - LANGUAGES.indexOf(b.lang as "en"),
    );

  const byLang = <T>(pick: (pool: EvalAnswer[]) => T | null) => {
    const result: Record<string, T> = {};
    for (const lang of LANGUAGES) {
      const value = pick(answers.filter((a) => a.lang === lang));
      if (value !== null) result[lang] = value;
    }
    return result;
  };
  const passRate = (pool: EvalAnswer[]) => rate(pool.filter((a) => a.passed).length, pool.length);
  const answered = answers.filter((a) => !a.declined);
  const latencies = answers.map((a) => a.latencyMs).sort((a, b) => a - b);
  const input = answers.reduce((sum, a) => sum + a.tokens.input, 0);
  const output = answers.reduce((sum, a) => sum + a.tokens.output, 0);
  return {
    set: labels.set ?? [...new Set(answers.map((a) => a.set))].join("+"),
    split: labels.split ?? [...new Set(answers.map((a) => a.split))].join("+"),
    n: answers.length,
    rows,
    answerableByLang: byLang((pool) => {
      const answerable = pool.filter((a) => a.kind === "answerable");
      return answerable.length ? passRate(answerable) : null;
    }),
    unanswerableDeclined: passRate(answers.filter((a) => a.kind === "unanswerable")),
    orderFlow: passRate(answers.filter((a) => a.kind === "order")),
    wrongRate: rate(answers.filter((a) => a.wrong).length, answers.length),
    precision: rate(answered.filter((a) => a.passed).length, answered.length),
    recallAt5ByLang: byLang((pool) => {
      const scored = pool.filter((a) => a.recallAt5 !== null);
      return scored.length ? scored.reduce((sum, a) => sum + (a.recallAt5 ?? 0), 0) / scored.length : null;
    }),
    routingByLang: byLang((pool) => {
      const labelled = pool.filter((a) => a.expectedCategory !== undefined);
      if (labelled.length === 0) return null;
      return {
        category: rate(labelled.filter((a) => a.category === a.expectedCategory).length, labelled.length),
        intent: rate(
          labelled.filter((a) => a.category === a.expectedCategory && a.intent === a.expectedIntent).length,
          labelled.length,
        ),
      };
    }),
    latency: {
      meanMs: latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(latencies.length, 1),
      p95Ms: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)] ?? 0,
    },
    tokens: { input, output, perQuestion: answers.length ? Math.round((input + output) / answers.length) : 0 },
  };
}

export const percent = (value: number | undefined) => (value === undefined ? "—" : `${(value * 100).toFixed(1)} %`);
const byLangText = (rates: Record<string, number>) =>
  Object.entries(rates)
    .map(([lang, value]) => `${lang} ${percent(value)}`)
    .join(", ");

/**
 * The line the eval command prints for a question that did not pass. A test-split question is
 * named, never shown: whoever reads this output tunes on the dev split only (eval/README.md), and
 * `--out` still writes every answer for a judge to read. Undefined for a passed question.
 */
export function formatFailedAnswer(answer: EvalAnswer): string | undefined {
  if (answer.passed) return undefined;
  const verdict = `  ${answer.wrong ? "✗ wrong" : "· declined"} ${answer.id} [${answer.kind}/${answer.lang}/${answer.split}]`;
  if (answer.split === "test") return verdict;
  return `${verdict} ${answer.question}\n      → ${answer.outcome}: ${oneLine(answer.answer, 200)}`;
}

/** The start of a reply on one line, for the eval's failure lines. */
export const oneLine = (text: string, length: number) => text.slice(0, length).replace(/\n/g, " ");

/** The report the eval command prints for one set and split. */
export function formatSummary(summary: EvalSummary): string {
  const routing = Object.entries(summary.routingByLang)
    .map(([lang, r]) => `${lang} category ${percent(r.category)} / intent ${percent(r.intent)}`)
    .join(", ");
  const lines = [
    `## ${summary.set} (${summary.split}, ${summary.n} questions)`,
    "",
    "| kind | lang | n | passed | wrong | declined |",
    "|---|---|---|---|---|---|",
    ...summary.rows.map((r) => `| ${r.kind} | ${r.lang} | ${r.n} | ${r.passed} | ${r.wrong} | ${r.declined} |`),
    "",
    `answerable by language: ${byLangText(summary.answerableByLang)}`,
    `unanswerable declined: ${percent(summary.unanswerableDeclined)}; order flow: ${percent(summary.orderFlow)}`,
    `wrong answers: ${percent(summary.wrongRate)} of all questions; answers given that were right: ${percent(summary.precision)}`,
    `recall@${RECALL_AT} (answerable + multi): ${byLangText(summary.recallAt5ByLang)}`,
    ...(routing ? [`routing: ${routing}`] : []),
    `latency: mean ${summary.latency.meanMs.toFixed(1)} ms, p95 ${summary.latency.p95Ms.toFixed(1)} ms`,
    `tokens: ${summary.tokens.input} in, ${summary.tokens.output} out (${summary.tokens.perQuestion} per question)`,
  ];
  return lines.join("\n");
}

/** One line per set and split, side by side: the README's table. */
export function formatOverview(summaries: EvalSummary[]): string {
  const lines = [
    "| set | split | n | answerable en | answerable nl | answerable he | unanswerable declined | order flow | wrong | recall@5 en | recall@5 nl / he |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...summaries.map(
      (s) =>
        `| ${s.set} | ${s.split} | ${s.n} | ${percent(s.answerableByLang.en)} | ${percent(s.answerableByLang.nl)} | ${percent(
          s.answerableByLang.he,
        )} | ${percent(s.unanswerableDeclined)} | ${percent(s.orderFlow)} | ${percent(s.wrongRate)} | ${(
          s.recallAt5ByLang.en ?? 0
        ).toFixed(2)} | ${(s.recallAt5ByLang.nl ?? 0).toFixed(2)} / ${(s.recallAt5ByLang.he ?? 0).toFixed(2)} |`,
    ),
  ];
  // Routing only where a set defines categories and labels its questions (issue #16 item 7).
  const routed = summaries.filter((s) => Object.keys(s.routingByLang).length > 0);
  if (routed.length > 0) {
    const cell = (s: EvalSummary, lang: string) => {
      const r = s.routingByLang[lang];
      return r ? `${percent(r.category)} / ${percent(r.intent)}` : "—";
    };
    lines.push(
      "",
      "| set | split | routing en (category / + intent) | routing nl | routing he |",
      "|---|---|---|---|---|",
      ...routed.map((s) => `| ${s.set} | ${s.split} | ${cell(s, "en")} | ${cell(s, "nl")} | ${cell(s, "he")} |`),
    );
  }
  return lines.join("\n");
}
