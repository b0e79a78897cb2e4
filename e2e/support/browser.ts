import { type Browser, chromium, type Page } from "playwright-core";
import { analyzeAccessibility } from "./axe";

/**
 * Debian's Chromium (STACK.md): no browser download; background networking off on this closed
 * network. `extraArgs` for a journey that needs more (one browser process per site off, so a
 * throttled network reaches a framed page on another site too).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      ...extraArgs,
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/**
 * Waits for the page's finite animations and transitions to end: axe measures colour contrast on
 * what is painted, and a dialog still fading in (Mantine's modal transition) reads as low contrast.
 * Endless ones (loaders) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  // A string, so the benches' compilation (no DOM types) can include this file.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ).then(() => undefined)`);
}

/** axe-core on the current page: the serious and critical violations, described for a failure message. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await analyzeAccessibility(page);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
}

/** Checks the page at desktop and phone widths, then restores the desktop size. */
export async function expectAccessibleAtBothWidths(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    for (const violation of await seriousA11yViolations(page)) problems.push(`${size.width}px ${violation}`);
  }
  await page.setViewportSize(DESKTOP);
  return problems;
}

/** A desktop-sized page whose context carries a session cookie made through the API. */
export async function pageSignedInAs(options: { browser: Browser; url: string; cookie: string }): Promise<Page> {
  const context = await options.browser.newContext({ viewport: DESKTOP });
  const [name, value] = options.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: options.url }]);
  return context.newPage();
}
