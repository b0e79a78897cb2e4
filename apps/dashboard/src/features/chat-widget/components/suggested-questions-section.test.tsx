import type { SuggestedQuestion } from "@harbor/contract/widget";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../../test/render";
import { SuggestedQuestionsSection } from "./suggested-questions-section";

const question = (id: number, text: string, category: string | null = null): SuggestedQuestion => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
  question: text,
  category,
  answer: [`About ${text}`],
});

describe("SuggestedQuestionsSection", () => {
  it("indents sub-questions under their parent, and keeps top-level questions flush", async () => {
    renderRoutes({
      initialPath: "/",
      routes: [
        {
          path: "/",
          element: (
            <SuggestedQuestionsSection
              questions={[question(1, "Shipping"), question(2, "How long?", "Shipping"), question(3, "Returns")]}
              onDirtyChange={() => {}}
            />
          ),
        },
      ],
    });
    const topLevel = await screen.findByRole("list", { name: "Suggested questions" });
    const children = screen.getByRole("list", { name: "Shipping" });
    expect(within(children).getByText("How long?")).toBeTruthy();
    const indentOf = (list: HTMLElement) => getComputedStyle(list).paddingInlineStart;
    expect(indentOf(children)).toBe("2rem");
    expect(getComputedStyle(topLevel).paddingLeft).toBe("0px");
  });
});
