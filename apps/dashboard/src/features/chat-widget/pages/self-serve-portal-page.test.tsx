import type { CompanyWithSources } from "@harbor/contract/knowledge";
import type { SelfServicePortal } from "@harbor/contract/widget";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { formsSentTo, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { echoSections, widgetSettings } from "../test-fixtures";
import { SelfServePortalPage } from "./self-serve-portal-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

function renderPage() {
  const base = widgetSettings();
  const settings = widgetSettings({
    selfServicePortal: {
      ...base.selfServicePortal,
      messages: { ...base.selfServicePortal.messages, titleTranslations: { he: "מרכז עזרה" } },
    },
  });
  const fetchMock = stubFetch({
    "GET /api/widget-settings/": () => ({ data: settings }),
    "POST /api/widget-settings/save": echoSections(settings),
    "GET /api/custom-reply/all": () => ({ data: [] }),
    "GET /api/document/sources": () => ({ data: company }),
  });
  renderRoutes({
    initialPath: "/chat-widget/self-serve-portal",
    routes: [{ path: "/chat-widget/self-serve-portal", element: <SelfServePortalPage /> }],
  });
  return fetchMock;
}

const company: CompanyWithSources = {
  _id: "00000000-0000-4000-8000-0000000000c1",
  name: "Acme Outdoor",
  logoURL: null,
  subscription: { status: "active" },
  isDemoContentReady: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  integrations: { zendesk: null },
  sources: [],
};

const textbox = (name: string) => screen.getByRole("textbox", { name });

describe("SelfServePortalPage", () => {
  it("saves the portal's title and subtitle for each visitor language, Hebrew typed right to left", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const hebrewTitle = await screen.findByRole("textbox", { name: "Title for Hebrew visitors" });
    expect((hebrewTitle as HTMLInputElement).value).toBe("מרכז עזרה");
    expect(hebrewTitle.getAttribute("dir")).toBe("rtl");
    expect(textbox("Subtitle for Hebrew visitors").getAttribute("dir")).toBe("rtl");
    // The search bar's versions show with the search bar.
    expect(screen.queryByRole("textbox", { name: "Search bar text for Dutch visitors" })).toBeNull();
    await user.click(screen.getByRole("switch", { name: /^Enable AI search/ }));
    expect(textbox("Search bar text for Dutch visitors").getAttribute("dir")).toBe("auto");

    await user.type(textbox("Title for Dutch visitors"), "Helpcentrum");
    await user.type(textbox("Subtitle for Dutch visitors"), "  Vind snel een antwoord ");
    await user.type(textbox("Search bar text for Dutch visitors"), "Zoek een antwoord");
    await user.click(screen.getByRole("switch", { name: /^Enable AI search/ }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Self serve portal saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    const portal = JSON.parse(String(sent?.form.get("selfServicePortal"))) as SelfServicePortal;
    expect(portal.messages).toEqual({
      title: widgetSettings().selfServicePortal.messages.title,
      description: widgetSettings().selfServicePortal.messages.description,
      titleTranslations: { en: "", nl: "Helpcentrum", he: "מרכז עזרה" },
      descriptionTranslations: { en: "", nl: "Vind snel een antwoord", he: "" },
    });
    // Kept while the search bar is off, as its text is.
    expect(portal.aiSearch.placeholderTranslations).toEqual({ en: "", nl: "Zoek een antwoord", he: "" });
  });
});
