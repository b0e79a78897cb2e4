import type { SuggestedQuestion } from "@harbor/contract/widget";
import { describe, expect, it } from "vitest";
import {
  applyMove,
  buildQuestionTree,
  categoryChoices,
  hasChildren,
  moveFromDrop,
  NEST_ZONE_PREFIX,
} from "./suggested-question-tree";

const question = (id: number, text: string, category: string | null = null): SuggestedQuestion => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
  question: text,
  category,
  answer: [`About ${text}`],
});

const shipping = question(1, "Shipping");
const howLong = question(2, "How long?", "Shipping");
const tracking = question(3, "Tracking", "Shipping");
const returns = question(4, "Returns");
const sizes = question(5, "Sizes");
const questions = [shipping, howLong, tracking, returns, sizes];
const shape = (list: SuggestedQuestion[]) =>
  buildQuestionTree(list).map((node) => [node.question.question, node.children.map((child) => child.question)]);

describe("suggested question tree", () => {
  it("groups children under their parent in list order", () => {
    expect(shape(questions)).toEqual([
      ["Shipping", ["How long?", "Tracking"]],
      ["Returns", []],
      ["Sizes", []],
    ]);
  });

  it("shows a question whose category names no top-level question at the top level", () => {
    expect(shape([shipping, question(9, "Lost", "Gone"), question(8, "Deep", "How long?"), howLong])).toEqual([
      ["Shipping", ["How long?"]],
      ["Lost", []],
      ["Deep", []],
    ]);
  });

  it("offers None and the other top-level questions, locked for a question with children", () => {
    expect(categoryChoices(questions, null)).toEqual({
      isLocked: false,
      options: ["Shipping", "Returns", "Sizes"].map((text) => ({ value: text, label: text })),
    });
    expect(categoryChoices(questions, returns).options.map((option) => option.value)).toEqual(["Shipping", "Sizes"]);
    expect(categoryChoices(questions, shipping).isLocked).toBe(true);
    expect(categoryChoices(questions, howLong).isLocked).toBe(false);
    expect(hasChildren(questions, shipping)).toBe(true);
    expect(hasChildren(questions, returns)).toBe(false);
  });

  it("reorders within a group: the dragged question takes the place of the one it is over", () => {
    expect(moveFromDrop(questions, { activeId: sizes._id, overId: shipping._id })).toEqual({
      questionID: sizes._id,
      category: null,
      index: 0,
    });
    expect(moveFromDrop(questions, { activeId: howLong._id, overId: tracking._id })).toEqual({
      questionID: howLong._id,
      category: "Shipping",
      index: 1,
    });
    expect(moveFromDrop(questions, { activeId: howLong._id, overId: howLong._id })).toBeNull();
  });

  it("moves between levels: a child to the top, a leaf under a parent or into a nest zone", () => {
    expect(moveFromDrop(questions, { activeId: tracking._id, overId: returns._id })).toEqual({
      questionID: tracking._id,
      category: null,
      index: 1,
    });
    expect(moveFromDrop(questions, { activeId: sizes._id, overId: tracking._id })).toEqual({
      questionID: sizes._id,
      category: "Shipping",
      index: 1,
    });
    expect(moveFromDrop(questions, { activeId: sizes._id, overId: `${NEST_ZONE_PREFIX}${returns._id}` })).toEqual({
      questionID: sizes._id,
      category: "Returns",
      index: 0,
    });
    expect(moveFromDrop(questions, { activeId: howLong._id, overId: `${NEST_ZONE_PREFIX}${shipping._id}` })).toBeNull();
  });

  it("refuses drops that would make three levels or nest a question under itself", () => {
    // A parent stays at the top level.
    expect(moveFromDrop(questions, { activeId: shipping._id, overId: `${NEST_ZONE_PREFIX}${returns._id}` })).toBeNull();
    expect(moveFromDrop(questions, { activeId: shipping._id, overId: howLong._id })).toBeNull();
    expect(moveFromDrop(questions, { activeId: returns._id, overId: `${NEST_ZONE_PREFIX}${returns._id}` })).toBeNull();
    // Nothing nests under a child.
    expect(moveFromDrop(questions, { activeId: sizes._id, overId: `${NEST_ZONE_PREFIX}${howLong._id}` })).toBeNull();
  });

  it("applies a move the way the server does, setting the category to the parent's text or null", () => {
    const nested = applyMove(questions, { questionID: sizes._id, category: "Returns", index: 0 });
    expect(shape(nested)).toEqual([
      ["Shipping", ["How long?", "Tracking"]],
      ["Returns", ["Sizes"]],
    ]);
    expect(nested.find((q) => q._id === sizes._id)?.category).toBe("Returns");
    const lifted = applyMove(questions, { questionID: howLong._id, category: null, index: 0 });
    expect(shape(lifted)).toEqual([
      ["How long?", []],
      ["Shipping", ["Tracking"]],
      ["Returns", []],
      ["Sizes", []],
    ]);
    expect(lifted.find((q) => q._id === howLong._id)?.category).toBeNull();
    const swapped = applyMove(questions, { questionID: howLong._id, category: "Shipping", index: 1 });
    expect(shape(swapped)[0]).toEqual(["Shipping", ["Tracking", "How long?"]]);
  });
});
