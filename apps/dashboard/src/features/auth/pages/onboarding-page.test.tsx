import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { OnboardingPage } from "./onboarding-page";

function userAnswer(isDemoContentReady: boolean) {
  return {
    data: {
      user: {
        userID: "00000000-0000-4000-8000-000000000001",
        email: "owner@shop.test",
        name: "Owner",
        role: "admin",
        companies: [],
        invitations: [],
        hasMultipleCompanies: false,
        isPlatformAdmin: false,
      },
      company: {
        _id: "00000000-0000-4000-8000-0000000000c1",
        name: "Shop",
        logoURL: null,
        subscription: { status: "active" },
        isDemoContentReady,
        createdAt: "2025-01-01T00:00:00.000Z",
      },
    },
  };
}

function renderOnboarding() {
  return renderRoutes({
    initialPath: "/onboarding",
    routes: [
      { path: "/onboarding", element: <OnboardingPage /> },
      { path: "/inbox", element: <p>inbox screen</p> },
      { path: "/sign-in", element: <p>sign-in screen</p> },
    ],
  });
}

const message = () => screen.getByTestId("onboarding-message").textContent;

/** Moves the clock one onboarding step and lets the answers of the polls settle. */
async function step() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
}

describe("OnboardingPage", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the four messages one second apart, then waits for the demo content", async () => {
    let isReady = false;
    const fetchMock = stubFetch({ "GET /api/user/": () => userAnswer(isReady) });
    renderOnboarding();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(screen.getByRole("heading", { name: "Just a moment" })).toBeTruthy();
    expect(message()).toBe("Creating services...");
    await step();
    expect(message()).toBe("Adding intelligence...");
    await step();
    expect(message()).toBe("Saving configuration...");
    await step();
    expect(message()).toBe("Almost there...");
    await step();
    // All four shown, but the demo content is not ready: it keeps waiting on the last message.
    expect(message()).toBe("Almost there...");
    await step();
    expect(screen.queryByText("inbox screen")).toBeNull();
    const pollsSoFar = fetchMock.mock.calls.length;
    expect(pollsSoFar).toBeGreaterThan(2);

    isReady = true;
    await step();
    await step();
    expect(screen.getByText("inbox screen")).toBeTruthy();
  });

  it("does not leave before the four messages have shown, even when the content is ready", async () => {
    stubFetch({ "GET /api/user/": () => userAnswer(true) });
    renderOnboarding();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    await step();
    await step();
    expect(message()).toBe("Saving configuration...");
    await step();
    expect(message()).toBe("Almost there...");
    await step();
    expect(screen.getByText("inbox screen")).toBeTruthy();
  });

  it("sends a signed-out visitor to sign in", async () => {
    stubFetch({ "GET /api/user/": () => ({ status: 401, message: "Please sign in" }) });
    renderOnboarding();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText("sign-in screen")).toBeTruthy();
  });
});
