import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { printTable } from "./table";

const dist = path.resolve(import.meta.dirname, "../apps/widget/dist");
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function gzipped(file: string) {
  return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
}

/**
 * What a shop page pays for the widget (gzip, as served): the loader on every page view, and the
 * iframe's first load — the scripts and styles frame.html names (lazy chunks, e.g. another
 * language's catalogue, load only when needed and are listed apart).
 */
export async function benchWidgetSize() {
  if (!existsSync(path.join(dist, "frame.html")))
    throw new Error("Build the widget first: npm run build -w @harbor/widget");
  const html = await readFile(path.join(dist, "frame.html"), "utf8");
  const firstLoad = [...html.matchAll(/(?:src|href)="\/widget\/([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] as string,
  );
  const firstLoadBytes = (await Promise.all(firstLoad.map(gzipped))).reduce((sum, n) => sum + n, 0);
  const loaderBytes = await gzipped("loader.js");
  const { readdir } = await import("node:fs/promises");
  const lazy = (await readdir(path.join(dist, "assets")))
    .map((name) => `assets/${name}`)
    .filter((file) => !firstLoad.includes(file));
  const lazyRows = await Promise.all(
    lazy.map(async (file) => [`lazy: ${path.basename(file)}`, kB(await gzipped(file)), "—"]),
  );
  // What an English visitor's first question loads: the home screen, then the realtime client
  // (fetched when the chat starts). The other lazy chunks come only with what they show: another
  // language's catalogue, a form, the ticket screens, an order card, the end of a chat.
  const realtime = lazy.filter((file) => /\/visitor-socket-[^/]+\.js$/.test(file));
  const realtimeBytes = (await Promise.all(realtime.map(gzipped))).reduce((sum, n) => sum + n, 0);
  printTable("Widget size (gzip -9)", [
    ["file", "size", "aim"],
    ["loader.js (every page view)", kB(loaderBytes), "≤ 2 kB"],
    ["welcome.js (once per visitor, when the welcome message is on)", kB(await gzipped("welcome.js")), "—"],
    ["handoff.js (at a handoff to Tawk or Zendesk Classic)", kB(await gzipped("handoff.js")), "—"],
    [`home screen (${firstLoad.length} files: JS + CSS)`, kB(firstLoadBytes), "—"],
    ["first question (home screen + realtime client)", kB(firstLoadBytes + realtimeBytes), "≤ 90 kB"],
    ...lazyRows,
  ]);
}
