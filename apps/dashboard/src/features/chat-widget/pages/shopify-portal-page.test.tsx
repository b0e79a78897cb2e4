import type { WidgetSettings } from "@harbor/contract/widget";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formsSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { echoSections, widgetSettings } from "../test-fixtures";
import { ShopifyPortalPage } from "./shopify-portal-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

const SAVE = "POST /api/widget-settings/save";

function Shell() {
  return (
    <>
      <Link to="/inbox">Inbox</Link>
      <Outlet />
    </>
  );
}

function renderPage(
  settings: WidgetSettings = widgetSettings(),
  save: (body: unknown) => StubAnswer = echoSections(settings),
) {
  const fetchMock = stubFetch({ "GET /api/widget-settings/": () => ({ data: settings }), [SAVE]: save });
  const view = renderRoutes({
    initialPath: "/chat-widget/shopify-portal",
    routes: [
      {
        element: <Shell />,
        children: [
          { path: "/chat-widget/shopify-portal", element: <ShopifyPortalPage /> },
          { path: "/inbox", element: <p>inbox screen</p> },
        ],
      },
    ],
  });
  return { ...view, fetchMock };
}

const saveButton = () => screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
/** A switch's accessible name goes on with its description. */
const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
const toggle = (name: string) => screen.getByRole("switch", { name: startsWith(name) }) as HTMLInputElement;
const portalSent = (fetchMock: ReturnType<typeof stubFetch>, index = 0) =>
  JSON.parse(String(formsSentTo(fetchMock, SAVE)[index]?.form.get("customerAccountPortal")));

