import type { Source } from "@harbor/contract/knowledge";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import type { HelpDeskIntegration } from "../source-rules";
import { articlesSource, company, source } from "../test-fixtures";
import { AddSourceModal } from "./add-source-modal";

/** Types by pasting: one input event per field keeps these long forms quick. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

function Harness({ sources, helpDesk }: { sources: Source[]; helpDesk: HelpDeskIntegration | null }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open
      </button>
      <AddSourceModal opened={opened} onClose={() => setOpened(false)} sources={sources} helpDesk={helpDesk} />
    </>
  );
}

function renderModal({
  sources = [articlesSource],
  helpDesk = null,
  add = () => ({ message: "Source added", data: company([articlesSource]) }),
}: {
  sources?: Source[];
  helpDesk?: HelpDeskIntegration | null;
  add?: (body: unknown) => StubAnswer | Promise<StubAnswer>;
} = {}) {
  const fetchMock = stubFetch({
    "POST /api/document/sources/add": add,
    "GET /api/document/sources": () => ({ data: company([articlesSource]) }),
  });
  renderRoutes({
    initialPath: "/knowledge-base/sources",
    routes: [{ path: "/knowledge-base/sources", element: <Harness sources={sources} helpDesk={helpDesk} /> }],
  });
  return { fetchMock, dialog: () => screen.getByRole("dialog") };
}

const typeOptions = (dialog: HTMLElement) =>
  Array.from((within(dialog).getByLabelText(/Source type/) as HTMLSelectElement).options)
    .filter((option) => !option.disabled)
    .map((option) => option.textContent);

describe("AddSourceModal", () => {
  it("offers website, blog and shop products; never articles, nor the help center without the integration", async () => {
    renderModal();
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    expect(typeOptions(dialog)).toEqual(["Website", "Blog", "Shopify products"]);
  });

  it("offers the help center once when the help desk is connected, with URL and frequency locked", async () => {
    const user = userEvent.setup();
    renderModal({ helpDesk: { domainName: "acme" } });
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    expect(typeOptions(dialog)).toContain("Zendesk Help Center");

    await user.selectOptions(within(dialog).getByLabelText(/Source type/), "zendesk-hc");
    const url = within(dialog).getByLabelText(/^URL/) as HTMLInputElement;
    expect(url.value).toBe("https://acme.zendesk.com");
    expect(url.readOnly).toBe(true);
    const frequency = within(dialog).getByLabelText(/Update frequency/) as HTMLSelectElement;
    expect(frequency.value).toBe("auto");
    expect(frequency.disabled).toBe(true);
  });

  it("does not offer the help center when the company already has one", async () => {
    renderModal({
      helpDesk: { domainName: "acme" },
      sources: [articlesSource, source({ sourceType: "zendesk-hc", updateFrequency: "auto" })],
    });
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    expect(typeOptions(dialog)).not.toContain("Zendesk Help Center");
  });

  it("changes its fields with the source type", async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    const type = within(dialog).getByLabelText(/Source type/);
    expect(within(dialog).queryByLabelText(/Shop currency/)).toBeNull();
    expect(within(dialog).queryByText("Page links")).toBeNull();

    await user.selectOptions(type, "shopify-products");
    expect(within(dialog).getByLabelText(/Shop currency/)).toBeTruthy();
    const advanced = within(dialog).getByRole("button", { name: "Advanced options" });
    expect(advanced.getAttribute("aria-expanded")).toBe("false");
    await user.click(advanced);
    expect(advanced.getAttribute("aria-expanded")).toBe("true");
    expect(within(dialog).getByLabelText("Skip product description")).toBeTruthy();
    expect(within(dialog).getByLabelText("Description delimiter")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Add chunk selector" })).toBeTruthy();
    expect(within(dialog).getByLabelText(/Use axios/)).toBeTruthy();
    expect(within(dialog).queryByText("Page links")).toBeNull();

    await user.selectOptions(type, "website");
    expect(within(dialog).queryByLabelText(/Shop currency/)).toBeNull();
    expect(within(dialog).getByText("Page links")).toBeTruthy();
    expect(within(dialog).getByLabelText(/Page selector/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Additional data selector/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Max pages/)).toBeTruthy();
    const frequencies = Array.from((within(dialog).getByLabelText(/Update frequency/) as HTMLSelectElement).options);
    expect(frequencies.map((option) => option.value)).toEqual(["none", "weekly", "monthly"]);
  });

  it("requires the shop currency for Shopify products and sends nothing until it is there", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderModal();
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    await user.selectOptions(within(dialog).getByLabelText(/Source type/), "shopify-products");
    await fill(user, within(dialog).getByLabelText(/^Name/), "Products");
    await fill(user, within(dialog).getByLabelText(/^URL/), "https://shop.test");
    await user.click(within(dialog).getByRole("button", { name: "Add Source" }));
    expect(within(dialog).getByText("Shop currency is required")).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/document/sources/add")).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/Shop currency/), "eur");
    await user.click(within(dialog).getByRole("button", { name: "Add Source" }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "POST /api/document/sources/add")).toEqual([
        {
          sourceType: "shopify-products",
          name: "Products",
          url: "https://shop.test",
          updateFrequency: "weekly",
          options: { currency: "EUR", selectors: { skipDescription: false, useAxios: false } },
        },
      ]),
    );
  });

  it("validates the required fields with the contract's messages", async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    await user.click(within(dialog).getByRole("button", { name: "Add Source" }));
    expect(within(dialog).getByText("Choose a source type")).toBeTruthy();
    expect(within(dialog).getByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("URL is required")).toBeTruthy();
  });

  it("adds a website once, even when submitted twice, then shows the success state", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { fetchMock } = renderModal({
      add: () =>
        new Promise<StubAnswer>((resolve) => {
          release = () =>
            resolve({
              message: "Source added",
              data: company([articlesSource, source({ integrationStatus: { inProgress: true } as never })]),
            });
        }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    await user.selectOptions(within(dialog).getByLabelText(/Source type/), "website");
    await fill(user, within(dialog).getByLabelText(/^Name/), "Help pages");
    await fill(user, within(dialog).getByLabelText(/^URL/), "https://shop.test/help");
    await user.selectOptions(within(dialog).getByLabelText(/Update frequency/), "monthly");
    await user.click(within(dialog).getByRole("button", { name: "Add page link" }));
    await fill(user, within(dialog).getByLabelText("Page link 1"), "https://shop.test/faq");
    await user.click(within(dialog).getByRole("button", { name: "Add chunk selector" }));
    await fill(user, within(dialog).getByLabelText(/Page selector/), "main");
    await fill(user, within(dialog).getByLabelText(/Max pages/), "50");
    await user.type(within(dialog).getByLabelText(/^Name/), "{Enter}");
    await user.type(within(dialog).getByLabelText(/^Name/), "{Enter}");
    release();

    const success = await screen.findByRole("dialog", { name: "Source added" });
    expect(success.textContent).toContain("Syncing Help pages has started");
    expect(bodiesSentTo(fetchMock, "POST /api/document/sources/add")).toEqual([
      {
        sourceType: "website",
        name: "Help pages",
        url: "https://shop.test/help",
        updateFrequency: "monthly",
        // The empty chunk selector is left out.
        options: { pageLinks: ["https://shop.test/faq"], documentSelector: "main", maxPages: 50 },
      },
    ]);

    await user.click(within(success).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Opening again starts with an empty form.
    await user.click(screen.getByRole("button", { name: "open" }));
    const again = await screen.findByRole("dialog", { name: "Add Source" });
    expect((within(again).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
  });

  it("shows the server's message when adding fails", async () => {
    const user = userEvent.setup();
    renderModal({ add: () => ({ status: 409, message: "A source with this URL already exists" }) });
    const dialog = await screen.findByRole("dialog", { name: "Add Source" });
    await user.selectOptions(within(dialog).getByLabelText(/Source type/), "blog");
    await fill(user, within(dialog).getByLabelText(/^Name/), "Blog");
    await fill(user, within(dialog).getByLabelText(/^URL/), "https://shop.test/blog");
    await user.click(within(dialog).getByRole("button", { name: "Add Source" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("A source with this URL already exists");
    expect(screen.getByRole("dialog", { name: "Add Source" })).toBeTruthy();
  });
});
