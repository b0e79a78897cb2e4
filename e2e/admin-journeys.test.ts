import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

let server: HarborServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startHarborServer({ platformAdmins: ["ops@harbor.example"] });
  browser = await launchBrowser();
  api = apiClient(server);
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

describe("platform admin pages", () => {
  it("a platform admin adds a company, then deletes it by ID", async () => {
    const { cookie } = await api.signUp("ops@harbor.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/admin`);
    await page.waitForURL("**/admin/add-company");
    await expect.poll(() => page.getByRole("heading", { name: "Add Company" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Company" }).click();
    // Required fields are checked before anything is sent.
    await expect.poll(() => page.getByLabel("Company name").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Company name").fill("Kestrel & Pine");
    await page.getByLabel("Website URL").fill("https://kestrel-pine.example");
    await page.getByRole("textbox", { name: /^Currency/ }).fill("EUR");
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByRole("textbox", { name: "Suggested question 1" }).fill("Where is my order?");
    await page.getByRole("button", { name: "Add Company" }).click();
    await expect.poll(() => page.getByText("Company created").isVisible()).toBe(true);
    const me = await api.call<{ user: { companies: { companyID: string; name: string }[] } }>("GET", "/user/", {
      cookie,
    });
    const created = me.body.data.user.companies.find((c) => c.name === "Kestrel & Pine");
    expect(created).toBeDefined();
    expect(await page.getByText(created!.companyID).isVisible()).toBe(true);

    await page.goto(`${server.url}/admin/delete-company`);
    await expect.poll(() => page.getByRole("heading", { name: "Delete Company" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.getByLabel("Company ID").fill(created!.companyID);
    await page.getByRole("button", { name: "Delete Company" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this company?" });
    await confirm.getByRole("button", { name: "Delete company" }).click();
    await expect.poll(() => page.getByText("Company deleted").isVisible()).toBe(true);
    const after = await api.call<{ user: { companies: { name: string }[] } }>("GET", "/user/", { cookie });
    expect(after.body.data.user.companies.map((c) => c.name)).not.toContain("Kestrel & Pine");
    await page.context().close();
  });

  it("anyone else sees that the page is not for them", async () => {
    const { cookie } = await api.signUp("owner@ordinary-shop.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/admin/add-company`);
    await expect.poll(() => page.getByText("Not allowed").isVisible()).toBe(true);
    expect(await page.getByLabel("Company name").count()).toBe(0);
    await page.context().close();
  });
});
