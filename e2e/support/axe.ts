import axe from "axe-core";
import type { Browser, Frame, Page } from "playwright-core";

/**
 * axe-core over a page and all its frames, cross-origin ones included (the widget's iframe on the
 * shop's page), the way `@axe-core/playwright` does it: `axe.runPartial` in every frame, then
 * `axe.finishRun` over the partial results in a page that belongs to no site.
 *
 * Why not that package (4.13): for every call, its `analyze()` loaded axe's 600 kB source into the
 * page again, opened a blank page in the tested page's context and loaded it there too, and moved
 * the results between Node and Chromium as objects, which Playwright copies value by value. Side
 * by side on a long page with a framed widget (load average 16), that took 12–22 s a call against
 * 4–6 s here; about 260 calls are made by the journeys. Here the page that joins the results is
 * made once per browser, in a context of its own (so no journey sees an extra page or popup), axe
 * is injected into a frame only when the frame does not hold it yet, and results cross as JSON text.
 *
 * The file is compiled by the benches too, which have no DOM types: in-page callbacks reach axe
 * through `globalThis`.
 */

/** How an in-page callback names axe. The callbacks are sent as source, so they cannot share a helper. */
type InPage = { axe: typeof axe };

/** Same as the package: axe may only talk to frames of its own origin; runPartial needs no more. */
const CONFIGURE = `axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })`;

/** The whole document: the package's context when nothing is included or excluded. */
const WHOLE_PAGE = { exclude: [], include: [] } as unknown as axe.ElementContext;

async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(`typeof window.axe?.runPartial === "function"`);
  if (present) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(CONFIGURE);
}

/**
 * A frame that never answers (one left loading) would keep the check waiting, so a frame's
 * injection has a time limit, after which the frame counts as unreachable. The package allows one
 * second, and under load injecting axe's source alone took longer: it then skipped the widget's
 * frame without a word (seen in a side-by-side run), so a violation there went unreported.
 */
function withinTenSeconds<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("axe: the frame did not answer within ten seconds")), 10_000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The partial results of a frame and, depth first, of the frames inside it, in the order
 * `finishRun` expects. As in the package: a frame that cannot be reached or whose run fails stands
 * as one `null` (its own frames with it); only a failure of the top frame is thrown.
 */
async function framePartials(frame: Frame, context: axe.ElementContext, top: boolean): Promise<axe.PartialResults> {
  try {
    await (top ? ensureAxe(frame) : withinTenSeconds(ensureAxe(frame)));
    // Axe's types are too deep for Playwright's serialisation types: they cross as `unknown`.
    const frameContexts = (await frame.evaluate(
      (ctx) => (globalThis as unknown as InPage).axe.utils.getFrameContexts(ctx as axe.ElementContext) as unknown,
      context as unknown,
    )) as axe.FrameContext[];
    // Results cross as JSON text: Playwright copies a string at once but walks an object value by
    // value, which took seconds for the partial results of a long page.
    const own = JSON.parse(
      await frame.evaluate(
        async (ctx) =>
          JSON.stringify(await (globalThis as unknown as InPage).axe.runPartial(ctx as axe.ElementContext, {})),
        context as unknown,
      ),
    ) as axe.PartialResult;
    const children: axe.PartialResults = [];
    for (const { frameSelector, frameContext } of frameContexts) {
      children.push(...(await childPartials(frame, frameSelector, frameContext)));
    }
    return [own, ...children];
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

/** A frame inside `frame`, found by axe's selector; unreachable (detached, gone) it stands as one `null`. */
async function childPartials(
  frame: Frame,
  frameSelector: axe.CrossTreeSelector,
  frameContext: axe.FrameContextObject,
): Promise<axe.PartialResults> {
  const handle = await frame
    .evaluateHandle((selector) => (globalThis as unknown as InPage).axe.utils.shadowSelect(selector), frameSelector)
    .catch(() => null);
  try {
    const child = await handle?.asElement()?.contentFrame();
    return child ? await framePartials(child, frameContext, false) : [null];
  } catch {
    return [null];
  } finally {
    await handle?.dispose().catch(() => undefined);
  }
}

/** One page per browser, in a context of its own, holding axe, where the partial results are joined. */
const finishingPages = new WeakMap<Browser, Promise<Page>>();

function finishingPage(browser: Browser): Promise<Page> {
  let page = finishingPages.get(browser);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext();
      const blank = await context.newPage();
      await blank.evaluate(axe.source);
      await blank.evaluate(CONFIGURE);
      return blank;
    })();
    finishingPages.set(browser, page);
  }
  return page;
}

/** axe-core's results for the page as it is now, every frame included. */
export async function analyzeAccessibility(page: Page): Promise<axe.AxeResults> {
  const browser = page.context().browser();
  if (!browser) throw new Error("analyzeAccessibility needs a page of a launched browser, not a persistent context");
  const partials = await framePartials(page.mainFrame(), WHOLE_PAGE, true);
  const finisher = await finishingPage(browser);
  const results = await finisher.evaluate(
    async (json) => JSON.stringify(await (globalThis as unknown as InPage).axe.finishRun(JSON.parse(json), {})),
    JSON.stringify(partials),
  );
  return JSON.parse(results) as axe.AxeResults;
}
