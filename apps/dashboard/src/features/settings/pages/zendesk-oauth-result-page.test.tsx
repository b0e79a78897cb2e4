import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/render";
import { ZendeskOAuthErrorPage, ZendeskOAuthSuccessPage } from "./zendesk-oauth-result-page";

const routes = [
  { path: "/settings/zendesk/oauth/success", element: <ZendeskOAuthSuccessPage /> },
  { path: "/settings/zendesk/oauth/error", element: <ZendeskOAuthErrorPage /> },
  { path: "/settings/integrations", element: <p>integrations page</p> },
];

afterEach(() => vi.unstubAllGlobals());

describe("the Zendesk OAuth result pages (spec part 2 §2.6)", () => {
  it("success: the spec's words, and a button to the Integrations page", async () => {
    const user = userEvent.setup();
    renderRoutes({ routes, initialPath: "/settings/zendesk/oauth/success" });
    expect(await screen.findByRole("heading", { level: 1, name: "Zendesk Acount Connected" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Go to Integrations" }));
    expect(await screen.findByText("integrations page")).toBeTruthy();
  });

  it("error: tells the admin to contact support; opened as the popup, it tells its opener and closes", async () => {
    const user = userEvent.setup();
    const postMessage = vi.fn();
    const close = vi.fn();
    vi.stubGlobal("opener", { postMessage });
    vi.stubGlobal("close", close);
    renderRoutes({ routes, initialPath: "/settings/zendesk/oauth/error" });
    expect(await screen.findByRole("heading", { level: 1, name: "Zendesk Integration Failed" })).toBeTruthy();
    expect(screen.getByText(/contact support/)).toBeTruthy();
    expect(postMessage).toHaveBeenCalledWith({ type: "harbor:zendesk-oauth", result: "error" }, window.location.origin);
    await user.click(screen.getByRole("button", { name: "Go to Integrations" }));
    expect(close).toHaveBeenCalled();
  });
});
