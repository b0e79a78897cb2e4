import type { PlaygroundResponse } from "@harbor/contract/ai-agent";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser, PHONE, pageSignedInAs } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

let server: HarborServer;
let browser: Browser;

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

const QUESTION = "How long does standard delivery take?";

/** A wide PNG drawn by the browser itself (a photo a shop owner might pick). */
async function landscapePng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.fillStyle = "#2f6f4f";
      context.fillRect(0, 0, w, h);
      context.fillStyle = "#f4d35e";
      context.beginPath();
      context.arc(w / 2, h / 2, h / 3, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL("image/png");
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
}

describe("AI agent journeys", () => {
  it("an admin asks in the playground, changes the persona, and sees the answer change", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@trail-shop.example");
    // The demo articles are indexed in the background after sign-up.
    await expect
      .poll(
        async () =>
          (await api.call<PlaygroundResponse>("POST", "/ai-agent/playground", { cookie, body: { question: QUESTION } }))
            .body.data.outcome,
      )
      .toBe("answered");

    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/ai-agent`);
    await page.waitForURL("**/ai-agent/persona");
    const save = page.getByRole("button", { name: "Save Changes" });
    await expect.poll(() => page.getByRole("textbox", { name: /^Name/ }).inputValue()).toBe("Ava");
    expect(await save.isDisabled()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // The playground answers from the demo article, in the default friendly persona.
    const menu = page.getByRole("navigation", { name: /AI agent menu/i });
    await menu.getByRole("link", { name: "Playground" }).click();
    await page.waitForURL("**/ai-agent/playground");
    const question = page.getByRole("textbox", { name: /^Question/ });
    await question.fill(QUESTION);
    await question.press("Enter");
    const answer = page.getByTestId("answer");
    await expect.poll(() => answer.innerText()).toContain("1–3 working days");
    expect(await page.getByTestId("outcome").textContent()).toBe("Answered");
    expect(await page.getByTestId("passages").innerText()).toContain("Shipping and delivery");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    // Answers open with the facts; a hello is what the persona answers in its own name.
    await question.fill("Hello!");
    await question.press("Enter");
    await expect.poll(() => answer.innerText()).toContain("I'm Ava");

    // A formal persona with another name and a new picture, cropped square in the browser:
    // saved once, then Save is disabled again.
    await menu.getByRole("link", { name: "Persona" }).click();
    await page.waitForURL("**/ai-agent/persona");
    await page.getByRole("textbox", { name: /^Name/ }).fill("Noa");
    await page.getByRole("combobox", { name: /^Response tone/ }).selectOption({ label: "Formal" });
    await page.locator('input[type="file"]').setInputFiles({
      name: "team-photo.png",
      mimeType: "image/png",
      buffer: await landscapePng(page, 1600, 1000),
    });
    const crop = page.getByRole("dialog", { name: "Crop picture" });
    await crop.getByRole("button", { name: "Use picture" }).click();
    await expect.poll(() => crop.isVisible()).toBe(false);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await expect.poll(() => page.getByText("Changes saved").first().isVisible()).toBe(true);
    await expect.poll(() => save.isDisabled()).toBe(true);
    const picture = page.getByRole("img", { name: "Profile picture of Noa" });
    await expect.poll(() => picture.getAttribute("src")).toMatch(/\/api\/files\/[0-9a-f-]{36}$/);
    const size = await picture.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size[0]).toBe(size[1]);
    expect(size[0]).toBeLessThanOrEqual(800);
    const stored = await fetch(new URL(String(await picture.getAttribute("src")), server.url));
    expect(stored.headers.get("content-type")).toBe("image/jpeg");
    // On a host other than PUBLIC_URL (localhost) the picture still loads: its address is relative.
    const otherHost = server.url.replace("localhost", "127.0.0.1");
    const elsewhere = await pageSignedInAs({ browser, url: otherHost, cookie });
    await elsewhere.goto(page.url().replace("localhost", "127.0.0.1"));
    const pictureElsewhere = elsewhere.getByRole("img", { name: "Profile picture of Noa" });
    await expect
      .poll(() => pictureElsewhere.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await elsewhere.context().close();

    await menu.getByRole("link", { name: "Playground" }).click();
    await page.waitForURL("**/ai-agent/playground");
    // A hello is answered by the persona, under its new name.
    await question.fill("Hello!");
    await page.getByRole("button", { name: "Ask" }).click();
    await expect.poll(() => answer.innerText()).toContain("I'm Noa");
    expect(await answer.innerText()).not.toContain("Ava");
  });

  it("an admin adds an answer rule from the zero state and turns on the nudge message", async () => {
    const { cookie } = await apiClient(server).signUp("owner@rules-shop.example");
    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/ai-agent/answer-rules`);
    await expect.poll(() => page.getByText("Add answer rules").first().isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Rule" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Title/ }).fill("No delivery promises");
    await dialog.getByRole("textbox", { name: /^Description/ }).fill("Say 'usually' instead of promising a date.");
    // The journey's server answers with the built-in engine, which follows only rules that forbid
    // a quoted phrase: the form says so as the rule is written.
    await expect.poll(() => dialog.getByText("The built-in engine will ignore this rule").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save" }).click();
    const row = page.getByRole("row", { name: /No delivery promises/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain("Active");
    expect(await row.textContent()).toContain("Ignored by the built-in engine");
    await expect.poll(() => page.getByText("1 active rule is ignored by the built-in engine").isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    // On a phone the rule is a card as wide as the screen allows: nothing clipped or scrolled sideways.
    await page.setViewportSize(PHONE);
    const card = page.getByRole("list", { name: "Answer rules" }).getByRole("listitem");
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await page.getByRole("table").count()).toBe(0);
    expect(await card.textContent()).toContain("Say 'usually' instead of promising a date.");
    const cardBox = await card.boundingBox();
    expect(cardBox && cardBox.x >= 0 && cardBox.x + cardBox.width <= PHONE.width).toBe(true);
    await page.setViewportSize(DESKTOP);

    await page.goto(`${server.url}/ai-agent/workflows`);
    const nudge = page.getByRole("switch", { name: /nudge/i }).first();
    await expect.poll(() => nudge.isVisible()).toBe(true);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
    const save = page.getByRole("button", { name: "Save Changes" });
    expect(await save.isDisabled()).toBe(true);
    await nudge.check();
    await save.click();
    await expect.poll(() => page.getByText("Changes saved").first().isVisible()).toBe(true);
    const agent = await apiClient(server).call<{ workflows: { nudgeMessage: { isActive: boolean } } }>(
      "GET",
      "/ai-agent/",
      { cookie },
    );
    expect(agent.body.data.workflows.nudgeMessage.isActive).toBe(true);
  });
});
