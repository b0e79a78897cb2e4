import type { VisitorLanguage } from "@harbor/contract/ai-agent";
import type { LlmMessage, LlmProvider } from "../providers/llm-provider";
import { buildAnswerSystemPrompt, buildAnswerUserMessage, MAX_OUTPUT_TOKENS, NEEDS_ORDER } from "./answer-prompt";
import { createAnswerStreamFilter } from "./answer-stream-filter";
import type { Answerer, AnswerInput, AnswerResult, ConversationTurn } from "./answer-types";
import { repeatsInstructions } from "./output-guard";

/** Earlier turns sent along: enough for "and in blue?" to make sense, little enough to stay cheap. */
export const HISTORY_TURNS = 6;
/** Low: the answer should restate the passages, not improvise. */
const TEMPERATURE = 0.2;

/**
 * What the visitor reads when the model can't answer: the pipeline stores the answerer's text
 * as the reply, so a declined answer still needs words in the visitor's language.
 */
export type DeclineReplies = (language: VisitorLanguage) => { noMatch: string; needsOrder: string };

/** Used until the engine passes the app's own phrases (the local engine's catalogue). */
const DEFAULT_DECLINE_REPLIES: DeclineReplies = (language) =>
  ({
    en: {
      noMatch: "I'm sorry, I couldn't find the answer to that. Would you like to talk to someone from our team?",
      needsOrder: "I can help with your order. What is your order number?",
    },
    nl: {
      noMatch: "Sorry, daar kon ik het antwoord niet op vinden. Wil je iemand van ons team spreken?",
      needsOrder: "Ik help je graag met je bestelling. Wat is je bestelnummer?",
    },
    he: {
      noMatch: "מצטערים, לא מצאתי תשובה לשאלה הזו. רוצה לדבר עם מישהו מהצוות שלנו?",
      needsOrder: "אשמח לעזור עם ההזמנה שלך. מה מספר ההזמנה?",
    },
  })[language];

/**
 * Answers from the retrieved passages with a remote model. The text streams to the visitor as it
 * is written, minus citation markers, and never the model's NO_ANSWER / NEEDS_ORDER sentinels
 * (those end as the matching outcome with a fixed reply, and nothing streamed). The result's
 * text is authoritative: the output guard may replace an answer that was already streamed.
 */
export function createLlmAnswerer(llm: LlmProvider, options: { declineReplies?: DeclineReplies } = {}): Answerer {
  const declineReplies = options.declineReplies ?? DEFAULT_DECLINE_REPLIES;

  const declined = (input: AnswerInput, outcome: "no-match" | "needs-order", usage: AnswerResult["usage"]) => {
    const replies = declineReplies(input.language);
    return {
      text: outcome === "no-match" ? replies.noMatch : replies.needsOrder,
      outcome,
      citedChunkIds: [],
      usage,
    } satisfies AnswerResult;
  };

  return {
    model: llm.model,
    async *answer(input) {
      // Nothing to answer from: the rules would make the model say NO_ANSWER anyway, for a fee.
      if (input.passages.length === 0) return declined(input, "no-match", []);

      const system = buildAnswerSystemPrompt(input);
      const stream = llm.streamText({
        system,
        messages: [...historyMessages(input.history), { role: "user", content: buildAnswerUserMessage(input) }],
        maxOutputTokens: MAX_OUTPUT_TOKENS[input.persona.responseLength],
        temperature: TEMPERATURE,
        signal: input.signal,
      });
      const filter = createAnswerStreamFilter(input.passages.length);
      for await (const piece of stream.textStream) {
        const shown = filter.push(piece);
        if (shown) yield shown;
      }
      const rest = filter.end();
      if (rest) yield rest;
      const { usage } = await stream.finished;

      const verdict = filter.verdict();
      if (verdict.sentinel)
        return declined(input, verdict.sentinel === NEEDS_ORDER ? "needs-order" : "no-match", [usage]);
      const quotable = [input.company.description, ...input.passages.map((passage) => passage.content)];
      if (!verdict.text || repeatsInstructions({ answer: verdict.text, instructions: system, quotable })) {
        return declined(input, "no-match", [usage]);
      }
      const cited = verdict.citedNumbers.flatMap((number) => input.passages[number - 1]?.chunkId ?? []);
      return {
        text: verdict.text,
        outcome: "answered",
        // An answer without markers still came from the passages; the best one is the likeliest source.
        citedChunkIds: cited.length > 0 ? cited : input.passages.slice(0, 1).map((passage) => passage.chunkId),
        usage: [usage],
      };
    },
  };
}

/**
 * The last turns as chat messages. A conversation handed to a model starts with the customer:
 * an opening greeting of ours goes.
 */
function historyMessages(history: ConversationTurn[]): LlmMessage[] {
  const recent = history.slice(-HISTORY_TURNS);
  const firstVisitorTurn = recent.findIndex((turn) => turn.role === "visitor");
  if (firstVisitorTurn < 0) return [];
  return recent
    .slice(firstVisitorTurn)
    .filter((turn) => turn.text.trim())
    .map((turn) => ({ role: turn.role === "visitor" ? "user" : "assistant", content: turn.text }));
}
