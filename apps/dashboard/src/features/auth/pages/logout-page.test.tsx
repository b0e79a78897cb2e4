import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { LogoutPage } from "./logout-page";

const routes = [
  { path: "/logout", element: <LogoutPage /> },
  { path: "/sign-in", element: <p>sign-in page</p> },
  { path: "/inbox", element: <p>inbox page</p> },
];

describe("/logout", () => {
  it("asks first: loading the page (a link from another site) signs nobody out", async () => {
    const fetchMock = stubFetch({ "POST /api/auth/logout": () => ({ message: "You are signed out." }) });
    renderRoutes({ routes, initialPath: "/logout" });
    expect(await screen.findByText("Sign out of Harbor on this device?")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("link", { name: "Stay signed in" }));
    expect(await screen.findByText("inbox page")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signs out with a POST when the user confirms, then shows sign-in", async () => {
    const fetchMock = stubFetch({ "POST /api/auth/logout": () => ({ message: "You are signed out." }) });
    renderRoutes({ routes, initialPath: "/logout" });
    fireEvent.click(await screen.findByRole("button", { name: "Log Out" }));
    expect(await screen.findByText("sign-in page")).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("/api/auth/logout");
    expect(init?.method).toBe("POST");
  });
});
