import type { UnansweredGroup } from "@harbor/contract/analytics";
import { termsOf } from "../../ai/answer/local/match-terms";
import { detectLanguage } from "../../ai/retrieval/detect-language";

/** How many of a wording's failed answers were in a language (null: neither the answer nor its chat had one). */
export type LanguageCount = { language: string | null; count: number };

/** One wording of a failed question, as the repository counts it. */
export type UnansweredWording = {
  text: string;
  example: string;
  count: number;
  languages: LanguageCount[];
  declined: number;
  handed_off: number;
  rated_low: number;
  last_asked_at: string;
};

/**
 * Two wordings are one question when at least this share of their terms are the same (Jaccard):
 * "How long does shipping to Belgium take?" and "Shipping time to Belgium?" share shipping,
 * Belgium and time out of four.
 */
export const SAME_QUESTION = 0.5;
const MAX_EXAMPLES = 5;

/**
 * A wording's terms as the answer engine matches them: a word of a thesaurus group stands for
 * its whole group (so "delivery" and "shipping" are one term), any other word for its stem;
 * function words are left out (match-terms.ts, on top of retrieval's thesaurus).
 */
export function questionTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const term of termsOf(text)) {
    const key = term.groupKeys[0] ?? term.stemKeys[0];
    if (key) terms.add(key);
  }
  return terms;
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}

type Draft = {
  /** Its place in the order groups were started: the earlier, the more asked. */
  order: number;
  terms: Set<string>;
  wordings: UnansweredWording[];
};

/**
 * Groups wordings most asked first: each joins the first group whose most asked wording shares
 * enough terms with it, else starts a group of its own. A wording without terms ("??") stays
 * alone. Candidate groups are found through their terms, so this is linear in practice.
 */
export function groupUnanswered(wordings: UnansweredWording[]): UnansweredGroup[] {
  const sorted = [...wordings].sort((a, b) => b.count - a.count || b.last_asked_at.localeCompare(a.last_asked_at));
  const drafts: Draft[] = [];
  const byTerm = new Map<string, Draft[]>();
  for (const wording of sorted) {
    const terms = questionTerms(wording.example);
    // The most similar group; of equally similar ones, the more asked.
    let home: Draft | undefined;
    let best = 0;
    const seen = new Set<Draft>();
    for (const term of terms) {
      for (const draft of byTerm.get(term) ?? []) {
        if (seen.has(draft)) continue;
        seen.add(draft);
        const score = similarity(terms, draft.terms);
        if (score < SAME_QUESTION) continue;
        if (!home || score > best || (score === best && draft.order < home.order)) {
          home = draft;
          best = score;
        }
      }
    }
    if (home) {
      home.wordings.push(wording);
      continue;
    }
    const draft: Draft = { order: drafts.length, terms, wordings: [wording] };
    drafts.push(draft);
    for (const term of terms) byTerm.set(term, [...(byTerm.get(term) ?? []), draft]);
  }
  return drafts
    .map((draft) => groupOf(draft.wordings))
    .sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt));
}

function groupOf(wordings: UnansweredWording[]): UnansweredGroup {
  const languages = new Map<string, number>();
  for (const wording of wordings) {
    for (const { language, count } of wording.languages) {
      const known = language ?? languageOf(wording.example);
      languages.set(known, (languages.get(known) ?? 0) + count);
    }
  }
  const [first, ...others] = wordings as [UnansweredWording, ...UnansweredWording[]];
  const sum = (value: (wording: UnansweredWording) => number) => wordings.reduce((total, w) => total + value(w), 0);
  return {
    question: first.example,
    count: sum((w) => w.count),
    examples: others.slice(0, MAX_EXAMPLES).map((w) => w.example),
    languages: [...languages.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l),
    reasons: {
      declined: sum((w) => w.declined),
      handedOff: sum((w) => w.handed_off),
      ratedLow: sum((w) => w.rated_low),
    },
    lastAskedAt: wordings.reduce((last, w) => (w.last_asked_at > last ? w.last_asked_at : last), first.last_asked_at),
  };
}

/** The languages of a wording's answers, one entry per answer, as counts per language. */
export function languageCounts(languages: (string | null)[]): LanguageCount[] {
  const counts = new Map<string | null, number>();
  for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1);
  return [...counts.entries()].map(([language, count]) => ({ language, count }));
}

/** A question without a recorded language: the engine's own detection ("other" when unsure). */
function languageOf(text: string): string {
  return detectLanguage(text);
}
