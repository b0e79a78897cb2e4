import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A shop's page with Harbor's loader on it, for journeys that talk to the widget as a visitor:
 * `/?widget=ID` embeds that widget.
 */
export async function startShopPage(harborUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const shop: Server = createServer((request, response) => {
    const widgetID = new URL(request.url ?? "/", "http://shop").searchParams.get("widget") ?? "";
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Outdoor shop</title>
      <script src="${harborUrl}/widget/loader.js" data-widget-id="${widgetID}" async></script></head>
      <body><main><h1>Outdoor shop</h1><p>Jackets, boots and tents.</p></main></body></html>`);
  });
  const url = await new Promise<string>((resolve) =>
    shop.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)),
  );
  return { url, close: () => new Promise((resolve) => shop.close(() => resolve())) };
}
