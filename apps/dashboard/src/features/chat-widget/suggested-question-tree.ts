import type { SuggestedQuestion, SuggestedQuestionMove } from "@harbor/contract/widget";
import { applyTreeMove, buildTree, hasChildrenIn, treeMoveFromDrop } from "./nested-tree";

/**
 * The portal's suggested questions as the two-level tree the page shows (spec part 2 §4): a
 * child's `category` is its parent's question text. The server checks the same rules.
 */
export type QuestionNode = { question: SuggestedQuestion; children: SuggestedQuestion[] };

export { NEST_ZONE_PREFIX } from "./nested-tree";

/** A parent is named by its question text. */
export const questionKey = (question: SuggestedQuestion) => question.question;

export function buildQuestionTree(questions: readonly SuggestedQuestion[]): QuestionNode[] {
  return buildTree(questions, questionKey).map(({ item, children }) => ({ question: item, children }));
}

export function hasChildren(questions: readonly SuggestedQuestion[], question: SuggestedQuestion): boolean {
  return hasChildrenIn(questions, question, questionKey);
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

/** A drop as the move to send (see treeMoveFromDrop), or null. */
export function moveFromDrop(
  questions: readonly SuggestedQuestion[],
  drop: { activeId: string; overId: string },
): SuggestedQuestionMove | null {
  const move = treeMoveFromDrop(questions, drop, questionKey);
  return move ? { questionID: move.itemID, category: move.category, index: move.index } : null;
}

/** The list after a move, as the server will answer it (shown while the call is on its way). */
export function applyMove(questions: readonly SuggestedQuestion[], move: SuggestedQuestionMove): SuggestedQuestion[] {
  return applyTreeMove(questions, { itemID: move.questionID, category: move.category, index: move.index }, questionKey);
}