describe("ShopifyPortalPage", () => {
  it("loads the portal with today's behaviour for settings saved before the Order Actions", async () => {
    renderPage();
    expect(
      ((await screen.findByRole("switch", { name: startsWith("Enable the portal") })) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole("heading", { name: "Shopify Customer Portal" })).toBeTruthy();
    expect((screen.getByRole("combobox", { name: /Method to authenticate customer/ }) as HTMLSelectElement).value).toBe(
      "orderID",
    );
    expect(toggle("Allow order tracking").checked).toBe(true);
    expect(toggle("Allow shipping address to be changed").checked).toBe(false);
    expect(toggle("Allow order cancellations").checked).toBe(true);
    expect(saveButton().disabled).toBe(true);
  });

  it("saves the whole portal section with the changed toggles and method, then turns Save off", async () => {
    const user = userEvent.setup();
    const base = widgetSettings();
    const rules = {
      askReason: true,
      allowOther: false,
      reasons: [{ _id: "late", text: "Too late" }],
      conditions: { maxOrderAgeDays: 3, paymentStatuses: [], excludedSkus: [] },
    };
    const settings = { ...base, customerAccountPortal: { ...base.customerAccountPortal, cancellationRules: rules } };
    const { fetchMock } = renderPage(settings);
    await user.click(await screen.findByRole("switch", { name: startsWith("Allow order cancellations") }));
    await user.click(toggle("Allow shipping address to be changed"));
    await user.selectOptions(screen.getByRole("combobox", { name: /Method to authenticate customer/ }), "email");
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    await waitFor(() => expect(formsSentTo(fetchMock, SAVE)).toHaveLength(1));
    expect(portalSent(fetchMock)).toEqual({
      isActive: true,
      authentication: "email",
      allowTracking: true,
      allowAddressChange: true,
      allowCancellation: false,
      // What else is stored goes back as it is.
      cancellationRules: rules,
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Widget saved" }));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it("says where Phone OTP's code goes, only with that method", async () => {
    const user = userEvent.setup();
    renderPage();
    const method = await screen.findByRole("combobox", { name: /Method to authenticate customer/ });
    expect(screen.queryByText(/texted to the phone number on the order/)).toBeNull();
    await user.selectOptions(method, "phone");
    expect(screen.getByText(/The code is texted to the phone number on the order/)).toBeTruthy();
  });

  it("asks before leaving with unsaved changes", async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByRole("switch", { name: startsWith("Allow order tracking") }));
    await user.click(screen.getByRole("link", { name: "Inbox" }));
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/chat-widget/shopify-portal");
  });

  it("shows the server's refusal of a save and keeps the changes", async () => {
    const user = userEvent.setup();
    renderPage(widgetSettings(), () => ({ status: 400, message: "customerAccountPortal: bad" }));
    await user.click(await screen.findByRole("switch", { name: startsWith("Allow order tracking") }));
    await user.click(saveButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith({ message: "customerAccountPortal: bad" }));
    expect(saveButton().disabled).toBe(false);
  });
});

describe("the Action Rules modal", () => {
  async function openRules(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole("button", { name: "Edit the cancellation Action Rules" }));
    return screen.findByRole("dialog", { name: "Action Rules: cancel order" });
  }

  it("starts from the default reasons, edits, reorders by keyboard and saves them with Action saved", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const dialog = await openRules(user);
    const reason1 = within(dialog).getByRole("textbox", { name: "Reason 1" }) as HTMLInputElement;
    expect(reason1.value).toBe("I ordered by mistake");
    expect(within(dialog).getAllByRole("textbox", { name: /^Reason \d/ })).toHaveLength(5);

    await user.click(within(dialog).getByRole("button", { name: "Remove Reason 5" }));
    await user.click(within(dialog).getByRole("button", { name: "Add reason" }));
    await user.click(within(dialog).getByRole("textbox", { name: "Reason 5" }));
    await user.paste("It is a gift that came twice");
    // Keyboard: focus Move Reason 5 up and press Enter.
    within(dialog).getByRole("button", { name: "Move Reason 5 up" }).focus();
    await user.keyboard("{Enter}");
    expect((within(dialog).getByRole("textbox", { name: "Reason 4" }) as HTMLInputElement).value).toBe(
      "It is a gift that came twice",
    );
    await user.click(within(dialog).getByRole("switch", { name: startsWith('Show the "Other" option') }));
    await user.type(within(dialog).getByRole("textbox", { name: /Placed within/ }), "14");
    await user.click(within(dialog).getByRole("checkbox", { name: "Pending" }));
    await user.type(within(dialog).getByRole("textbox", { name: /SKUs that cannot be cancelled/ }), "GIFT-BOX{Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Action saved" }));
    const sent = portalSent(fetchMock);
    expect(sent).toMatchObject({ isActive: true, authentication: "orderID" });
    expect(sent.cancellationRules).toMatchObject({
      askReason: true,
      allowOther: false,
      conditions: { maxOrderAgeDays: 14, paymentStatuses: ["PENDING"], excludedSkus: ["GIFT-BOX"] },
    });
    expect(sent.cancellationRules.reasons.map((reason: { text: string }) => reason.text)).toEqual([
      "I ordered by mistake",
      "I ordered the wrong size or item",
      "I found it cheaper elsewhere",
      "It is a gift that came twice",
      "Delivery takes too long",
    ]);
    expect(sent.cancellationRules.reasons[3]._id).toMatch(/^reason-[0-9a-f]{8}$/);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Action Rules: cancel order" })).toBeNull());
    // The page's own Save Changes has nothing to save.
    expect(saveButton().disabled).toBe(true);
  });

  it("refuses an empty reason and no reason at all, before sending anything", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const dialog = await openRules(user);
    await user.clear(within(dialog).getByRole("textbox", { name: "Reason 1" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Reason text is required")).toBeTruthy();

    for (let left = 5; left > 0; left--) {
      await user.click(within(dialog).getByRole("button", { name: `Remove Reason ${left}` }));
    }
    await user.click(within(dialog).getByRole("switch", { name: startsWith('Show the "Other" option') }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Add a reason or offer Other");
    expect(formsSentTo(fetchMock, SAVE)).toHaveLength(0);
  });

  it("asks before closing with unsaved rules", async () => {
    const user = userEvent.setup();
    renderPage();
    const dialog = await openRules(user);
    await user.click(within(dialog).getByRole("switch", { name: startsWith("Ask the customer for a reason") }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
  });
});

describe("the Order Issues", () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const withIssues = () => {
    const base = widgetSettings();
    return {
      ...base,
      customerAccountPortal: {
        ...base.customerAccountPortal,
        orderIssues: [
          { _id: id(1), question: "Where is my parcel?", category: null, answer: "" },
          { _id: id(2), question: "It says delivered", category: id(1), answer: "Ask your neighbours." },
          { _id: id(3), question: "Wrong item", category: null, answer: "" },
        ],
      },
    };
  };

  it("adds an issue after asking for its title, and says Issue saved", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    expect(await screen.findByText("No order issues yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add Issue" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Issue" });
    await user.type(within(dialog).getByRole("textbox", { name: /Answer/ }), "We look into it.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Title is required")).toBeTruthy();
    expect(formsSentTo(fetchMock, SAVE)).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: /Issue or question/ }), "Damaged on arrival");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Issue saved" }));
    const sent = portalSent(fetchMock);
    expect(sent).toMatchObject({ isActive: true, authentication: "orderID" });
    expect(sent.orderIssues).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        question: "Damaged on arrival",
        category: null,
        answer: "We look into it.",
      },
    ]);
    const list = await screen.findByRole("list", { name: "Order Issues" });
    expect(within(list).getByText("Damaged on arrival")).toBeTruthy();
  });

  it("shows the issues nested, moves one under another by its category, and locks a parent's category", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(withIssues());
    const parent = await screen.findByRole("list", { name: "Where is my parcel?" });
    expect(within(parent).getByText("It says delivered")).toBeTruthy();
    expect(screen.getByText("1 sub-issue")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Edit Where is my parcel?" }));
    const locked = await screen.findByRole("dialog", { name: "Edit Issue" });
    expect((within(locked).getByRole("combobox", { name: /Category/ }) as HTMLSelectElement).disabled).toBe(true);
    await user.click(within(locked).getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Edit Wrong item" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Issue" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Category/ }), id(1));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(formsSentTo(fetchMock, SAVE)).toHaveLength(1));
    expect(portalSent(fetchMock).orderIssues[2]).toEqual({
      _id: id(3),
      question: "Wrong item",
      category: id(1),
      answer: "",
    });
  });

  it("deletes a parent after a confirmation naming it, and its sub-issues move to the top level", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(withIssues());
    await user.click(await screen.findByRole("button", { name: "Delete Where is my parcel?" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Where is my parcel??" });
    expect(within(dialog).getByText("Its sub-issues move to the top level.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Delete issue" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Issue deleted" }));
    expect(portalSent(fetchMock).orderIssues).toEqual([
      { _id: id(2), question: "It says delivered", category: null, answer: "Ask your neighbours." },
      { _id: id(3), question: "Wrong item", category: null, answer: "" },
    ]);
  });
});
