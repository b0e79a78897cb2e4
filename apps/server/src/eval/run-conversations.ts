import { readFile } from "node:fs/promises";
import path from "node:path";
import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { QuickReply, TurnIntent, TurnOutcome } from "@harbor/contract/turn";
import type { buildApp } from "../app";
import { EVAL_ROOT } from "./eval-set";
import { containsEveryGroup, oneLine, percent } from "./score-eval";

type App = Awaited<ReturnType<typeof buildApp>>;

/** A multi-turn chat of eval/conversations (format in its README). */
export type EvalConversation = {
  id: string;
  set: string;
  lang: VisitorLanguage;
  split: "dev" | "test";
  turns: {
    visitor?: string;
    button?: QuickReply;
    attachment?: "image";
    expect: {
      intent: TurnIntent;
      outcome: TurnOutcome;
      mustContainAny?: string[][];
      startsWithAny?: string[];
      mustNotContainAny?: string[];
      resolvePrompt?: boolean;
    };
  }[];
};

export async function loadConversations(): Promise<EvalConversation[]> {
  const text = await readFile(path.join(EVAL_ROOT, "conversations/conversations.jsonl"), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as EvalConversation);
}

/** What the widget's buttons send, per language (the text is stored; the button's meaning travels beside it). */
const BUTTON_TEXTS: Record<QuickReply, Record<VisitorLanguage, string>> = {
  accept_offer: { en: "Yes, connect me", nl: "Ja, verbind me door", he: "כן, חברו אותי" },
  decline_offer: { en: "No thanks", nl: "Nee, bedankt", he: "לא, תודה" },
};

export type TurnResult = {
  conversation: string;
  set: string;
  lang: VisitorLanguage;
  split: "dev" | "test";
  turn: number;
  visitor: string;
  reply: string;
  expected: { intent: TurnIntent; outcome: TurnOutcome };
  got: { intent: TurnIntent | null; outcome: TurnOutcome | null; resolvePrompt: boolean };
  failures: string[];
  passed: boolean;
};

/**
 * Plays every conversation turn by turn in a new chat of its set's company, through the same
 * chat answering the widget's questions go through (buttons as quick replies, photos as an
 * attachment), and scores each reply by the README's rules.
 */
export async function runConversations(options: {
  app: App;
  companyIdOf(set: string): string | undefined;
  conversations: EvalConversation[];
  onTurn?: (result: TurnResult) => void;
}): Promise<TurnResult[]> {
  const { chatsRepository, chatAnswering } = options.app.services;
  const results: TurnResult[] = [];
  for (const conversation of options.conversations) {
    const companyId = options.companyIdOf(conversation.set);
    if (!companyId) continue;
    const chat = await chatsRepository.createChat(companyId, { language: conversation.lang });
    for (const [index, turn] of conversation.turns.entries()) {
      const text = turn.button ? BUTTON_TEXTS[turn.button][conversation.lang] : (turn.visitor ?? "");
      const question = await chatsRepository.insertMessage({
        companyId,
        chatId: chat.id,
        message: text,
        messageType: "question",
        senderRole: "customer",
        messageData: {
          ...(turn.button ? { quickReply: turn.button } : {}),
          ...(turn.attachment
            ? { attachments: [{ url: "eval://photo.jpg", name: "photo.jpg", contentType: "image/jpeg", byteSize: 1 }] }
            : {}),
        },
      });
      const answered = await chatAnswering.answerInChat({
        companyId,
        chatId: chat.id,
        question: text,
        questionMessage: question,
        language: conversation.lang,
      });
      const reply = answered.answer?.message ?? "";
      const expect = turn.expect;
      const got = {
        intent: answered.turn?.intent ?? null,
        outcome: answered.turn?.outcome ?? null,
        resolvePrompt: answered.turn?.resolvePrompt ?? false,
      };
      const failures: string[] = [];
      if (got.intent !== expect.intent) failures.push(`intent ${got.intent} ≠ ${expect.intent}`);
      if (got.outcome !== expect.outcome) failures.push(`outcome ${got.outcome} ≠ ${expect.outcome}`);
      if (expect.outcome === "answered" && expect.mustContainAny && !containsEveryGroup(reply, expect.mustContainAny)) {
        failures.push("missing an expected fact");
      }
      const lower = reply.toLowerCase();
      if (expect.startsWithAny && !expect.startsWithAny.some((start) => lower.startsWith(start.toLowerCase()))) {
        failures.push("does not start with yes/no");
      }
      const forbidden = (expect.mustNotContainAny ?? []).filter((word) => lower.includes(word.toLowerCase()));
      if (forbidden.length > 0) failures.push(`contains ${forbidden.join(", ")}`);
      if (expect.resolvePrompt !== undefined && expect.resolvePrompt !== got.resolvePrompt) {
        failures.push(`resolve prompt ${got.resolvePrompt}`);
      }
      const result: TurnResult = {
        conversation: conversation.id,
        set: conversation.set,
        lang: conversation.lang,
        split: conversation.split,
        turn: index + 1,
        visitor: text,
        reply,
        expected: { intent: expect.intent, outcome: expect.outcome },
        got,
        failures,
        passed: failures.length === 0,
      };
      results.push(result);
      options.onTurn?.(result);
    }
  }
  return results;
}

