import type { buildApp } from "../app";
import type { EvalQuestion } from "./eval-set";
import { type EvalAnswer, isDeclined, passes, RECALL_AT } from "./score-eval";

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Asks every question through the real pipeline, each in a new chat as a visitor would (the
 * widget knows the visitor's language, so it is passed on), and scores the stored answer.
 * `sourceIdOf` maps a retrieved document's reference (a help-centre URL, a product GID) back to
 * the set's ids, for recall@5 against the question's `sourceIds`.
 */
export async function askEvalQuestions(options: {
  app: App;
  companyId: string;
  set: string;
  questions: EvalQuestion[];
  sourceIdOf(referenceId: string): string;
  onAnswer?: (answer: EvalAnswer) => void;
}): Promise<EvalAnswer[]> {
  const { chatsRepository, chatAnswering } = options.app.services;
  const answers: EvalAnswer[] = [];
  for (const question of options.questions) {
    const chat = await chatsRepository.createChat(options.companyId, { language: question.lang });
    const started = performance.now();
    const result = await chatAnswering.answerInChat({
      companyId: options.companyId,
      chatId: chat.id,
      question: question.question,
      language: question.lang,
    });
    const latencyMs = performance.now() - started;
    const text = result.answer?.message ?? "";
    const retrieved = result.passages.slice(0, RECALL_AT).map((passage) => ({
      id: options.sourceIdOf(passage.referenceId),
      title: passage.title,
      score: Math.round(passage.score * 10_000) / 10_000,
    }));
    const isScoredByRecall = question.kind === "answerable" || question.kind === "multi";
    const passed = passes(question, { text, outcome: result.outcome });
    const declined = isDeclined(result.outcome);
    const answer: EvalAnswer = {
      set: options.set,
      id: question.id,
      split: question.split ?? "dev",
      lang: question.lang,
      kind: question.kind,
      question: question.question,
      answer: text,
      outcome: result.outcome,
      passed,
      declined,
      // What costs a shop: an answer given that is not right (a decline is not wrong).
      wrong: !passed && !declined,
      recallAt5: isScoredByRecall
        ? question.sourceIds.filter((id) => retrieved.some((passage) => passage.id === id)).length /
          Math.max(question.sourceIds.length, 1)
        : null,
      retrieved,
      grounds: result.turn?.grounds ?? [],
      references: result.answer?.references ?? [],
      category: result.classification?.questionCategory ?? null,
      intent: result.classification?.selectedIntent ?? null,
      expectedCategory: question.category,
      expectedIntent: question.intent,
      latencyMs: Math.round(latencyMs * 10) / 10,
      tokens: {
        input: result.usage.reduce((sum, u) => sum + u.inputTokens, 0),
        output: result.usage.reduce((sum, u) => sum + u.outputTokens, 0),
      },
    };
    answers.push(answer);
    options.onAnswer?.(answer);
  }
  return answers;
}
