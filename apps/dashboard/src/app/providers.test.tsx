import { render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { notifySuccess } from "../lib/notify";
import { AppProviders } from "./providers";

function SavesOnMount() {
  useEffect(() => notifySuccess({ message: "Widget saved" }), []);
  return null;
}

describe("AppProviders", () => {
  it("shows notices at the bottom right, away from the header's workspace switcher and avatar", async () => {
    render(
      <AppProviders>
        <SavesOnMount />
      </AppProviders>,
    );
    const notice = await screen.findByText("Widget saved");
    expect(notice.closest("[data-position]")?.getAttribute("data-position")).toBe("bottom-right");
  });
});