export type ConversationSummary = {
  split: string;
  turns: { n: number; passed: number; intent: number; outcome: number };
  conversations: { n: number; passed: number };
  byLang: Record<string, { turns: number; passed: number }>;
  byOutcome: Record<string, { turns: number; passed: number }>;
};

export function summarizeConversations(results: TurnResult[], split: string): ConversationSummary {
  const count = (pick: (result: TurnResult) => string) => {
    const table: Record<string, { turns: number; passed: number }> = {};
    for (const result of results) {
      const key = pick(result);
      const row = table[key] ?? { turns: 0, passed: 0 };
      table[key] = row;
      row.turns++;
      if (result.passed) row.passed++;
    }
    return table;
  };
  const conversations = new Map<string, boolean>();
  for (const result of results)
    conversations.set(result.conversation, (conversations.get(result.conversation) ?? true) && result.passed);
  return {
    split,
    turns: {
      n: results.length,
      passed: results.filter((r) => r.passed).length,
      intent: results.filter((r) => r.got.intent === r.expected.intent).length,
      outcome: results.filter((r) => r.got.outcome === r.expected.outcome).length,
    },
    conversations: { n: conversations.size, passed: [...conversations.values()].filter(Boolean).length },
    byLang: count((r) => r.lang),
    byOutcome: count((r) => r.expected.outcome),
  };
}

/** The line the eval prints for a turn that failed; a test-split turn by its name only (formatFailedAnswer). */
export function formatFailedTurn(turn: TurnResult): string | undefined {
  if (turn.passed) return undefined;
  const verdict = `  ✗ ${turn.conversation}#${turn.turn} [${turn.lang}/${turn.split}]`;
  if (turn.split === "test") return verdict;
  return `${verdict} ${turn.visitor}\n      → ${turn.failures.join("; ")}: ${oneLine(turn.reply, 160)}`;
}

export function formatConversationSummary(summary: ConversationSummary): string {
  const rate = (passed: number, n: number) => percent(n ? passed / n : 0);
  const { turns } = summary;
  return [
    `## conversations (${summary.split}): ${summary.conversations.n} chats, ${turns.n} turns`,
    "",
    `turns passed: ${rate(turns.passed, turns.n)}; intent right: ${rate(turns.intent, turns.n)}; outcome right: ${rate(turns.outcome, turns.n)}`,
    `conversations passed whole: ${rate(summary.conversations.passed, summary.conversations.n)}`,
    `by language: ${Object.entries(summary.byLang)
      .map(([lang, row]) => `${lang} ${rate(row.passed, row.turns)}`)
      .join(", ")}`,
    `by expected outcome: ${Object.entries(summary.byOutcome)
      .map(([outcome, row]) => `${outcome} ${row.passed}/${row.turns}`)
      .join(", ")}`,
  ].join("\n");
}
