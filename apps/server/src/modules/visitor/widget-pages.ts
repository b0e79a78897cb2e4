import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { SHOPIFY_LOADER_PATH } from "../widget-settings/widget-settings.module";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/**
 * Serves the built widget at /widget/ (loader.js, frame.html and its assets) and the sample shop
 * page /widget/demo. Shop pages on any origin load the loader and frame the widget, so these
 * paths may be embedded anywhere and read cross-origin; the dashboard keeps helmet's strict
 * defaults.
 */
/**
 * The sample page is a shop page, so the shop's own chat app must be able to open on it when the
 * agent handoff goes there (decision 067): the origins Tawk and Zendesk's Web Widget (Classic)
 * document for a page with a CSP, per directive, and nothing else. Helmet's defaults stay for the
 * rest; frame-src and connect-src, absent there (so falling back to default-src 'self'), start from
 * 'self'. img-src and font-src already allow any https: address.
 */
export const HANDOFF_APP_SOURCES: Record<string, readonly string[]> = {
  // Tawk: its embed script and what it loads (chat frame, styles, fonts, real-time socket).
  // Zendesk Classic: the snippet (static.zdassets.com), the widget's assets (ekr.zdassets.com),
  // the account's API and chat (Zopim) hosts.
  "script-src": [
    "https://embed.tawk.to",
    "https://*.tawk.to",
    "https://cdn.jsdelivr.net",
    "https://static.zdassets.com",
    "https://ekr.zdassets.com",
    "https://*.zendesk.com",
    "https://*.zopim.com",
  ],
  "connect-src": [
    "https://*.tawk.to",
    "wss://*.tawk.to",
    "https://static.zdassets.com",
    "https://ekr.zdassets.com",
    "https://*.zendesk.com",
    "wss://*.zendesk.com",
    "https://*.zopim.com",
    "wss://*.zopim.com",
  ],
  "frame-src": ["https://*.tawk.to", "https://*.zendesk.com"],
  "style-src": ["https://*.tawk.to", "https://fonts.googleapis.com", "https://static.zdassets.com"],
};

/** Helmet's policy with the handoff apps' origins added to their directives. */
export function withHandoffApps(csp: string): string {
  const directives = csp
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean);
  for (const [name, sources] of Object.entries(HANDOFF_APP_SOURCES)) {
    const index = directives.findIndex((directive) => directive.split(/\s+/)[0] === name);
    if (index === -1) directives.push([name, "'self'", ...sources].join(" "));
    else directives[index] = [directives[index], ...sources].join(" ");
  }
  return directives.join(";");
}

/** HARBOR_DEMO's shop: what a visitor on the sample page can try order tracking with. */
export type DemoOrderHint = { orderNumbers: string[]; email: string };

export async function registerWidgetPages(
  app: FastifyInstance,
  options: { widgetDir: string | undefined; demoOrderHint?: DemoOrderHint | null },
) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/widget/")) return payload;
    reply.header("cross-origin-resource-policy", "cross-origin");
    reply.removeHeader("x-frame-options");
    const csp = reply.getHeader("content-security-policy");
    if (typeof csp === "string") {
      reply.header(
        "content-security-policy",
        csp
          .split(";")
          .filter((directive) => !directive.trim().startsWith("frame-ancestors"))
          .concat("frame-ancestors *")
          .join(";"),
      );
    }
    return payload;
  });

  app.get("/widget/demo", async (request, reply) => {
    const widgetId = (request.query as Record<string, unknown>).widgetID;
    const safeId = typeof widgetId === "string" && /^[a-z0-9]{1,64}$/.test(widgetId) ? widgetId : null;
    const csp = reply.getHeader("content-security-policy");
    if (typeof csp === "string") reply.header("content-security-policy", withHandoffApps(csp));
    return reply
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(demoPage(safeId, options.demoOrderHint ?? null));
  });

  // A Shopify script tag's address (Activation, vintage themes): a script tag carries no
  // data-widget-id, so this adds the loader with it, from the same origin as itself.
  app.get(SHOPIFY_LOADER_PATH, async (request, reply) => {
    const widgetId = (request.query as Record<string, unknown>).widgetID;
    const safeId = typeof widgetId === "string" && /^[a-z0-9]{1,64}$/.test(widgetId) ? widgetId : null;
    const body = safeId
      ? `(function(){var c=document.currentScript,s=document.createElement("script");s.src=new URL(c.src).origin+"/widget/loader.js";s.async=true;s.setAttribute("data-widget-id",${JSON.stringify(safeId)});document.head.appendChild(s)})();`
      : "/* Harbor: no widget id */";
    return reply.header("cache-control", "public, max-age=300").type("text/javascript; charset=utf-8").send(body);
  });

  const hasWidget = options.widgetDir !== undefined && existsSync(`${options.widgetDir}/frame.html`);
  if (!hasWidget || !options.widgetDir) return;
  await app.register(fastifyStatic, {
    root: options.widgetDir,
    prefix: "/widget/",
    decorateReply: false,
    wildcard: false,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; the loader and the frame page must follow new releases.
      const isHashed = /[\\/]assets[\\/]/.test(filePath);
      res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
    },
  });
}

/** A plain sample shop page with the Activation snippet, so a newcomer can talk to their AI. */
function demoPage(widgetId: string | null, hint: DemoOrderHint | null): string {
  const snippet = widgetId
    ? `<script src="/widget/loader.js" data-widget-id="${escapeHtml(widgetId)}" async></script>`
    : "";
  const body = widgetId
    ? `<p>This is a sample shop page with your chat widget on it, exactly as the snippet on the
       <strong>Chat Widget → Activation</strong> page puts it on your shop. Open the chat with the button
       in the corner and ask a question your knowledge base answers.</p>${hint ? orderHint(hint) : ""}`
    : `<p>Open this page from <strong>Chat Widget → Activation → Try it on a sample page</strong> in the dashboard,
       or add your widget ID to the address: <code>/widget/demo?widgetID=…</code></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sample shop — Harbor chat widget</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
  header { background: #1d1d1f; color: #fff; padding: 16px 24px; font-weight: 600; }
  main { max-width: 720px; margin: 32px auto; padding: 0 24px; line-height: 1.6; }
  .products { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 16px; margin-top: 24px; }
  .product { background: #fff; border: 1px solid #e5e5ea; border-radius: 8px; padding: 16px; }
</style>
${snippet}
</head>
<body>
<header>Sample shop</header>
<main>
<h1>Welcome to the sample shop</h1>
${body}
<div class="products" aria-label="Products">
  <div class="product"><strong>Classic tee</strong><br>€ 25.00</div>
  <div class="product"><strong>Canvas tote</strong><br>€ 18.00</div>
  <div class="product"><strong>Gift card</strong><br>from € 10.00</div>
</div>
</main>
</body>
</html>`;
}

/** Order tracking with the demo shop: the orders there are and the e-mail they were placed with. */
function orderHint(hint: DemoOrderHint): string {
  const first = hint.orderNumbers[0] ?? "";
  return `
    <p id="demo-orders">Try order tracking with the demo shop: ask <q>Where is my order ${escapeHtml(first)}?</q> and
       give the e-mail address <code>${escapeHtml(hint.email)}</code>. Its orders are
       ${hint.orderNumbers.map((number) => `<code>${escapeHtml(number)}</code>`).join(", ")}.</p>`;
}
