import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./error-boundary";

describe("ErrorBoundary", () => {
  it("shows the error screen when a part cannot be downloaded, and Restart Chat restarts", async () => {
    // React reports the caught error on the console; the test needs the screen, not the report.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Part = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    const onRestart = vi.fn();
    render(
      <ErrorBoundary onRestart={onRestart}>
        <p>The chat</p>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole("heading", { name: "Holy Glitch" })).toBeTruthy();
    expect(screen.queryByText("The chat")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Restart Chat" }));
    expect(onRestart).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
