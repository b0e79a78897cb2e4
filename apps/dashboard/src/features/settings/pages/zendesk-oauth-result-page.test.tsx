import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/render";
import { ZendeskOAuthErrorPage, ZendeskOAuthSuccessPage } from "./zendesk-oauth-result-page";

const routes = [
  { path: "/settings/zendesk/oauth/success", element: <ZendeskOAuthSuccessPage /> },
  { path: "/settings/zendesk/oauth/error", element: <ZendeskOAuthErrorPage /> },
  { path: "/settings/integrations", element: <p>integrations page</p> },
];

const channels: BroadcastChannel[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  for (const channel of channels.splice(0)) channel.close();
});

/** What another page of the dashboard hears on the result pages' channel. */
function listen(): unknown[] {
  const heard: unknown[] = [];
  const channel = new BroadcastChannel("harbor:zendesk-oauth");
  channel.onmessage = (event) => heard.push(event.data);
  channels.push(channel);
  return heard;
}

describe("the Zendesk OAuth result pages (spec part 2 §2.6)", () => {
  it("success: the spec's words, told to the waiting page; a window the browser will not close goes to Integrations", async () => {
    const user = userEvent.setup();
    const heard = listen();
    // A page opened on its own: closing it is refused, so it stays open.
    vi.stubGlobal("close", vi.fn());
    renderRoutes({ routes, initialPath: "/settings/zendesk/oauth/success" });
    expect(await screen.findByRole("heading", { level: 1, name: "Zendesk Acount Connected" })).toBeTruthy();
    await waitFor(() => expect(heard).toEqual([{ type: "harbor:zendesk-oauth", result: "success" }]));
    await user.click(screen.getByRole("button", { name: "Go to Integrations" }));
    expect(await screen.findByText("integrations page")).toBeTruthy();
  });

  it("error: tells the admin to contact support and the waiting page; the popup closes", async () => {
    const user = userEvent.setup();
    const heard = listen();
    const close = vi.fn(() => vi.stubGlobal("closed", true));
    vi.stubGlobal("close", close);
    renderRoutes({ routes, initialPath: "/settings/zendesk/oauth/error" });
    expect(await screen.findByRole("heading", { level: 1, name: "Zendesk Integration Failed" })).toBeTruthy();
    expect(screen.getByText(/contact support/)).toBeTruthy();
    await waitFor(() => expect(heard).toEqual([{ type: "harbor:zendesk-oauth", result: "error" }]));
    await user.click(screen.getByRole("button", { name: "Go to Integrations" }));
    expect(close).toHaveBeenCalled();
    expect(screen.queryByText("integrations page")).toBeNull();
  });
});
