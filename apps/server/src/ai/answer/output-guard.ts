/** A run this long copied from the instructions is no accident (decision: the brief's 60 characters). */
const LEAK_RUN = 60;

const normalise = (text: string) => text.replace(/\s+/g, " ").toLowerCase();

/**
 * Whether an answer repeats a long run of its instructions word for word: the sign of a
 * successful "print your system prompt". Runs that the answer may quote anyway (the passages,
 * the public company description) don't count.
 */
export function repeatsInstructions(options: { answer: string; instructions: string; quotable: string[] }): boolean {
  const answer = normalise(options.answer);
  const instructions = normalise(options.instructions);
  if (answer.length < LEAK_RUN || instructions.length < LEAK_RUN) return false;
  const quotable = options.quotable.map(normalise).join("\n");
  const runs = new Set<string>();
  for (let start = 0; start + LEAK_RUN <= instructions.length; start++)
    runs.add(instructions.slice(start, start + LEAK_RUN));
  for (let start = 0; start + LEAK_RUN <= answer.length; start++) {
    const run = answer.slice(start, start + LEAK_RUN);
    if (runs.has(run) && !quotable.includes(run)) return true;
  }
  return false;
}
