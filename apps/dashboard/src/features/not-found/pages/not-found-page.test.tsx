import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { NotFoundPage } from "./not-found-page";

const routes = [
  { path: "/inbox", element: <p>inbox page</p> },
  { path: "*", element: <NotFoundPage /> },
];

function spyOnReplace() {
  const replace = vi.fn();
  vi.stubGlobal("location", { ...window.location, replace });
  return replace;
}

afterEach(() => vi.unstubAllGlobals());

describe("unknown dashboard paths", () => {
  it("without a marketing URL: an in-app not-found page whose link leads back to the inbox", async () => {
    stubFetch({ "GET /api/config": () => ({ data: { marketingURL: null } }) });
    const replace = spyOnReplace();
    renderRoutes({ routes, initialPath: "/no-such-page" });

    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("link", { name: "Go to the inbox" }));
    expect(await screen.findByText("inbox page")).toBeTruthy();
  });

  it("with a marketing URL configured: the browser is sent there", async () => {
    stubFetch({ "GET /api/config": () => ({ data: { marketingURL: "https://shop-harbor.example/" } }) });
    const replace = spyOnReplace();
    renderRoutes({ routes, initialPath: "/no-such-page" });

    await waitFor(() => expect(replace).toHaveBeenCalledWith("https://shop-harbor.example/"));
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
  });

  it("when the config cannot be read: the not-found page, not an endless redirect spinner", async () => {
    stubFetch({ "GET /api/config": () => ({ status: 500, message: "down" }) });
    spyOnReplace();
    renderRoutes({ routes, initialPath: "/no-such-page" });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });
});
