import type { PlaygroundResponse } from "@harbor/contract/ai-agent";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { PlaygroundPage } from "./playground-page";

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

function answer(overrides: Partial<PlaygroundResponse> = {}): PlaygroundResponse {
  return {
    language: "en",
    outcome: "answered",
    bubbles: ["We ship to Belgium in 2 days.", "Orders over €50 ship free."],
    references: [
      { url: "https://shop.test/shipping", title: "Shipping", image: null, sourceType: "website" },
      {
        url: "https://shop.test/products/tent",
        title: "Trail tent",
        image: "https://cdn.test/tent.jpg",
        sourceType: "shopify-products",
      },
    ],
    questionCategory: "Shipping",
    selectedIntent: "delivery-time",
    passages: [
      {
        title: "Shipping",
        content: "Belgium: 2 working days.",
        url: "https://shop.test/shipping",
        sourceType: "website",
        score: 0.91234,
        isCited: true,
      },
      {
        title: "Returns",
        content: "Return within 30 days.",
        url: null,
        sourceType: "macha-article",
        score: 0.4,
        isCited: false,
      },
    ],
    grounds: [],
    usage: [{ model: "gpt-test", inputTokens: 1234, outputTokens: 56 }],
    timings: { retrieveMs: 40, answerMs: 1200, totalMs: 1250 },
    ...overrides,
  };
}

function renderPage(ask: Handler) {
  const fetchMock = stubFetch({ "POST /api/ai-agent/playground": ask });
  renderRoutes({
    initialPath: "/ai-agent/playground",
    routes: [{ path: "/ai-agent/playground", element: <PlaygroundPage /> }],
  });
  return { fetchMock };
}

const question = () => screen.getByLabelText(/^Question/) as HTMLTextAreaElement;

