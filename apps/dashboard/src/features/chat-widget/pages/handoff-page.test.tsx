import type { Handoff } from "@harbor/contract/widget";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notifySuccess } from "../../../lib/notify";
import { formsSentTo, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { echoSections, widgetSettings } from "../test-fixtures";
import { HandoffPage } from "./handoff-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

function renderPage() {
  const settings = widgetSettings();
  const fetchMock = stubFetch({
    "GET /api/widget-settings/": () => ({ data: settings }),
    "POST /api/widget-settings/save": echoSections(settings),
  });
  renderRoutes({
    initialPath: "/chat-widget/handoff",
    routes: [{ path: "/chat-widget/handoff", element: <HandoffPage /> }],
  });
  return fetchMock;
}

const field = (role: "textbox" | "combobox", name: RegExp) => screen.queryByRole(role, { name });

describe("HandoffPage", () => {
  it("shows each field only when it applies (spec part 2 §4)", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("textbox", { name: /^Notification e-mail/ });
    expect(field("combobox", /^Agent app/)).toBeNull();
    expect(field("combobox", /^Chat history ticket status/)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Human agent availability" })).toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: /^Ticket app/ }), "zendesk");
    expect(field("textbox", /^Notification e-mail/)).toBeNull();
    const status = screen.getByRole("combobox", { name: /^Chat history ticket status/ });
    expect([...(status as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      "",
      "new",
      "open",
      "pending",
      "solved",
    ]);

    await user.click(screen.getByRole("switch", { name: /^Enable agent handoff/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: /^Agent app/ }), "whatsapp");
    expect(field("textbox", /^WhatsApp number/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Human agent availability" })).toBeTruthy();
    expect(field("textbox", /^Reply time/)).toBeNull();
    await user.click(screen.getByRole("switch", { name: /^Show availability/ }));
    expect(field("textbox", /^Reply time/)).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Monday" })).toBeTruthy();

    await user.click(screen.getByRole("switch", { name: /^Enable ticket handoff/ }));
    expect(field("combobox", /^Ticket app/)).toBeNull();
    expect(field("combobox", /^Chat history ticket status/)).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: /^Agent app/ }), "zendesk-classic");
    expect(field("combobox", /^Chat history ticket status/)).toBeTruthy();
  });

  it("saves the handoff message for Dutch and Hebrew visitors beside the one for everyone, Hebrew typed right to left", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const message = await screen.findByRole("textbox", { name: /^Handoff message( \*)?$/ });
    // By keyboard: the per-language fields come right after the message they translate.
    message.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Handoff message for English visitors" }));
    const hebrew = screen.getByRole("textbox", { name: "Handoff message for Hebrew visitors" });
    expect(hebrew.getAttribute("dir")).toBe("rtl");
    expect(screen.getByRole("textbox", { name: "Handoff message for Dutch visitors" }).getAttribute("dir")).toBe(
      "auto",
    );

    await user.type(
      screen.getByRole("textbox", { name: "Handoff message for Dutch visitors" }),
      " Laat je gegevens achter. ",
    );
    await user.type(hebrew, "השאירו פרטים ונחזור אליכם.");
    await user.type(screen.getByRole("textbox", { name: /^Notification e-mail/ }), "team@shop.example");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Handoff settings saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    const handoff = JSON.parse(String(sent?.form.get("handoff"))) as Handoff;
    expect(handoff.channels.ticket.handoffMessageTranslations).toEqual({
      en: "",
      nl: "Laat je gegevens achter.",
      he: "השאירו פרטים ונחזור אליכם.",
    });
    expect(handoff.channels.ticket.handoffMessage).toBe(widgetSettings().handoff.channels.ticket.handoffMessage);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save Changes" }).hasAttribute("disabled")).toBe(true),
    );
  });

  it("checks the shown fields with the contract's rules, then saves with hidden fields skipped", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const email = await screen.findByRole("textbox", { name: /^Notification e-mail/ });
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    // Nothing changed yet: Save is off.
    expect(formsSentTo(fetchMock, "POST /api/widget-settings/save")).toEqual([]);

    await user.click(screen.getByRole("switch", { name: /^Enable agent handoff/ }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Notification e-mail is required")).toBeTruthy();
    expect(screen.getByText("Agent app is required")).toBeTruthy();
    expect(formsSentTo(fetchMock, "POST /api/widget-settings/save")).toEqual([]);

    await user.type(email, "team@shop.example");
    await user.selectOptions(screen.getByRole("combobox", { name: /^Agent app/ }), "gorgias");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Handoff settings saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    const form = sent?.form ?? new FormData();
    const handoff = JSON.parse(String(form.get("handoff"))) as Handoff;
    expect(handoff.channels.ticket.attributes).toEqual([{ notificationEmail: "team@shop.example" }]);
    expect(handoff.channels.agent).toMatchObject({
      isActive: true,
      appType: "gorgias",
      attributes: [{ whatsapp: "" }],
    });
    // The hidden schedule is sent as stored, in UTC.
    expect(handoff.channels.agent.humanAgent.availableDays[0]).toEqual({
      day: "Mon",
      isActive: true,
      timeSlots: [{ startTime: "09:00", endTime: "17:00" }],
    });
  });

  it("asks for Tawk's property and widget id when Tawk is the agent app, checks its shape, and saves it (decision 067)", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const email = await screen.findByRole("textbox", { name: /^Notification e-mail/ });
    await user.type(email, "team@shop.example");
    await user.click(screen.getByRole("switch", { name: /^Enable agent handoff/ }));
    expect(field("textbox", /^Tawk property and widget/)).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: /^Agent app/ }), "tawk");
    const tawk = screen.getByRole("textbox", { name: /^Tawk property and widget/ });
    expect(field("textbox", /^Zendesk web widget key/)).toBeNull();

    await user.type(tawk, "https://embed.tawk.to/x.js");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(/Enter Tawk's property and widget id/)).toBeTruthy();
    expect(formsSentTo(fetchMock, "POST /api/widget-settings/save")).toEqual([]);

    await user.clear(tawk);
    await user.type(tawk, " 5f1e2d3c4b5a69788796a5b4/1abc2def ");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Handoff settings saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    const handoff = JSON.parse(String(sent?.form.get("handoff"))) as Handoff;
    expect(handoff.channels.agent).toMatchObject({
      appType: "tawk",
      attributes: [{ whatsapp: "", tawk: "5f1e2d3c4b5a69788796a5b4/1abc2def" }],
    });
  });

  it("takes Tawk's id from its pasted embed address or whole script snippet, and says so in the hint", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await user.type(await screen.findByRole("textbox", { name: /^Notification e-mail/ }), "team@shop.example");
    await user.click(screen.getByRole("switch", { name: /^Enable agent handoff/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: /^Agent app/ }), "tawk");
    const tawk = screen.getByRole("textbox", { name: /^Tawk property and widget/ }) as HTMLInputElement;
    expect(tawk.getAttribute("aria-describedby")).toBeTruthy();
    const hint = document.getElementById(String(tawk.getAttribute("aria-describedby")).split(" ")[0] ?? "");
    expect(hint?.textContent).toContain("https://embed.tawk.to/");

    await user.click(tawk);
    await user.paste("https://embed.tawk.to/5f1e2d3c4b5a69788796a5b4/1abc2def");
    expect(tawk.value).toBe("5f1e2d3c4b5a69788796a5b4/1abc2def");

    await user.clear(tawk);
    await user.paste(`<!--Start of Tawk.to Script-->
<script type="text/javascript">
var Tawk_API=Tawk_API||{}, Tawk_LoadStart=new Date();
(function(){
var s1=document.createElement("script"),s0=document.getElementsByTagName("script")[0];
s1.async=true;
s1.src='https://embed.tawk.to/6a2b3c4d5e6f708192a3b4c5/1hq2rst3u';
s1.charset='UTF-8';
s1.setAttribute('crossorigin','*');
s0.parentNode.insertBefore(s1,s0);
})();
</script>
<!--End of Tawk.to Script-->`);
    expect(tawk.value).toBe("6a2b3c4d5e6f708192a3b4c5/1hq2rst3u");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Handoff settings saved" }));
    const [sent] = formsSentTo(fetchMock, "POST /api/widget-settings/save");
    const handoff = JSON.parse(String(sent?.form.get("handoff"))) as Handoff;
    expect(handoff.channels.agent.attributes[0]?.tawk).toBe("6a2b3c4d5e6f708192a3b4c5/1hq2rst3u");
  });
});
