import type { WidgetGetResponse } from "@harbor/contract/widget";
import type { HarborApi } from "@harbor/contract/widget-frame";
import { createWidgetHost, isWidgetShown, type WidgetHost } from "./widget-host";

/**
 * /widget/loader.js — the Activation page's snippet:
 *   <script src="https://…/widget/loader.js" data-widget-id="…" async></script>
 * No dependencies. The widget's origin is where this script came from. A shop may call
 * `window.Harbor` before the script has run by queueing: `window.Harbor = window.Harbor || { q: [] };
 * Harbor.q.push(["open"])`.
 */
type Call = [keyof HarborApi, ...unknown[]];
type HarborGlobal = Partial<HarborApi> & { q?: Call[] };

const script = document.currentScript as HTMLScriptElement | null;
const widgetID = script?.dataset.widgetId;
const global = window as unknown as { Harbor?: HarborGlobal };

// A second copy of the snippet on the same page keeps the first widget.
// (A widget id means there is a script.)
if (widgetID && !global.Harbor?.open) {
  const origin = new URL((script as HTMLScriptElement).src).origin;
  const waiting: Call[] = global.Harbor?.q ?? [];
  let host: WidgetHost | undefined;
  // Until the widget is drawn, calls wait in line (after any the shop queued before this script ran).
  const api =
    (method: keyof HarborApi) =>
    (...args: unknown[]) =>
      host ? (host[method] as (...values: unknown[]) => void)(...args) : waiting.push([method, ...args]);
  const harbor: HarborGlobal = {};
  for (const method of ["open", "close", "identify", "onReady"] as const) harbor[method] = api(method);
  global.Harbor = harbor;

  fetch(`${origin}/api/widget/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgetID }),
  })
    .then((response) => response.json())
    .then((body: { hasError: boolean; message: string; data: WidgetGetResponse }) => {
      // An unknown or switched-off widget draws nothing on the shop's page; nor one outside its hours.
      // The server's refusal ("This chat widget is switched off.") goes to the console below.
      if (body.hasError) throw body.message;
      if (!isWidgetShown(body.data.widget)) return;
      host = createWidgetHost(origin, body.data.widget);
      // A queued call of an unknown method is dropped.
      for (const [method, ...args] of waiting.splice(0))
        (harbor[method] as ((...values: unknown[]) => void) | undefined)?.(...args);
    })
    // Quietly: the shop's page must never break because its chat widget could not load.
    .catch(console.warn);
}
