import type { SuggestedQuestion, SuggestedQuestionMove } from "@harbor/contract/widget";

/**
 * The portal's suggested questions as the two-level tree the page shows (spec part 2 §4): a
 * child's `category` is its parent's question text. The server checks the same rules.
 */
export type QuestionNode = { question: SuggestedQuestion; children: SuggestedQuestion[] };

/** Prefix of the drop zone under a top-level question ("drop here to nest under it"). */
export const NEST_ZONE_PREFIX = "nest:";

export function buildQuestionTree(questions: readonly SuggestedQuestion[]): QuestionNode[] {
  const parentTexts = new Set(questions.filter((q) => q.category === null).map((q) => q.question));
  // A category naming no top-level question (not made by this app) is shown at the top level.
  const isTopLevel = (q: SuggestedQuestion) => q.category === null || !parentTexts.has(q.category);
  return questions.filter(isTopLevel).map((question) => ({
    question,
    children:
      question.category === null ? questions.filter((q) => !isTopLevel(q) && q.category === question.question) : [],
  }));
}

export function hasChildren(questions: readonly SuggestedQuestion[], question: SuggestedQuestion): boolean {
  return question.category === null && questions.some((q) => q.category === question.question);
}

/** The category dropdown: "None" (value "") and every other top-level question; locked when the item has children. */
export function categoryChoices(
  questions: readonly SuggestedQuestion[],
  editing: SuggestedQuestion | null,
): { isLocked: boolean; options: { value: string; label: string }[] } {
  const parents = questions.filter((q) => q.category === null && q._id !== editing?._id);
  return {
    isLocked: editing !== null && hasChildren(questions, editing),
    options: parents.map((q) => ({ value: q.question, label: q.question })),
  };
}

/**
 * Turns a drop (the dragged question over a question or a nest zone) into the move to send, or
 * null when nothing changes or the drop breaks a rule: a question with children stays at the top
 * level and nothing nests under a child or itself. The index is the question's position among its
 * new siblings once it is there.
 */
export function moveFromDrop(
  questions: readonly SuggestedQuestion[],
  drop: { activeId: string; overId: string },
): SuggestedQuestionMove | null {
  const active = questions.find((q) => q._id === drop.activeId);
  if (!active || drop.activeId === drop.overId) return null;
  const siblingsIn = (category: string | null) => questions.filter((q) => q.category === category);
  const isParentOfOthers = hasChildren(questions, active);

  if (drop.overId.startsWith(NEST_ZONE_PREFIX)) {
    const parent = questions.find((q) => q._id === drop.overId.slice(NEST_ZONE_PREFIX.length));
    if (!parent || parent.category !== null || parent._id === active._id || isParentOfOthers) return null;
    if (active.category === parent.question) return null;
    return { questionID: active._id, category: parent.question, index: siblingsIn(parent.question).length };
  }

  const over = questions.find((q) => q._id === drop.overId);
  if (!over) return null;
  const category = over.category;
  if (category !== null && isParentOfOthers) return null;
  const index = siblingsIn(category).findIndex((q) => q._id === over._id);
  if (active.category === category) {
    // Within one group the dragged question takes the place of the one it is over.
    const from = siblingsIn(category).findIndex((q) => q._id === active._id);
    return from === index ? null : { questionID: active._id, category, index };
  }
  // Into another group it goes before the question it is over.
  return { questionID: active._id, category, index };
}

/** The list after a move, as the server will answer it (shown while the call is on its way). */
export function applyMove(questions: readonly SuggestedQuestion[], move: SuggestedQuestionMove): SuggestedQuestion[] {
  const moved = questions.find((q) => q._id === move.questionID);
  if (!moved) return [...questions];
  const rest = questions.filter((q) => q._id !== moved._id);
  const siblings = rest.filter((q) => q.category === move.category);
  const before = siblings[move.index];
  const after = siblings.at(-1) ?? rest.find((q) => q.category === null && q.question === move.category);
  let at = rest.length;
  if (before) at = rest.indexOf(before);
  else if (after) at = rest.indexOf(after) + 1;
  return [...rest.slice(0, at), { ...moved, category: move.category }, ...rest.slice(at)];
}
