import type { DataModel } from "@harbor/contract/ai-agent";
import type { CustomReply, CustomReplyListItem } from "@harbor/contract/automation";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { expectAccessibleAtBothWidths, launchBrowser, pageSignedInAs } from "./support/browser";
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

const notice = (page: Page, text: string) => page.locator(".mantine-Notification-root", { hasText: text });
const panel = (page: Page) => page.getByRole("region", { name: /^Node \d/ });

/** Picks a Mantine select's option by keyboard: focus, type to filter, arrow to it, Enter. */
async function chooseByKeyboard(page: Page, label: RegExp, text: string) {
  const input = page.getByRole("textbox", { name: label });
  await input.focus();
  await input.pressSequentially(text);
  await page.getByRole("option", { name: text }).waitFor();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect.poll(() => input.inputValue()).toBe(text);
}

async function addAction(page: Page, type: string) {
  await panel(page).getByRole("combobox", { name: "Action type" }).selectOption({ label: type });
  await panel(page).getByRole("button", { name: "Add action" }).press("Enter");
}

describe("Custom reply editor journey", () => {
  it("an admin builds a 3-node reply with answer bubbles and a condition, links by keyboard, saves and finds it after a reload", async () => {
    const api = apiClient(server);
    const { cookie } = await api.signUp("owner@reply-editor-journey.example");
    // The data model the bubbles fill: set up through the API (it throws on an error envelope).
    const model = await api.call<DataModel>("POST", "/data-model/save", {
      cookie,
      body: { name: "Return", fields: [{ key: "reason", title: "Reason" }] },
    });

    const page = await pageSignedInAs({ browser, url: server.url, cookie });
    await page.goto(`${server.url}/automation/custom-replies`);
    await page.getByRole("button", { name: "Add Custom Reply" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Custom Reply" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Returns");
    await dialog.getByRole("textbox", { name: "Name" }).press("Enter");
    await page.waitForURL("**/automation/custom-replies/*");
    await page.getByText("This reply has no nodes yet.").waitFor();
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Node 1 asks why, with two bubbles saved to the Return model's reason.
    await page.getByRole("button", { name: "Add node" }).click();
    await addAction(page, "Answer bubbles");
    await panel(page).getByRole("textbox", { name: "Question" }).fill("Why are you returning it?");
    await panel(page).getByRole("textbox", { name: "Bubble 1 text" }).fill("Too small");
    await panel(page).getByRole("textbox", { name: "Bubble 1 value" }).fill("small");
    await panel(page).getByRole("button", { name: "Add bubble" }).press("Enter");
    await panel(page).getByRole("textbox", { name: "Bubble 2 text" }).fill("Broken");
    await panel(page).getByRole("textbox", { name: "Bubble 2 value" }).fill("broken");
    await chooseByKeyboard(page, /^Save the answer to/, "Return › Reason");
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Nodes 2 and 3 answer; until linked, the problems list names them as unreachable.
    for (const text of ["Sorry it did not fit: here is a return label.", "Sorry it broke: we will send a new one."]) {
      await page.getByRole("button", { name: "Add node" }).click();
      await addAction(page, "Message");
      await panel(page).getByRole("textbox", { name: "Message" }).fill(text);
    }
    const unreachable = page.getByRole("button", { name: /Node 3: no branch leads to it/ });
    await unreachable.waitFor();

    // Linking without a mouse: Node 1 goes on to Node 2 (its Else branch) ...
    const nodeToEdit = page.getByRole("combobox", { name: "Node to edit" });
    await nodeToEdit.focus();
    await nodeToEdit.selectOption({ label: "Node 1" });
    const goesTo = panel(page).getByRole("combobox", { name: /^Goes on to/ });
    await goesTo.focus();
    await goesTo.selectOption({ label: "Node 2" });
    await panel(page).getByRole("button", { name: "Link" }).press("Enter");
    // ... and a branch where the reason is "broken" goes on to Node 3.
    await panel(page).getByRole("button", { name: "Edit 2. Condition" }).press("Enter");
    await panel(page).getByRole("button", { name: "Add branch" }).press("Enter");
    const second = panel(page).getByRole("group", { name: "Branch 2" });
    await chooseByKeyboard(page, /^Field 1/, "Reason (reason)");
    await second.getByRole("textbox", { name: "Value 1" }).fill("broken");
    const next = second.getByRole("combobox", { name: /^Next node/ });
    await next.focus();
    await next.selectOption({ label: "Node 3" });
    await expect.poll(() => unreachable.count()).toBe(0);
    expect(await page.getByText(/problems?$/).count()).toBe(0);
    expect(await page.locator(".react-flow__node").count()).toBe(3);
    expect(await page.locator(".react-flow__edge").count()).toBe(2);
    expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

    // Fit to view and zoom are the chart's controls.
    await page.getByRole("button", { name: /fit view/i }).click();
    await page.getByRole("button", { name: /zoom in/i }).click();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => notice(page, "Custom reply saved").isVisible()).toBe(true);
    await page.reload();
    await page.locator(".react-flow__node").nth(2).waitFor();
    // React Flow draws the edges only once it has measured the nodes, a frame or more later.
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(2);
    await page.getByRole("combobox", { name: "Node to edit" }).selectOption({ label: "Node 1" });
    expect(await panel(page).getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining("Answer bubbles"),
      expect.stringContaining("Condition"),
    ]);

    // What the server keeps is the graph as built.
    const list = await api.call<CustomReplyListItem[]>("GET", "/custom-reply/all", { cookie });
    expect(list.body.data).toEqual([expect.objectContaining({ name: "Returns", nodeCount: 3 })]);
    const stored = await api.call<CustomReply>("POST", "/custom-reply/get", {
      cookie,
      body: { customReplyID: list.body.data[0]?._id },
    });
    const [first, secondNode, third] = stored.body.data.nodes;
    expect(first?.actions).toMatchObject([
      {
        actionType: "answer_bubbles",
        answerBubbles: {
          content: "Why are you returning it?",
          bubbles: [
            { message: "Too small", value: "small" },
            { message: "Broken", value: "broken" },
          ],
        },
        dataModel: { dataModelID: model.body.data._id, fields: [{ key: "reason" }] },
      },
      {
        actionType: "condition",
        branches: [
          { conditions: [], nextNode: { nodeID: secondNode?._id } },
          {
            conditions: [{ parameter: { key: "reason" }, operator: "equals", compareValue: { value: "broken" } }],
            nextNode: { nodeID: third?._id },
          },
        ],
      },
    ]);
    expect(third?.actions).toMatchObject([{ message: { content: "Sorry it broke: we will send a new one." } }]);

    // Unsaved changes hold the way back until the admin chooses to leave.
    await panel(page).getByRole("button", { name: "Remove 2. Condition" }).click();
    await page.locator("[aria-label=Breadcrumb]").getByRole("link", { name: "Custom Replies" }).click();
    await page.getByRole("dialog").waitFor();
    expect(page.url()).toContain("/automation/custom-replies/");
    await page.context().close();
  });
});