describe("PlaygroundPage", () => {
  it("shows an empty state before the first question", () => {
    renderPage(() => ({ data: answer() }));
    expect(screen.getByRole("heading", { name: "Try your AI agent" })).toBeTruthy();
    expect(screen.queryByTestId("answer")).toBeNull();
  });

  it("asks on Enter, keeps Shift+Enter as a new line, and shows bubbles, outcome, references, details and passages", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(() => ({ data: answer() }));
    await user.type(question(), "Shipping to Belgium?{Shift>}{Enter}{/Shift}How long");
    expect(question().value).toBe("Shipping to Belgium?\nHow long");
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/playground")).toHaveLength(0);
    await user.keyboard("{Enter}");

    const answerArea = await screen.findByTestId("answer");
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/playground")).toEqual([
      { question: "Shipping to Belgium?\nHow long" },
    ]);
    expect(screen.getAllByTestId("answer-bubble").map((bubble) => bubble.textContent)).toEqual([
      "We ship to Belgium in 2 days.",
      "Orders over €50 ship free.",
    ]);
    expect(answerArea.getAttribute("dir")).toBe("ltr");
    expect(screen.getByTestId("outcome").textContent).toBe("Answered");
    expect(
      within(answerArea)
        .getByRole("link", { name: /^Shipping/ })
        .getAttribute("href"),
    ).toBe("https://shop.test/shipping");
    const product = screen.getByTestId("product-reference");
    expect(product.querySelector("img")?.getAttribute("src")).toBe("https://cdn.test/tent.jpg");
    expect(within(product).getByRole("link", { name: /^Trail tent/ })).toBeTruthy();
    const detail = (text: string) => (_: string, element: Element | null) =>
      element?.tagName === "P" && element.textContent === text;
    expect(screen.getByText(detail("Question category: Shipping"))).toBeTruthy();
    expect(screen.getByText(detail("Intent: delivery-time"))).toBeTruthy();
    expect(within(screen.getByTestId("usage")).getByRole("row", { name: /gpt-test/ }).textContent).toBe(
      "gpt-test1,23456",
    );
    expect(screen.getByText(/1,250 ms/)).toBeTruthy();

    const rows = within(screen.getByTestId("passages")).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Shipping(opens in a new tab)", "0.912", "Yes"],
      ["Returns", "0.400", "No"],
    ]);
    expect(screen.queryByText("Belgium: 2 working days.")).toBeNull();
    const show = within(rows[0]!).getByRole("button", { name: /Show/ });
    expect(show.getAttribute("aria-expanded")).toBe("false");
    await user.click(show);
    expect(screen.getByText("Belgium: 2 working days.")).toBeTruthy();
    expect(within(rows[0]!).getByRole("button", { name: /Hide/ }).getAttribute("aria-expanded")).toBe("true");
  });

  it("explains a decline: the coverage against the bar, and which question words the sentences missed", async () => {
    const user = userEvent.setup();
    renderPage(() => ({
      data: answer({
        outcome: "no-match",
        grounds: [
          {
            question: "What SPF does the day cream have?",
            verdict: "too-little-covered",
            coverage: 0.31,
            threshold: 0.45,
            concepts: [
              { words: "spf", weight: 2.4, covered: 0, isRequired: true },
              { words: "day cream", weight: 1.1, covered: 1, isRequired: true },
              { words: "(cost)", weight: 0.3, covered: 0, isRequired: false },
            ],
          },
        ],
      }),
    }));
    await user.type(question(), "What SPF does the day cream have?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    const grounds = await screen.findByTestId("grounds");
    expect(within(grounds).getByRole("heading", { name: "Why it answered or declined" })).toBeTruthy();
    expect(within(grounds).getByTestId("verdict").textContent).toBe(
      "Declined: the chosen sentences cover too little of the question.",
    );
    expect(
      within(grounds).getByText("The chosen sentences cover 31 % of the question; it answers from 45 %."),
    ).toBeTruthy();
    const rows = within(grounds).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["spf", "2.40", "0 %"],
      ["day cream", "1.10", "100 %"],
      ["(cost) (read from the question's form, not required)", "0.30", "0 %"],
    ]);
  });

  it("shows no reasons for a model's answer, which carries none", async () => {
    const user = userEvent.setup();
    renderPage(() => ({ data: answer() }));
    await user.type(question(), "Shipping?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await screen.findByTestId("answer");
    expect(screen.queryByTestId("grounds")).toBeNull();
  });

  it.each([
    ["no-match", "No match — offered a human"],
    ["needs-order", "Needs the visitor's order"],
    ["provider-failed", "Provider failed"],
  ] as const)("names the %s outcome", async (outcome, label) => {
    const user = userEvent.setup();
    renderPage(() => ({ data: answer({ outcome, bubbles: [], references: [], passages: [] }) }));
    await user.type(question(), "Where is my order?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect((await screen.findByTestId("outcome")).textContent).toBe(label);
    expect(screen.getByText("No passages were retrieved.")).toBeTruthy();
  });

  it("sends the chosen language and lays a Hebrew answer out right to left", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(() => ({
      data: answer({ language: "he", bubbles: ["משלוח לבלגיה תוך יומיים."] }),
    }));
    const language = screen.getByLabelText(/^Answer language/) as HTMLSelectElement;
    expect(Array.from(language.options).map((option) => option.textContent)).toEqual([
      "Auto",
      "English",
      "Nederlands",
      "עברית",
    ]);
    await user.selectOptions(language, "he");
    await user.type(question(), "כמה זמן לוקח משלוח?");
    await user.click(screen.getByRole("button", { name: "Ask" }));

    const answerArea = await screen.findByTestId("answer");
    expect(answerArea.getAttribute("dir")).toBe("rtl");
    expect(answerArea.getAttribute("lang")).toBe("he");
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/playground")).toEqual([
      { question: "כמה זמן לוקח משלוח?", language: "he" },
    ]);
  });

  it("requires a question", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(() => ({ data: answer() }));
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(screen.getByText("Question is required")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/playground")).toHaveLength(0);
  });

  it("shows the server's message when asking fails, and asks once while a question is on its way", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { fetchMock } = renderPage(
      () =>
        new Promise<StubAnswer>((resolve) => {
          release = () => resolve({ status: 502, message: "The AI provider did not answer" });
        }),
    );
    await user.type(question(), "Hello{Enter}");
    await user.type(question(), "{Enter}");
    expect(screen.getByRole("status").textContent).toContain("Your AI agent is answering…");
    release();
    expect((await screen.findByRole("alert")).textContent).toContain("The AI provider did not answer");
    await waitFor(() => expect(bodiesSentTo(fetchMock, "POST /api/ai-agent/playground")).toHaveLength(1));
  });
});
