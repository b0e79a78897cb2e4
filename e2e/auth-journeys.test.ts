import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFromMail } from "../apps/server/test/smtp-capture";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

let server: HarborServer;
let browser: Browser;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
  api = apiClient(server);
});

afterAll(async () => {
  await browser?.close();
  // SIGTERM: the server finishes what it is doing, closes the database and exits cleanly.
  if (server) expect(await server.stop()).toBe(0);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** On /invitations: accepts the invitation to this workspace, then opens it. */
async function acceptAndOpen(page: Page, companyName: string) {
  await page.getByRole("button", { name: `Accept the invitation to ${companyName}` }).click();
  await expect.poll(() => page.getByText(`You joined ${companyName}.`).isVisible()).toBe(true);
  await page.getByRole("button", { name: `Open ${companyName}` }).click();
  await page.waitForURL("**/inbox");
}

/** Types the e-mail on /sign-in, then the code from the mail on /authenticate-login. */
async function signInInBrowser(page: Page, email: string) {
  await page.goto(`${server.url}/sign-in`);
  const before = server.smtp.countTo(email);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/authenticate-login");
  const code = codeFromMail(await server.smtp.latestTo(email, { after: before }));
  await page.getByLabel("Sign-in code", { exact: false }).first().pressSequentially(code);
}

describe("sign-up and sign-in journeys", () => {
  it("a newcomer signs up, reads the code from the mail, watches onboarding and lands in the inbox", async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.waitForURL("**/sign-in");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL("**/sign-up");
    await expect.poll(() => page.getByRole("heading", { name: "Sign Up" }).isVisible()).toBe(true);
    await page.getByLabel("E-mail").fill("founder@kestrel-pine.example");
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.waitForURL("**/authenticate-login");
    await expect.poll(() => page.getByText("founder@kestrel-pine.example").first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /Open Gmail/ }).getAttribute("href")).toContain("mail.google.com");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    const code = codeFromMail(await server.smtp.latestTo("founder@kestrel-pine.example"));
    // Lower-case entry works: the field upper-cases and submits by itself at 6 characters.
    await page.getByLabel("Sign-in code", { exact: false }).first().pressSequentially(code.toLowerCase());

    await page.waitForURL("**/onboarding");
    await expect.poll(() => page.getByText("Just a moment").isVisible()).toBe(true);
    await page.waitForURL("**/inbox", { timeout: 15_000 });
    // The new workspace's inbox holds sample chats the AI answered from the demo articles.
    await expect.poll(() => page.getByText("Emma de Vries").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Kestrel Pine").first().isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // The new workspace comes with demo help articles, already in the knowledge base.
    await page.getByRole("link", { name: "Knowledge Base" }).first().click();
    await page.goto(`${server.url}/knowledge-base/articles`);
    await expect.poll(() => page.getByText("Shipping and delivery").first().isVisible()).toBe(true);
    expect(await page.getByText("Returns and refunds").count()).toBeGreaterThan(0);

    // Signed in, the auth screens send the user back to the dashboard.
    await page.goto(`${server.url}/sign-in`);
    await page.waitForURL("**/inbox");
    await page.context().close();
  });

  it("a newcomer who asks for a new code after signing up gets a sign-up code, and it creates the account", {
    timeout: 60_000,
  }, async () => {
    const email = "founder@resend-shop.example";
    const page = await newPage();
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/authenticate-login");
    const first = codeFromMail(await server.smtp.latestTo(email));
    const before = server.smtp.countTo(email);
    const resend = page.getByRole("button", { name: "Resend code" });
    await resend.click();
    await expect.poll(() => page.getByText(/Please wait \d+ seconds/).isVisible()).toBe(true);
    // Codes for one address are at least 30 s apart (the server's throttle).
    await page.waitForTimeout(31_000);
    await resend.click();
    const resent = await server.smtp.latestTo(email, { after: before });
    // Not "there is no Harbor account": a new sign-up code.
    const code = codeFromMail(resent);
    expect(code).not.toBe(first);
    await page.getByLabel("Sign-in code", { exact: false }).first().pressSequentially(code);
    await page.waitForURL("**/onboarding");
    await page.context().close();
  });

  it("a wrong code keeps the field locked with the server's message until the user tries again", async () => {
    // Invited by a colleague, so no code was sent to this address yet (resends wait 30 s).
    const { cookie } = await api.signUp("owner@typo-shop.example");
    await api.addUser(cookie, { name: "Tom Typo", email: "tom@typo-shop.example", role: "agent" });
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("E-mail").fill("tom@typo-shop.example");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/authenticate-login");
    const real = codeFromMail(await server.smtp.latestTo("tom@typo-shop.example", { after: 1 }));
    const wrong = (real[0] === "A" ? "B" : "A") + real.slice(1);
    await page.getByLabel("Sign-in code", { exact: false }).first().pressSequentially(wrong);
    await expect.poll(() => page.getByText("That code is not right. 4 tries left.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByLabel("Sign-in code", { exact: false }).first().pressSequentially(real);
    // Invited, not yet a member: the invitation is what Tom sees first.
    await page.waitForURL("**/invitations");
    await acceptAndOpen(page, "Typo Shop");
    await page.context().close();
  });

  it("a member of two companies picks one, then switches from the header", async () => {
    const first = await api.signUp("owner@alpha-outdoor.example");
    const second = await api.signUp("owner@bravo-gear.example");
    await api.addUser(second.cookie, { name: "Dana Dual", email: "dana@dual.example", role: "admin" });
    await api.addUser(first.cookie, { name: "Dana Dual", email: "dana@dual.example", role: "agent" });

    const page = await newPage();
    await signInInBrowser(page, "dana@dual.example");
    await page.waitForURL("**/invitations");
    for (const company of ["Alpha Outdoor", "Bravo Gear"]) {
      await page.getByRole("button", { name: `Accept the invitation to ${company}` }).click();
      await expect.poll(() => page.getByText(`You joined ${company}.`).isVisible()).toBe(true);
    }
    await page.getByRole("link", { name: "Go to your workspaces" }).click();
    await page.waitForURL("**/select-company");
    await expect.poll(() => page.getByRole("heading", { name: "Select Your Store" }).isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    const stores = page.getByRole("button", { name: /^Open / });
    expect(await stores.allInnerTexts()).toEqual([
      expect.stringContaining("Alpha Outdoor"),
      expect.stringContaining("Bravo Gear"),
    ]);

    await page.getByRole("button", { name: "Open Bravo Gear" }).click();
    await page.waitForURL("**/inbox");
    // Dana is admin in Bravo Gear: Settings is in the menu.
    await expect.poll(() => page.getByRole("link", { name: "Settings" }).first().isVisible()).toBe(true);

    await page.getByRole("button", { name: /^Workspace: Bravo Gear/ }).click();
    await Promise.all([page.waitForEvent("load"), page.getByRole("menuitem", { name: /Alpha Outdoor/ }).click()]);
    await expect.poll(() => page.getByRole("button", { name: /^Workspace: Alpha Outdoor/ }).isVisible()).toBe(true);
    // In Alpha Outdoor Dana is an agent: no Settings.
    expect(await page.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await page.context().close();
  });

  it("an agent sees no Settings, and /settings and /analytics send them to the inbox", async () => {
    const { cookie } = await api.signUp("owner@agents-shop.example");
    await api.addUser(cookie, { name: "Avi Agent", email: "avi@agents-shop.example", role: "agent" });
    const page = await newPage();
    await signInInBrowser(page, "avi@agents-shop.example");
    await page.waitForURL("**/invitations");
    await acceptAndOpen(page, "Agents Shop");
    await expect.poll(() => page.getByRole("link", { name: "Inbox" }).first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Settings" }).count()).toBe(0);
    for (const path of ["/settings", "/settings/user-access", "/analytics"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL("**/inbox");
    }
    await page.context().close();
  });

  it("a signed-in user on an unknown path sees Page not found (no MARKETING_URL set) and goes back to the inbox", async () => {
    const { cookie } = await api.signUp("owner@lost-shop.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/inbox/no-such-page`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Page not found" }).isVisible()).toBe(true);
    // It stayed in the app rather than leaving for a marketing site that was never configured.
    expect(new URL(page.url()).origin).toBe(new URL(server.url).origin);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await page.getByRole("link", { name: "Go to the inbox" }).click();
    await page.waitForURL("**/inbox");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Inbox" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("an admin manages the team, and leaving with an unsaved edit shows the guard", async () => {
    const page = await newPage();
    const { cookie } = await api.signUp("founder@team-shop.example");
    await api.addUser(cookie, { name: "Lee Lead", email: "lead@team-shop.example", role: "admin" });
    await signInInBrowser(page, "lead@team-shop.example");
    await page.waitForURL("**/invitations");
    await acceptAndOpen(page, "Team Shop");
    await page.getByRole("link", { name: "Settings" }).first().click();
    await page.waitForURL("**/settings/user-access");
    await expect.poll(() => page.getByText("Showing 2 users").isVisible()).toBe(true);
    // Admin rows have no edit or delete actions.
    expect(await page.getByRole("button", { name: "Edit Founder" }).count()).toBe(0);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Full name").fill("Noa Newhire");
    await dialog.getByLabel("E-Mail address").fill("noa@team-shop.example");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect.poll(() => page.getByText("Showing 3 users").isVisible()).toBe(true);
    expect((await server.smtp.latestTo("noa@team-shop.example")).subject).toBe(
      "Lee Lead invited you to join Team Shop on Harbor",
    );

    // An unsaved edit: the modal covers the header, so its links cannot leave the form.
    await page.getByRole("button", { name: "Edit Noa Newhire" }).click();
    await page.getByRole("dialog").getByLabel("Full name").fill("Noa Changed");
    const inbox = await page.getByRole("link", { name: "Inbox" }).first().boundingBox();
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null, {
      x: (inbox?.x ?? 0) + (inbox?.width ?? 0) / 2,
      y: (inbox?.y ?? 0) + (inbox?.height ?? 0) / 2,
    });
    expect(hit).toBeNull();
    // Leaving another way (the browser's Back): the guard asks first.
    await page.evaluate(() => window.history.back());
    const guard = page.getByRole("dialog", { name: "You Have Unsaved Changes" });
    await expect.poll(() => guard.isVisible()).toBe(true);
    expect(await guard.innerText()).toContain("Your changes will be lost. Are you sure you want to continue?");
    await guard.getByRole("button", { name: "Cancel" }).click();
    expect(page.url()).toContain("/settings/user-access");
    await page.evaluate(() => window.history.back());
    await page
      .getByRole("dialog", { name: "You Have Unsaved Changes" })
      .getByRole("button", { name: "Yes, Continue" })
      .click();
    await page.waitForURL("**/inbox");
    await page.context().close();
  });

  it("an admin invites another workspace's admin, who accepts: they join under the name given, their own name unchanged", async () => {
    const acme = await api.signUp("owner@acme-invites.example");
    const rival = await api.signUp("owner@rival-invited.example");

    const adminPage = await pageSignedInAs({ browser, url: server.url, cookie: acme.cookie });
    await adminPage.goto(`${server.url}/settings/user-access`);
    await adminPage.getByRole("button", { name: "Add User" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("Full name").fill("Rita from Rival");
    await dialog.getByLabel("E-Mail address").fill("owner@rival-invited.example");
    await dialog.getByRole("button", { name: "Add User" }).click();
    // Listed as invited, under the name typed: nothing says whether the address has an account.
    const invitedRow = adminPage.getByRole("row", { name: /Rita from Rival/ });
    await expect.poll(() => invitedRow.innerText()).toContain("Invited");
    expect(await expectAccessibleAtBothWidths(adminPage)).toEqual([]);
    expect((await server.smtp.latestTo("owner@rival-invited.example")).subject).toBe(
      "Owner invited you to join Acme Invites on Harbor",
    );

    // The invitee finds it in their own workspace's switcher.
    const page = await pageSignedInAs({ browser, url: server.url, cookie: rival.cookie });
    await page.goto(`${server.url}/inbox`);
    await page.getByRole("button", { name: /^Workspace: Rival Invited.*1 invitation waiting/ }).click();
    await page.getByRole("menuitem", { name: "Invitations (1)" }).click();
    await page.waitForURL("**/invitations");
    await expect.poll(() => page.getByText("Owner invited you as an agent.").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await acceptAndOpen(page, "Acme Invites");
    await expect.poll(() => page.getByRole("button", { name: /^Workspace: Acme Invites/ }).isVisible()).toBe(true);

    // Acme's team now has them as a member, by Acme's name for them.
    await adminPage.reload();
    const memberRow = adminPage.getByRole("row", { name: /Rita from Rival/ });
    await expect.poll(() => memberRow.isVisible()).toBe(true);
    expect(await memberRow.innerText()).not.toContain("Invited");
    // Their own name is still their own.
    const me = await api.call<{ user: { name: string; companies: { name: string }[] } }>("GET", "/user/", {
      cookie: rival.cookie,
    });
    expect(me.body.data.user.name).toBe("Owner");
    expect(me.body.data.user.companies.map((company) => company.name)).toEqual(["Acme Invites", "Rival Invited"]);
    await adminPage.context().close();
    await page.context().close();
  });
});
