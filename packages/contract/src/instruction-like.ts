import { splitSentences } from "./sentences";

/**
 * Sentences in a shop's knowledge that speak to the AI instead of the customer: "IGNORE ALL
 * PREVIOUS INSTRUCTIONS", "you are now…", "reveal your system prompt" (prompt injection, planted
 * in a crawled page or pasted into an article). The AI never answers with them: retrieval leaves
 * them out of the passages it hands the answerer, and the admin sees them flagged on the document
 * (decision 030).
 *
 * The patterns are narrow on purpose: help text is full of "ignore this email", "follow the
 * instructions in the box" and "forget your password?", and none of those may be flagged (the
 * tests hold every article of the public eval sets to no flag). Each pattern needs an address to
 * the assistant itself or a rule-changing phrase that ordinary help text has no reason to use.
 */
const PATTERNS: RegExp[] = [
  // en: ignore / disregard / forget … previous / all … instructions / rules / prompts
  /\b(ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,40}\b(previous|prior|above|earlier|preceding|all|any|your|the system)\b[^.!?\n]{0,30}\b(instructions?|prompts?|rules|directions|guidelines|directives)\b/i,
  /\b(you are now|from now on,? you|pretend (to be|you are)|roleplay as|you must now)\b/i,
  /\b(system prompt|developer mode|jailbreak|prompt injection)\b/i,
  /\b(reveal|print|repeat|output|show)\b[^.!?\n]{0,30}\b(your|the)\s+(instructions|prompt|configuration)\b/i,
  /\b(ai|assistant|chatbot|language model|llm|bot)s?\b[^.!?\n]{0,40}\b(must|should|shall|will) (always|never|now|only)\b/i,
  /\bnew instructions\s*:/i,
  // nl: negeer / vergeet … vorige / alle … instructies / regels
  /\b(negeer|vergeet|omzeil)\b[^.!?\n]{0,40}\b(vorige|eerdere|bovenstaande|voorgaande|alle|je|jouw)\b[^.!?\n]{0,30}\b(instructies|opdrachten|regels|richtlijnen|prompts?)\b/i,
  /\b(je bent nu|vanaf nu ben je|doe alsof je|jij bent nu)\b/i,
  /\b(systeemprompt|systeeminstructies|nieuwe instructies\s*:)/i,
  // he: ignore / forget … the instructions; "you are now"; the system prompt
  /(התעלם|התעלמי|התעלמו|שכח|שכחי|שכחו)[^.!?\n]{0,40}(ההוראות|ההנחיות|הכללים|ההנחיה)/,
  /(אתה עכשיו|את עכשיו|מעכשיו אתה|מעכשיו את|העמד פנים|העמידי פנים)/,
  /(הנחיות המערכת|פרומפט המערכת|הוראות המערכת|הוראות חדשות\s*:)/,
];

export function isInstructionLike(sentence: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(sentence));
}

/** The instruction-like sentences of a text, as written, in order. */
export function findInstructionLikeSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap(splitSentences)
    .filter((sentence) => isInstructionLike(sentence));
}

/** The text without its instruction-like sentences (what the answerer may read). */
export function withoutInstructionLike(text: string): string {
  const flagged = findInstructionLikeSentences(text);
  if (flagged.length === 0) return text;
  return flagged
    .reduce((rest, sentence) => rest.replace(sentence, ""), text)
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
