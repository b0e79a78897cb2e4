import {
  SUGGESTED_QUESTIONS_MAX,
  type SuggestedQuestion,
  type SuggestedQuestionMove,
  type SuggestedQuestionSaveRequest,
} from "@harbor/contract/widget";
import { AppError } from "../../platform/errors";

/**
 * The portal's suggested questions are a two-level tree stored flat: a child's `category` is its
 * parent's question text, null at the top level. Siblings are in list order. These functions
 * answer the new list, or throw an AppError that says which rule was broken.
 */

const questionGone = () => new AppError("NOT_FOUND", "This question no longer exists.");

const childrenOf = (questions: readonly SuggestedQuestion[], parent: SuggestedQuestion) =>
  parent.category === null ? questions.filter((question) => question.category === parent.question) : [];

/** A category must name another top-level question; a question with children stays at the top. */
function checkCategory(options: {
  questions: readonly SuggestedQuestion[];
  questionId: string | null;
  category: string | null;
}) {
  const { questions, questionId, category } = options;
  if (category === null) return;
  const isParent = questions.some(
    (question) => question.category === null && question.question === category && question._id !== questionId,
  );
  if (!isParent) throw new AppError("BAD_REQUEST", "category: Choose one of the top-level questions, or None");
  const current = questions.find((question) => question._id === questionId);
  if (current && childrenOf(questions, current).length > 0) {
    throw new AppError("BAD_REQUEST", "category: A question with sub-questions stays at the top level");
  }
}

/** Adds a question at the end, or changes one in place; renaming a parent renames its children's category. */
export function saveSuggestedQuestion(options: {
  questions: readonly SuggestedQuestion[];
  request: SuggestedQuestionSaveRequest;
  newId: string;
}): SuggestedQuestion[] {
  const { questions, request } = options;
  const existing = request.questionID ? questions.find((question) => question._id === request.questionID) : undefined;
  if (request.questionID && !existing) throw questionGone();
  if (!existing && questions.length >= SUGGESTED_QUESTIONS_MAX) {
    throw new AppError("CONFLICT", `A portal can have at most ${SUGGESTED_QUESTIONS_MAX} suggested questions.`);
  }
  const id = existing?._id ?? options.newId;
  // Children point at their parent by its text, so two questions with one text would be ambiguous.
  if (questions.some((question) => question._id !== id && question.question === request.question)) {
    throw new AppError("BAD_REQUEST", "question: Another question already has this title");
  }
  checkCategory({ questions, questionId: id, category: request.category });
  const saved: SuggestedQuestion = {
    _id: id,
    question: request.question,
    category: request.category,
    answer: request.answer,
    ...(request.customReplyID ? { customReplyID: request.customReplyID } : {}),
  };
  if (!existing) return [...questions, saved];
  const children = new Set(childrenOf(questions, existing).map((child) => child._id));
  return questions.map((question) => {
    if (question._id === id) return saved;
    if (children.has(question._id)) return { ...question, category: saved.question };
    return question;
  });
}

/** Moves a question under another parent (or to the top) at a position among its new siblings. */
export function moveSuggestedQuestion(options: {
  questions: readonly SuggestedQuestion[];
  move: SuggestedQuestionMove;
}): SuggestedQuestion[] {
  const { questions, move } = options;
  const moved = questions.find((question) => question._id === move.questionID);
  if (!moved) throw questionGone();
  checkCategory({ questions, questionId: moved._id, category: move.category });
  const rest = questions.filter((question) => question._id !== moved._id);
  const siblings = rest.filter((question) => question.category === move.category);
  const placed = { ...moved, category: move.category };
  const before = siblings[move.index];
  const after =
    siblings.at(-1) ?? rest.find((question) => question.category === null && question.question === move.category);
  let at = rest.length;
  if (before) at = rest.indexOf(before);
  else if (after) at = rest.indexOf(after) + 1;
  return [...rest.slice(0, at), placed, ...rest.slice(at)];
}

/**
 * Deletes a question. Its sub-questions are kept: they move to the top level where their parent
 * was, since an admin deleting a group rarely means to lose the answers written under it.
 */
export function deleteSuggestedQuestion(options: {
  questions: readonly SuggestedQuestion[];
  questionId: string;
}): SuggestedQuestion[] {
  const { questions, questionId } = options;
  const deleted = questions.find((question) => question._id === questionId);
  if (!deleted) throw questionGone();
  const children = childrenOf(questions, deleted);
  const childIds = new Set(children.map((child) => child._id));
  return questions.flatMap((question) => {
    if (question._id === questionId) return children.map((child) => ({ ...child, category: null }));
    return childIds.has(question._id) ? [] : [question];
  });
}
