import type { CompanyIntegrationsView, IntegrationState } from "@harbor/contract/integrations";
import { Notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { IntegrationsPage } from "./integrations-page";

const COMPANY_ID = "00000000-0000-4000-8000-0000000000c1";
const off: IntegrationState = {
  isConnected: false,
  isActive: false,
  credentials: {},
  hasSecret: false,
  connectedAt: null,
};
const on = (credentials: IntegrationState["credentials"] = {}, isActive = true): IntegrationState => ({
  isConnected: true,
  isActive,
  credentials,
  hasSecret: true,
  connectedAt: "2026-11-28T09:00:00.000Z",
});

function view(overrides: Partial<CompanyIntegrationsView["integrations"]> = {}): CompanyIntegrationsView {
  return {
    _id: COMPANY_ID,
    integrations: { shopify: off, recharge: off, loop: off, zendesk: off, gorgias: off, ...overrides },
  };
}

function Shell() {
  return (
    <>
      <Notifications />
      <Outlet />
    </>
  );
}

function renderPage(routes: Record<string, (body: unknown) => StubAnswer | Promise<StubAnswer>>) {
  const fetchMock = stubFetch(routes);
  const rendered = renderRoutes({
    initialPath: "/settings/integrations",
    routes: [{ element: <Shell />, children: [{ path: "/settings/integrations", element: <IntegrationsPage /> }] }],
  });
  return { ...rendered, fetchMock };
}

const card = async (name: string) => screen.findByRole("region", { name });

describe("IntegrationsPage", () => {
  it("shows a loader, then a card per app with Connect for the ones not connected", async () => {
    renderPage({ "GET /api/company/integration/all": () => ({ data: view() }) });
    expect(screen.getByRole("status").textContent).toContain("Loading integrations");
    for (const name of ["Shopify", "Recharge", "Loop", "Zendesk", "Gorgias"]) {
      const region = await card(name);
      expect(within(region).getByRole("button", { name: `Connect ${name}` }).textContent).toBe("Connect");
      expect(within(region).queryByRole("switch")).toBeNull();
    }
  });

  it("shows the server's message when the list cannot be read", async () => {
    renderPage({
      "GET /api/company/integration/all": () => ({
        status: 403,
        message: "Only admins of this workspace can do that.",
      }),
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Only admins of this workspace can do that.");
  });

  it("shows connected accounts: Shopify's shop and Zendesk's domain as links, Recharge as linked", async () => {
    renderPage({
      "GET /api/company/integration/all": () => ({
        data: view({
          shopify: on({ shopName: "acme.myshopify.com" }),
          zendesk: on({ domainName: "acme.zendesk.com", email: "a@acme.example" }),
          recharge: on(),
        }),
      }),
    });
    const shopify = await card("Shopify");
    expect(within(shopify).getByRole("link", { name: "acme.myshopify.com" }).getAttribute("href")).toBe(
      "https://acme.myshopify.com/admin",
    );
    expect(
      within(await card("Zendesk"))
        .getByRole("link", { name: "acme.zendesk.com" })
        .getAttribute("href"),
    ).toBe("https://acme.zendesk.com");
    const recharge = await card("Recharge");
    expect(recharge.textContent).toContain("Recharge account: linked");
    expect((within(recharge).getByRole("switch", { name: "Recharge active" }) as HTMLInputElement).checked).toBe(true);
    expect(within(recharge).getByRole("button", { name: "Disconnect Recharge account" })).toBeTruthy();
  });

  it("checks the form before sending, then connects: the server's answer shows on the success screen", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      "GET /api/company/integration/all": () => ({ data: view() }),
      "POST /api/company/integration/add": () => ({
        data: view({ shopify: on({ shopName: "acme.myshopify.com" }) }),
        message: "Shopify connected.",
      }),
    });
    await user.click(within(await card("Shopify")).getByRole("button", { name: "Connect Shopify" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    // Every Shopify field is required (spec §5); nothing went out.
    expect(within(dialog).getByText("Shop name is required")).toBeTruthy();
    expect(within(dialog).getByText("API secret key is required")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/company/integration/add")).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Shop name/), "acme.myshopify.com");
    await user.type(within(dialog).getByLabelText(/Admin API access token/), "shpat_1");
    await user.type(within(dialog).getByLabelText(/^API key/), "key-1");
    await user.type(within(dialog).getByLabelText(/API secret key/), "secret-1");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect((await within(dialog).findByRole("status")).textContent).toContain("Shopify is connected");
    expect(bodiesSentTo(fetchMock, "POST /api/company/integration/add")).toEqual([
      {
        appName: "shopify",
        credentials: {
          shopName: "acme.myshopify.com",
          adminApiAccessToken: "shpat_1",
          apiKey: "key-1",
          apiSecretKey: "secret-1",
        },
      },
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The card took the answer as it came: no second read.
    const shopify = await card("Shopify");
    expect(within(shopify).getByRole("link", { name: "acme.myshopify.com" })).toBeTruthy();
  }, 20_000);

  it("shows a refusal from the vendor in the form's banner and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderPage({
      "GET /api/company/integration/all": () => ({ data: view() }),
      "POST /api/company/integration/add": () => ({
        status: 400,
        message: "Loop rejected the API key. Check the credentials and try again.",
      }),
    });
    await user.click(within(await card("Loop")).getByRole("button", { name: "Connect Loop" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    await user.type(within(dialog).getByLabelText(/API key/), "wrong-key");
    await user.keyboard("{Enter}");
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Loop rejected the API key. Check the credentials and try again.",
    );
    expect((within(dialog).getByLabelText(/API key/) as HTMLInputElement).value).toBe("wrong-key");
  });

  it("saves the Active toggle at once and tells the admin", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      "GET /api/company/integration/all": () => ({ data: view({ loop: on() }) }),
      "POST /api/company/integration/update": () => ({
        data: view({ loop: on({}, false) }),
        message: "Loop is paused.",
      }),
    });
    const toggle = within(await card("Loop")).getByRole("switch", { name: "Loop active" }) as HTMLInputElement;
    await user.click(toggle);
    expect(await screen.findByText("Loop is paused.")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/company/integration/update")).toEqual([{ app: "loop", isActive: false }]);
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it("asks before disconnecting, with the spec's words; Zendesk warns about its documents", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      "GET /api/company/integration/all": () => ({
        data: view({ zendesk: on({ domainName: "acme.zendesk.com" }), recharge: on() }),
      }),
      "POST /api/company/integration/remove": (body) => ({
        data: view(
          (body as { app: string }).app === "zendesk"
            ? { recharge: on() }
            : { zendesk: on({ domainName: "acme.zendesk.com" }) },
        ),
        message: "Zendesk disconnected. Its documents were deleted from the knowledge base.",
      }),
    });
    await user.click(within(await card("Recharge")).getByRole("button", { name: "Disconnect Recharge account" }));
    const recharge = await screen.findByRole("dialog", { name: "Disconnect Recharge?" });
    expect(recharge.textContent).toContain("This action cannot be undone.");
    expect(recharge.textContent).not.toContain("knowledge base");
    await user.click(within(recharge).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesSentTo(fetchMock, "POST /api/company/integration/remove")).toEqual([]);

    await user.click(within(await card("Zendesk")).getByRole("button", { name: "Disconnect Zendesk account" }));
    const zendesk = await screen.findByRole("dialog", { name: "Disconnect Zendesk?" });
    expect(zendesk.textContent).toContain("This action cannot be undone.");
    expect(zendesk.textContent).toContain("The documents will be deleted from the knowledge base.");
    await user.click(within(zendesk).getByRole("button", { name: "Yes. Delete" }));
    expect(
      await screen.findByText("Zendesk disconnected. Its documents were deleted from the knowledge base."),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/company/integration/remove")).toEqual([{ app: "zendesk" }]);
    expect(within(await card("Zendesk")).getByRole("button", { name: "Connect Zendesk" })).toBeTruthy();
  });

  describe("Zendesk through its sign-in popup (decision 058)", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("asks only for the address, opens Zendesk in a 600x600 window and shows success once Zendesk is connected", async () => {
      const user = userEvent.setup();
      const open = vi.fn(() => ({}) as Window);
      vi.stubGlobal("open", open);
      let isConnected = false;
      const { fetchMock } = renderPage({
        "GET /api/company/integration/all": () => ({
          data: {
            ...view(isConnected ? { zendesk: on({ domainName: "acme.zendesk.com" }) } : {}),
            zendeskConnect: "oauth",
          },
        }),
        "POST /api/company/integration/zendesk/oauth": () => ({
          data: { redirectURL: "https://acme.zendesk.com/oauth/authorizations/new?state=sealed" },
        }),
      });
      await user.click(within(await card("Zendesk")).getByRole("button", { name: "Connect Zendesk" }));
      const dialog = await screen.findByRole("dialog", { name: "Add Source" });
      expect(within(dialog).queryByLabelText(/API token/)).toBeNull();
      await user.click(within(dialog).getByRole("button", { name: "Sign in with Zendesk" }));
      expect(within(dialog).getByText(/Domain name is required/)).toBeTruthy();
      await user.type(within(dialog).getByLabelText(/Domain name/), "acme.zendesk.com");
      await user.click(within(dialog).getByRole("button", { name: "Sign in with Zendesk" }));

      expect(bodiesSentTo(fetchMock, "POST /api/company/integration/zendesk/oauth")).toEqual([
        { domainName: "acme.zendesk.com" },
      ]);
      await waitFor(() =>
        expect(open).toHaveBeenCalledWith(
          "https://acme.zendesk.com/oauth/authorizations/new?state=sealed",
          "harbor-zendesk-oauth",
          "popup,width=600,height=600",
        ),
      );
      expect(within(dialog).getByText(/Waiting for Zendesk/)).toBeTruthy();
      // The admin allows Harbor in Zendesk's window; the next read of the cards shows it connected.
      isConnected = true;
      expect(await within(dialog).findByText("Zendesk is connected", {}, { timeout: 5_000 })).toBeTruthy();
    });

    it("offers a link when the browser blocks the window, and says so when the result page reports a failure", async () => {
      const user = userEvent.setup();
      vi.stubGlobal(
        "open",
        vi.fn(() => null),
      );
      renderPage({
        "GET /api/company/integration/all": () => ({ data: { ...view(), zendeskConnect: "oauth" } }),
        "POST /api/company/integration/zendesk/oauth": () => ({
          data: { redirectURL: "https://acme.zendesk.com/oauth/authorizations/new?state=sealed" },
        }),
      });
      await user.click(within(await card("Zendesk")).getByRole("button", { name: "Connect Zendesk" }));
      const dialog = await screen.findByRole("dialog", { name: "Add Source" });
      await user.type(within(dialog).getByLabelText(/Domain name/), "acme");
      await user.click(within(dialog).getByRole("button", { name: "Sign in with Zendesk" }));
      const link = await within(dialog).findByRole("link", { name: "Open Zendesk sign-in" });
      expect(link.getAttribute("href")).toBe("https://acme.zendesk.com/oauth/authorizations/new?state=sealed");
      // The result page, in a window of its own, says Zendesk refused.
      const resultPage = new BroadcastChannel("harbor:zendesk-oauth");
      resultPage.postMessage({ type: "harbor:zendesk-oauth", result: "error" });
      resultPage.close();
      // The form is back, with why, to try again.
      expect(await within(dialog).findByText(/Zendesk did not connect/)).toBeTruthy();
      expect(within(dialog).getByRole("alert").textContent).toContain("Zendesk did not connect");
      expect(within(dialog).getByLabelText(/Domain name/)).toBeTruthy();
    });

    it("keeps the API-token form where no Zendesk OAuth client is configured", async () => {
      const user = userEvent.setup();
      renderPage({ "GET /api/company/integration/all": () => ({ data: { ...view(), zendeskConnect: "api-token" } }) });
      await user.click(within(await card("Zendesk")).getByRole("button", { name: "Connect Zendesk" }));
      const dialog = await screen.findByRole("dialog", { name: "Add Source" });
      expect(within(dialog).getByLabelText(/API token/)).toBeTruthy();
      expect(within(dialog).queryByRole("button", { name: "Sign in with Zendesk" })).toBeNull();
    });
  });
});
