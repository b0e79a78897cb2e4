import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CustomReply, QuestionCategory } from "@harbor/contract/automation";
import type { WidgetSettings } from "@harbor/contract/widget";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { DESKTOP, expectAccessibleAtBothWidths, launchBrowser } from "./support/browser";
import { type HarborServer, startHarborServer } from "./support/harbor-server";

/*
 * Issue #16's runtime journey in Chromium: an admin builds a three-node custom reply (answer
 * bubbles, then a condition on the answer) through the API, attaches it to an intent, and a
 * visitor on a shop page asks a question of that intent and walks each branch by the bubbles.
 */

let server: HarborServer;
let browser: Browser;
let shop: Server;
let shopUrl: string;

beforeAll(async () => {
  server = await startHarborServer();
  browser = await launchBrowser();
  shop = createServer((request, response) => {
    const widgetID = new URL(request.url ?? "/", "http://shop").searchParams.get("widget") ?? "";
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Umbrella shop</title>
      <script src="${server.url}/widget/loader.js" data-widget-id="${widgetID}" async></script></head>
      <body><main><h1>Umbrella shop</h1><p>Umbrellas for one or two.</p></main></body></html>`);
  });
  shopUrl = await new Promise((resolve) =>
    shop.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)),
  );
});

afterEach(({ task }) => {
  if (task.result?.state === "fail") console.error(`Harbor's log:\n${server?.output() ?? ""}`);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => shop?.close(resolve));
  if (server) expect(await server.stop()).toBe(0);
});

async function openChat(page: Page): Promise<FrameLocator> {
  await page.getByRole("button", { name: "Open chat" }).click();
  const frame = page.frameLocator("iframe");
  await expect.poll(() => frame.getByRole("textbox").first().isVisible(), { timeout: 30_000 }).toBe(true);
  return frame;
}

describe("a custom reply attached to an intent", () => {
  it("runs for a question of that intent: the visitor's bubble choice takes each branch", async () => {
    const api = apiClient(server);
    const owner = await api.signUp("owner@umbrella-shop.example");
    const reply = await api.call<CustomReply>("POST", "/custom-reply/save", {
      cookie: owner.cookie,
      body: {
        name: "Umbrella size",
        nodes: [
          {
            _id: "ask",
            actions: [
              { _id: "intro", actionType: "message_content", message: { content: "Let us find your umbrella." } },
              {
                _id: "size",
                actionType: "answer_bubbles",
                answerBubbles: {
                  content: "For how many people?",
                  bubbles: [
                    { message: "Two people", value: "two" },
                    { message: "Just me", value: "one" },
                  ],
                },
                dataModel: { fields: [{ key: "people", required: true }] },
              },
              {
                _id: "route",
                actionType: "condition",
                branches: [
                  {
                    conditions: [{ parameter: { key: "people" }, operator: "equals", compareValue: { value: "two" } }],
                    nextNode: { nodeID: "big" },
                  },
                  { conditions: [], nextNode: { nodeID: "small" } },
                ],
              },
            ],
          },
          {
            _id: "big",
            actions: [{ _id: "b", actionType: "message_content", message: { content: "Take the golf umbrella." } }],
          },
          {
            _id: "small",
            actions: [{ _id: "s", actionType: "message_content", message: { content: "Take the pocket umbrella." } }],
          },
        ],
      },
    });
    const category = await api.call<QuestionCategory>("POST", "/question-category/add", {
      cookie: owner.cookie,
      body: { title: "Umbrellas", description: "umbrella canopy sizes", customReplyID: null },
    });
    await api.call("POST", "/question-category/intent/add", {
      cookie: owner.cookie,
      body: {
        questionCategoryID: category.body.data._id,
        intent: { title: "choose umbrella size", customReplyID: reply.body.data._id },
      },
    });
    const settings = await api.call<WidgetSettings & { widgetID: string }>("GET", "/widget-settings/", {
      cookie: owner.cookie,
    });
    const widgetID = settings.body.data.widgetID;

    for (const [choice, answer] of [
      ["Two people", "Take the golf umbrella."],
      ["Just me", "Take the pocket umbrella."],
    ] as const) {
      // Each branch by a new visitor.
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(`${shopUrl}/?widget=${widgetID}`);
      const frame = await openChat(page);
      const box = frame.getByRole("textbox").first();
      await box.fill("Which umbrella size should I choose?");
      await box.press("Enter");

      const bubble = frame.getByRole("button", { name: choice });
      await expect.poll(() => bubble.isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await frame.getByText("Let us find your umbrella.").isVisible()).toBe(true);
      expect(await frame.getByText("For how many people?").isVisible()).toBe(true);
      expect(await expectAccessibleAtBothWidths(page)).toEqual([]);

      // By keyboard: focus the bubble and press Enter.
      await bubble.focus();
      await bubble.press("Enter");
      await expect.poll(() => frame.getByText(answer).isVisible(), { timeout: 30_000 }).toBe(true);
      // The choice shows as the visitor's message, and the bubbles no longer take a click.
      expect(await frame.locator(".msg.me").getByText(choice).isVisible()).toBe(true);
      expect(await frame.locator(".choices button").first().isDisabled()).toBe(true);
      expect(await expectAccessibleAtBothWidths(page)).toEqual([]);
      await context.close();
    }
  });
});
