import { DEFAULT_BRAND_COLOR } from "@harbor/contract/widget";
import { NEUTRAL_AI_BUBBLE } from "@harbor/contract/widget-colors";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { formsSentTo, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { contrastRatio, MIN_TEXT_CONTRAST } from "../colors";
import { echoSections, widgetSettings } from "../test-fixtures";
import { AppearancePage } from "./appearance-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

function renderPage(settings = widgetSettings()) {
  const fetchMock = stubFetch({
    "GET /api/widget-settings/": () => ({ data: settings }),
    "POST /api/widget-settings/save": echoSections(settings),
  });
  const view = renderRoutes({
    initialPath: "/chat-widget/appearance",
    routes: [{ path: "/chat-widget/appearance", element: <AppearancePage /> }],
  });
  return { ...view, fetchMock };
}

const save = () => screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;

describe("AppearancePage", () => {
  it("draws Upload picture with the same weight as the page's other secondary buttons", async () => {
    renderPage();
    const upload = await screen.findByRole("button", { name: "Upload picture" });
    const add = screen.getByRole("button", { name: "Add Subsequent message" });
    const look = (button: HTMLElement) => [button.getAttribute("data-variant"), button.getAttribute("data-size")];
    expect(look(upload)).toEqual(look(add));
    expect(look(upload)).toEqual(["light", "compact-sm"]);
  });

  it("draws the preview's bubbles in the colours the live widget uses: the AI's grey until one is set", async () => {
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByRole("textbox", { name: "AI agent bubble background" });
    const backgroundOf = (testId: string) => (screen.getAllByTestId(testId)[0] as HTMLElement).style.background;
    // The widget (widgetColors) draws an untouched AI bubble in its neutral grey, the visitor's in the brand colour.
    expect(backgroundOf("preview-ai-bubble")).toBe(NEUTRAL_AI_BUBBLE);
    expect(backgroundOf("preview-customer-bubble")).toBe(DEFAULT_BRAND_COLOR);
    await user.clear(field);
    await user.type(field, "#fff4d6");
    expect(backgroundOf("preview-ai-bubble")).toBe("#fff4d6");
    // White text would not read on that pale yellow: the widget, and so the preview, writes it dark.
    const aiText = (screen.getAllByTestId("preview-ai-bubble")[0] as HTMLElement).style.color;
    expect(contrastRatio(aiText, "#fff4d6")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("adds subsequent messages and lets one be removed only while there is more than one", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("textbox", { name: "Opening message" });
    expect(save().disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Add Subsequent message" }));
    await user.type(screen.getByRole("textbox", { name: "Subsequent message 1" }), "Ask me anything.");
    expect(save().disabled).toBe(false);
    expect(
      screen.getAllByRole("button", { name: /^Remove / }).map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Remove Opening message", "Remove Subsequent message 1"]);
    expect(screen.getByTestId("widget-preview").textContent).toContain("Ask me anything.");

    await user.click(screen.getByRole("button", { name: "Remove Opening message" }));
    expect((screen.getByRole("textbox", { name: "Opening message" }) as HTMLTextAreaElement).value).toBe(
      "Ask me anything.",
    );
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
  });

  it("removes an uploaded launcher icon with Save Changes, and can keep it instead", async () => {
    const user = userEvent.setup();
    const base = widgetSettings();
    const iconURL = "http://localhost:3000/api/files/00000000-0000-4000-8000-0000000000c1";
    const { fetchMock } = renderPage({ ...base, button: { ...base.button, customIconURL: iconURL } });
    await user.click(await screen.findByRole("button", { name: "Remove picture" }));
    expect(screen.getByText("Picture removed, saved with your changes.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Keep the current picture" }));
    expect(save().disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Remove picture" }));
    await user.click(save());
    await waitFor(() => expect(formsSentTo(fetchMock, "POST /api/widget-settings/save")).toHaveLength(1));
    const { form } = formsSentTo(fetchMock, "POST /api/widget-settings/save")[0]!;
    expect(form.get("removePicture")).toBe("customIconAdded");
    expect(JSON.parse(String(form.get("button")))).toMatchObject({ customIconURL: null });
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(screen.queryByRole("button", { name: "Remove picture" })).toBeNull();
  });

  it("saves the page's sections as multipart parts, says Widget saved and turns Save off again", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const brand = await screen.findByRole("textbox", { name: "Brand colour" });
    await user.clear(brand);
    await user.type(brand, "#0b5d57");
    await user.selectOptions(screen.getByRole("combobox", { name: /^Button size/ }), "small");
    await user.click(save());

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Widget saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    const form = sent?.form ?? new FormData();
    expect([...form.keys()].sort()).toEqual([
      "button",
      "language",
      "notifications",
      "openingMessageTranslations",
      "openingMessages",
      "theme",
    ]);
    expect(JSON.parse(String(form.get("theme"))).brand.brandColor).toBe("#0b5d57");
    expect(JSON.parse(String(form.get("button")))).toMatchObject({ size: "small", customIconURL: null });
    expect(JSON.parse(String(form.get("language")))).toBeNull();
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it("saves an opening message for Dutch visitors beside the messages for everyone, trimmed", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const dutch = await screen.findByRole("textbox", { name: "Opening message for Dutch visitors" });
    expect(screen.getByRole("textbox", { name: "Opening message for Hebrew visitors" })).toHaveProperty("value", "");
    // Hebrew is typed right to left (the shared per-language fields, decision 057).
    expect(screen.getByRole("textbox", { name: "Opening message for Hebrew visitors" }).getAttribute("dir")).toBe(
      "rtl",
    );
    await user.type(dutch, "  Welkom! Waarmee kunnen we helpen?  ");
    await user.click(save());

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Widget saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    expect(JSON.parse(String(sent?.form.get("openingMessageTranslations")))).toEqual({
      en: "",
      nl: "Welkom! Waarmee kunnen we helpen?",
      he: "",
    });
    expect(JSON.parse(String(sent?.form.get("openingMessages")))).toEqual(widgetSettings().openingMessages);
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it("refuses an empty z index or an invalid colour without calling the server", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await user.clear(await screen.findByRole("textbox", { name: /^Z index/ }));
    const brand = screen.getByRole("textbox", { name: "Brand colour" });
    await user.clear(brand);
    await user.type(brand, "purple");
    await user.click(save());
    expect(await screen.findByText("Z index is required")).toBeTruthy();
    expect(screen.getByText("Enter a colour like #4e45dd")).toBeTruthy();
    expect(formsSentTo(fetchMock, "POST /api/widget-settings/save")).toEqual([]);
  });
});
