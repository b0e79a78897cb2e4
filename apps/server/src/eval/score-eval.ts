import type { AnswerOutcome, Reference } from "@harbor/contract/ai-agent";
import type { EvalQuestion } from "./eval-set";

/** One answered eval question, as `--out` writes it (one JSON line each). */
export type EvalAnswer = {
  id: string;
  lang: EvalQuestion["lang"];
  kind: EvalQuestion["kind"];
  question: string;
  answer: string;
  outcome: AnswerOutcome;
  references: Reference[];
  category: string | null;
  intent: string | null;
  latencyMs: number;
  tokens: { input: number; output: number };
  passed: boolean;
};

/**
 * The set's scoring rules (eval/shop-a/README.md). answerable/multi: every
 * mustContainAny group has a case-insensitive match. unanswerable: the engine declined (said it
 * doesn't know and offered a human) — the README's keyword proxy; a judge may re-score from
 * `--out`. order: the order flow started or a human was offered, no status made up.
 */
export function passes(question: EvalQuestion, answer: { text: string; outcome: AnswerOutcome }): boolean {
  switch (question.kind) {
    case "answerable":
    case "multi": {
      const text = answer.text.toLowerCase();
      const groups = question.expected?.mustContainAny ?? [];
      return groups.length > 0 && groups.every((group) => group.some((needle) => text.includes(needle.toLowerCase())));
    }
    case "unanswerable":
      return answer.outcome !== "answered";
    case "order":
      return answer.outcome === "needs-order" || answer.outcome === "no-match";
  }
}

export type EvalSummary = {
  rows: { kind: string; lang: string; n: number; passed: number; rate: number }[];
  /** Kind `answerable` only: what the aims are set on. */
  answerableByLang: Record<string, number>;
  /** Kinds `answerable` and `multi` together. */
  answerableAndMultiByLang: Record<string, number>;
  unanswerableDeclined: number;
  latency: { meanMs: number; p95Ms: number };
  tokens: { input: number; output: number; perQuestion: number };
};

const rate = (passed: number, n: number) => (n === 0 ? 0 : passed / n);

export function summarize(answers: EvalAnswer[]): EvalSummary {
  const groups = new Map<string, { kind: string; lang: string; n: number; passed: number }>();
  for (const answer of answers) {
    const key = `${answer.kind}/${answer.lang}`;
    const group = groups.get(key) ?? { kind: answer.kind, lang: answer.lang, n: 0, passed: 0 };
    group.n++;
    if (answer.passed) group.passed++;
    groups.set(key, group);
  }
  const rows = [...groups.values()]
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.lang.localeCompare(b.lang))
    .map((group) => ({ ...group, rate: rate(group.passed, group.n) }));

  const rateByLang = (kinds: EvalAnswer["kind"][]) => {
    const rates: Record<string, number> = {};
    for (const lang of ["en", "nl", "he"]) {
      const pool = answers.filter((a) => a.lang === lang && kinds.includes(a.kind));
      if (pool.length > 0) rates[lang] = rate(pool.filter((a) => a.passed).length, pool.length);
    }
    return rates;
  };
  const unanswerable = answers.filter((a) => a.kind === "unanswerable");
  const latencies = answers.map((a) => a.latencyMs).sort((a, b) => a - b);
  const input = answers.reduce((sum, a) => sum + a.tokens.input, 0);
  const output = answers.reduce((sum, a) => sum + a.tokens.output, 0);
  return {
    rows,
    answerableByLang: rateByLang(["answerable"]),
    answerableAndMultiByLang: rateByLang(["answerable", "multi"]),
    unanswerableDeclined: rate(unanswerable.filter((a) => a.passed).length, unanswerable.length),
    latency: {
      meanMs: latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(latencies.length, 1),
      p95Ms: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)] ?? 0,
    },
    tokens: { input, output, perQuestion: answers.length ? Math.round((input + output) / answers.length) : 0 },
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const byLang = (rates: Record<string, number>) =>
  Object.entries(rates)
    .map(([lang, value]) => `${lang} ${percent(value)}`)
    .join(", ");

/** The report the eval command prints: pass rates per kind and language, then the totals. */
export function formatSummary(summary: EvalSummary): string {
  const lines = [
    "| kind | lang | n | passed | rate |",
    "|---|---|---|---|---|",
    ...summary.rows.map((r) => `| ${r.kind} | ${r.lang} | ${r.n} | ${r.passed} | ${percent(r.rate)} |`),
    "",
    `answerable by language: ${byLang(summary.answerableByLang)}`,
    `answerable + multi by language: ${byLang(summary.answerableAndMultiByLang)}`,
    `unanswerable correctly declined: ${percent(summary.unanswerableDeclined)}`,
    `latency: mean ${summary.latency.meanMs.toFixed(1)} ms, p95 ${summary.latency.p95Ms.toFixed(1)} ms`,
    `tokens: ${summary.tokens.input} in, ${summary.tokens.output} out (${summary.tokens.perQuestion} per question)`,
  ];
  return lines.join("\n");
}
