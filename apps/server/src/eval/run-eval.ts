import type { buildApp } from "../app";
import type { EvalQuestion } from "./eval-set";
import { type EvalAnswer, passes } from "./score-eval";

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Asks every question through the real pipeline, each in a new chat as a visitor would (the
 * widget knows the visitor's language, so it is passed on), and scores the stored answer.
 */
export async function askEvalQuestions(
  app: App,
  companyId: string,
  questions: EvalQuestion[],
  onAnswer?: (answer: EvalAnswer) => void,
): Promise<EvalAnswer[]> {
  const { chatsRepository, chatAnswering } = app.services;
  const answers: EvalAnswer[] = [];
  for (const question of questions) {
    const chat = await chatsRepository.createChat(companyId, { language: question.lang });
    const started = performance.now();
    const result = await chatAnswering.answerInChat({
      companyId,
      chatId: chat.id,
      question: question.question,
      language: question.lang,
    });
    const latencyMs = performance.now() - started;
    const text = result.answer?.message ?? "";
    const answer: EvalAnswer = {
      id: question.id,
      lang: question.lang,
      kind: question.kind,
      question: question.question,
      answer: text,
      outcome: result.outcome,
      references: result.answer?.references ?? [],
      category: result.classification?.questionCategory ?? null,
      intent: result.classification?.selectedIntent ?? null,
      latencyMs: Math.round(latencyMs * 10) / 10,
      tokens: {
        input: result.usage.reduce((sum, u) => sum + u.inputTokens, 0),
        output: result.usage.reduce((sum, u) => sum + u.outputTokens, 0),
      },
      passed: passes(question, { text, outcome: result.outcome }),
    };
    answers.push(answer);
    onAnswer?.(answer);
  }
  return answers;
}
