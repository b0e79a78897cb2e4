import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness";
import type { CompanyAuth } from "../platform/session";
import { loadEvalSet } from "./eval-set";
import { loadEvalSetIntoCompany } from "./load-eval-set";
import { askEvalQuestions } from "./run-eval";
import { type EvalAnswer, formatSummary, summarize } from "./score-eval";

/**
 * `npm run eval` on every set in eval/, as a test: the same loading (real ingestion from a local
 * help-centre site and a fake Shopify) and the same pipeline with the local engine, each set in a
 * company of its own. The floors sit a question or two under what is measured (README, both
 * splits together) so that a change that makes any shop worse fails here; they are not the issue's
 * aims (answerable ≥ 80 % en and ≥ 60 % nl/he, unanswerable declined ≥ 95 %, wrong ≤ 5 %), which
 * the unseen shops do not reach yet.
 */
type Floors = {
  answerableEn: number;
  answerableNl: number;
  answerableHe: number;
  unanswerableDeclined: number;
  /** Ceiling: answers given that are not right, of all questions. */
  wrongAtMost: number;
  /** Sets with categories: the share routed to the labelled category per language, and in English with its intent too. */
  routing?: { en: number; nl: number; he: number; enWithIntent: number };
};
// Decision 079 (a declined follow-up declines the part it follows up on) lowered the unseen
// shops' wrong answers by one question each and raised shop-b's unanswerable declined; the
// ceilings and that floor moved with them.
const FLOORS: Record<string, Floors> = {
  // shop-a's ceiling rose from 0.11 to 0.12 with decision 066: one borderline question (coverage at
  // the bar) turned wrong there while the unseen shops gained six right English answers.
  "shop-a": { answerableEn: 0.75, answerableNl: 0.75, answerableHe: 0.5, unanswerableDeclined: 0.9, wrongAtMost: 0.12 },
  "shop-b": {
    answerableEn: 0.46,
    answerableNl: 0.08,
    answerableHe: 0,
    unanswerableDeclined: 0.9,
    wrongAtMost: 0.18,
    routing: { en: 0.38, nl: 0.22, he: 0.21, enWithIntent: 0.32 },
  },
  "shop-c": {
    answerableEn: 0.5,
    answerableNl: 0.16,
    answerableHe: 0,
    unanswerableDeclined: 0.81,
    wrongAtMost: 0.17,
    routing: { en: 0.3, nl: 0.13, he: 0.05, enWithIntent: 0.24 },
  },
  "shop-d": { answerableEn: 0.5, answerableNl: 0.08, answerableHe: 0, unanswerableDeclined: 0.63, wrongAtMost: 0.23 },
};

let h: Harness;
const answersBySet = new Map<string, EvalAnswer[]>();
const sets = await Promise.all(Object.keys(FLOORS).map((name) => loadEvalSet(name)));

beforeAll(async () => {
  h = await createHarness();
  for (const set of sets) {
    const owner = await h.signUp(`owner@${set.name}.example`);
    const auth: CompanyAuth = {
      tokenHash: "eval",
      userId: owner.userId,
      email: owner.email,
      name: "Owner",
      displayName: "Owner",
      companyId: owner.companyId,
      role: "admin",
    };
    const site = await loadEvalSetIntoCompany(h.app, set, auth, h.db);
    try {
      answersBySet.set(
        set.name,
        await askEvalQuestions({
          app: h.app,
          companyId: owner.companyId,
          set: set.name,
          questions: set.questions,
          sourceIdOf: site.sourceIdOf,
        }),
      );
    } finally {
      await site.close();
    }
  }
}, 900_000);

afterAll(async () => {
  await h?.close();
});

describe.each(sets.map((set) => [set.name, set] as const))("eval on %s with the local engine", (name, set) => {
  const answers = () => answersBySet.get(name) ?? [];

  it("meets the set's floors per kind and language, and starts the order flow for every order question", () => {
    const floors = FLOORS[name] as Floors;
    const summary = summarize(answers());
    console.log(formatSummary(summary));
    expect(summary.answerableByLang.en).toBeGreaterThanOrEqual(floors.answerableEn);
    expect(summary.answerableByLang.nl ?? 0).toBeGreaterThanOrEqual(floors.answerableNl);
    expect(summary.answerableByLang.he ?? 0).toBeGreaterThanOrEqual(floors.answerableHe);
    expect(summary.unanswerableDeclined).toBeGreaterThanOrEqual(floors.unanswerableDeclined);
    expect(summary.wrongRate).toBeLessThanOrEqual(floors.wrongAtMost);
    if (floors.routing) {
      const routing = summary.routingByLang;
      expect(routing.en?.category ?? 0).toBeGreaterThanOrEqual(floors.routing.en);
      expect(routing.nl?.category ?? 0).toBeGreaterThanOrEqual(floors.routing.nl);
      expect(routing.he?.category ?? 0).toBeGreaterThanOrEqual(floors.routing.he);
      expect(routing.en?.intent ?? 0).toBeGreaterThanOrEqual(floors.routing.enWithIntent);
    } else {
      expect(summary.routingByLang).toEqual({});
    }
    const order = answers().filter((a) => a.kind === "order");
    expect(order.filter((a) => a.passed).map((a) => a.id)).toEqual(order.map((a) => a.id));
  });

  it("never states a number when it declines, and cites only documents of the set", () => {
    for (const answer of answers().filter((a) => a.outcome !== "answered")) {
      // Only numbers the visitor gave (an order number repeated back) may appear.
      const own = new Set(answer.question.match(/\d+/g) ?? []);
      expect(
        (answer.answer.match(/\d+/g) ?? []).filter((number) => !own.has(number)),
        answer.id,
      ).toEqual([]);
      expect(answer.references, answer.id).toEqual([]);
    }
    const titles = new Set([...set.articles.map((a) => a.title)]);
    for (const answer of answers().filter((a) => a.outcome === "answered")) {
      for (const reference of answer.references) {
        if (reference.sourceType !== "shopify-products")
          expect(titles.has(reference.title), reference.title).toBe(true);
      }
    }
  });

  it("records the local engine's tokens and its grounds for every answer from the knowledge base", () => {
    for (const answer of answers()) expect(answer.tokens.input, answer.id).toBeGreaterThan(0);
    for (const answer of answers().filter((a) => a.outcome === "answered")) {
      expect(answer.grounds.length, answer.id).toBeGreaterThan(0);
      expect(
        answer.grounds.some((g) => g.verdict === "covered"),
        answer.id,
      ).toBe(true);
    }
  });
});
