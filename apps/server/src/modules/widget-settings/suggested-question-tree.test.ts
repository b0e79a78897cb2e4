import type { SuggestedQuestion } from "@harbor/contract/widget";
import { describe, expect, it } from "vitest";
import { deleteSuggestedQuestion, moveSuggestedQuestion, saveSuggestedQuestion } from "./suggested-question-tree";

const question = (id: string, text: string, category: string | null = null): SuggestedQuestion => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  question: text,
  category,
  answer: [`About ${text}`],
});

const A = question("1", "A");
const A1 = question("2", "A1", "A");
const A2 = question("3", "A2", "A");
const B = question("4", "B");
const C = question("5", "C");
const list = [A, A1, A2, B, C];
const texts = (questions: SuggestedQuestion[]) => questions.map((q) => `${q.category ?? ""}/${q.question}`);

describe("suggested question tree", () => {
  it("moves among siblings by index, appends past the end, and goes after the parent into an empty group", () => {
    expect(
      texts(moveSuggestedQuestion({ questions: list, move: { questionID: A2._id, category: "A", index: 0 } })),
    ).toEqual(["/A", "A/A2", "A/A1", "/B", "/C"]);
    expect(
      texts(moveSuggestedQuestion({ questions: list, move: { questionID: C._id, category: "A", index: 9 } })),
    ).toEqual(["/A", "A/A1", "A/A2", "A/C", "/B"]);
    expect(
      texts(moveSuggestedQuestion({ questions: list, move: { questionID: C._id, category: "B", index: 0 } })),
    ).toEqual(["/A", "A/A1", "A/A2", "/B", "B/C"]);
    expect(
      texts(moveSuggestedQuestion({ questions: list, move: { questionID: A1._id, category: null, index: 1 } })),
    ).toEqual(["/A", "A/A2", "/A1", "/B", "/C"]);
  });

  it("renames children's category with their parent and keeps positions", () => {
    const renamed = saveSuggestedQuestion({
      questions: list,
      request: { questionID: A._id, question: "Z", category: null, answer: ["z"] },
      newId: "unused",
    });
    expect(texts(renamed)).toEqual(["/Z", "Z/A1", "Z/A2", "/B", "/C"]);
  });

  it("puts a deleted parent's children at the top level where it was", () => {
    expect(texts(deleteSuggestedQuestion({ questions: list, questionId: A._id }))).toEqual(["/A1", "/A2", "/B", "/C"]);
    expect(texts(deleteSuggestedQuestion({ questions: list, questionId: A1._id }))).toEqual(["/A", "A/A2", "/B", "/C"]);
  });
});
