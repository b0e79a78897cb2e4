import type { ShopifyWidgetState, WidgetSettings } from "@harbor/contract/widget";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { echoSections, widgetSettings } from "../test-fixtures";
import { ActivationPage } from "./activation-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

const STATE = "GET /api/widget-settings/shopify-widget";
const TOGGLE = "GET /api/widget-settings/shopify-widget/toggle";

function renderPage(shop: () => StubAnswer, settings: WidgetSettings = widgetSettings()) {
  let isEnabled = false;
  const fetchMock = stubFetch({
    "GET /api/widget-settings/": () => ({ data: settings }),
    "POST /api/widget-settings/save": echoSections(settings),
    [STATE]: shop,
    [TOGGLE]: () => {
      isEnabled = !isEnabled;
      return { data: { isConnected: true, isEnabled } satisfies ShopifyWidgetState };
    },
  });
  renderRoutes({
    initialPath: "/chat-widget/activation",
    routes: [{ path: "/chat-widget/activation", element: <ActivationPage /> }],
  });
  return fetchMock;
}

const shopSwitch = () => screen.queryByRole("switch", { name: /^Enable widget on Shopify/ }) as HTMLInputElement | null;
const saveButton = () => screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, route: string) => bodiesSentTo(fetchMock, route).length;

describe("ActivationPage, with a Shopify store", () => {
  it("adds the widget to the store with Save Changes, only when the switch changed, and explains Online Store 2.0", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(() => ({ data: { isConnected: true, isEnabled: false } }));
    await waitFor(() => expect(shopSwitch()).not.toBeNull());
    expect(shopSwitch()?.checked).toBe(false);
    expect(screen.getByRole("heading", { name: "Online Store 2.0 themes" })).toBeTruthy();
    expect(screen.getByText(/App embeds/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await user.click(shopSwitch() as HTMLInputElement);
    await user.click(saveButton());
    await waitFor(() => expect(callsTo(fetchMock, TOGGLE)).toBe(1));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(shopSwitch()?.checked).toBe(true);

    // The widget's own switch alone does not touch the store.
    await user.click(screen.getByRole("switch", { name: /^Show the widget on your site/ }));
    await user.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(callsTo(fetchMock, TOGGLE)).toBe(1);
  });

  it("shows no store switch without a connected shop, and says so when Shopify does not answer", async () => {
    renderPage(() => ({ data: { isConnected: false, isEnabled: false } }));
    expect(await screen.findByRole("button", { name: "Copy" })).toBeTruthy();
    expect(shopSwitch()).toBeNull();
    document.body.innerHTML = "";
    renderPage(() => ({ status: 503, hasError: true, message: "Shopify is not answering. Please try again later." }));
    expect(
      await screen.findByText(/Shopify is not answering, so the store's widget cannot be shown here/),
    ).toBeTruthy();
    expect(shopSwitch()).toBeNull();
  });
});
