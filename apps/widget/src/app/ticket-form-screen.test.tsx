import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { nl } from "../i18n/nl";
import { renderInWidget } from "../test/widget-fixtures";
import { TicketFormScreen } from "./ticket-form-screen";

function showForm(onSubmit = vi.fn().mockResolvedValue(undefined), options: { isDutch?: boolean } = {}) {
  const language = options.isDutch ? "nl" : "en";
  renderInWidget(
    <TicketFormScreen identity={{ name: "Dana" }} language={language} onSubmit={onSubmit} onBack={vi.fn()} />,
    options.isDutch ? { texts: nl, language } : {},
  );
  return onSubmit;
}

const countryPicker = () => screen.getByRole("combobox", { name: /Country code|Landcode/ }) as HTMLSelectElement;

describe("the ticket request form", () => {
  it("requires an e-mail and the comments, checks the address and the phone, and sends nothing until they pass", async () => {
    const onSubmit = showForm();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Dana");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("E-mail is required")).toBeTruthy();
    expect(screen.getByText("Your comments are required")).toBeTruthy();
    expect(screen.getByLabelText(/E-mail/).getAttribute("aria-invalid")).toBe("true");

    await userEvent.type(screen.getByLabelText(/E-mail/), "dana@");
    await userEvent.type(screen.getByLabelText(/Phone number/), "12ab");
    await userEvent.type(screen.getByLabelText(/Your comments/), "Please call me back");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Enter a valid e-mail address")).toBeTruthy();
    expect(screen.getByText("Enter a valid phone number")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the form with the phone's calling code, and retries with the same client id", async () => {
    const onSubmit = showForm(vi.fn().mockRejectedValueOnce(new Error("")).mockResolvedValue(undefined));
    await userEvent.type(screen.getByLabelText(/E-mail/), "dana@example.com");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), "NL");
    await userEvent.type(screen.getByLabelText(/Phone number/), "06 1234 5678");
    await userEvent.type(screen.getByLabelText(/Your comments/), "Please call me back");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Not sent.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    const [first, second] = onSubmit.mock.calls;
    expect(first?.[0]).toEqual({
      name: "Dana",
      email: "dana@example.com",
      number: "+31 612345678",
      message: "Please call me back",
    });
    expect(second?.[1]).toBe(first?.[1]);
  });

  it("speaks the visitor's language, and starts a Dutch visitor's phone in the Netherlands whatever the browser says", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
    showForm(undefined, { isDutch: true });
    await userEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(screen.getByText("E-mailadres is verplicht")).toBeTruthy();
    expect(countryPicker().value).toBe("NL");
    vi.restoreAllMocks();
  });

  it("starts an English visitor on the browser's region", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-GB", "en"]);
    showForm();
    expect(countryPicker().value).toBe("GB");
    vi.restoreAllMocks();
  });

  it("starts on no country when the browser names no region, and asks for one before sending a number", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en"]);
    const onSubmit = showForm();
    expect(countryPicker().value).toBe("");
    expect(countryPicker().selectedOptions[0]?.textContent).toBe("Choose a country");
    await userEvent.type(screen.getByLabelText(/E-mail/), "dana@example.com");
    await userEvent.type(screen.getByLabelText(/Phone number/), "0612345678");
    await userEvent.type(screen.getByLabelText(/Your comments/), "Please call me back");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Choose the country of this number")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.selectOptions(countryPicker(), "NL");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ number: "+31 612345678" });
    vi.restoreAllMocks();
  });
});
