import { Modal, TextInput } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../test/render";

function renderElement(element: React.ReactNode) {
  return renderRoutes({ initialPath: "/", routes: [{ path: "/", element }] });
}

describe("the dashboard theme", () => {
  it("keeps a field's placeholder and value in their own colours when the field is in error", async () => {
    renderElement(<TextInput label="Shop address" placeholder="https://shop.example" error="Enter an address" />);
    const input = await screen.findByLabelText("Shop address");
    const wrapper = input.parentElement as HTMLElement;
    // Mantine's [data-error] rule would make both red; the wrapper's own variables win over it.
    expect(wrapper.getAttribute("data-error")).toBe("true");
    expect(wrapper.style.getPropertyValue("--input-placeholder-color")).toBe("var(--mantine-color-placeholder)");
    expect(wrapper.style.getPropertyValue("--input-color")).toBe("var(--mantine-color-text)");
    // The message still says what is wrong, tied to the field.
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter an address").id).toBe(input.getAttribute("aria-describedby")?.split(" ").at(-1));
  });

  it("gives a modal's title a heading's role and weight", async () => {
    renderElement(
      <Modal opened onClose={() => {}} title="Delete Shipping?">
        body
      </Modal>,
    );
    const heading = await screen.findByRole("heading", { name: "Delete Shipping?" });
    expect(heading.closest('[role="dialog"]')).toBeTruthy();
    expect(heading.style.fontWeight).toBe("700");
    expect(heading.style.fontSize).toBe("var(--mantine-font-size-lg)");
  });
});
