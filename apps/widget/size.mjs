// The widget's downloads, gzip-compressed, against its budgets (issue #5): the loader at most
// 2 kB; the frame's first load (the JS and CSS frame.html names) at most 90 kB. Chunks loaded
// later are listed too: the realtime client when the visitor starts to talk, Dutch or Hebrew for
// who reads them, forms, ticket screens and order cards when one is shown.
// Run after `npm run build -w @harbor/widget`; exits 1 when a budget is exceeded.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const dist = new URL("./dist/", import.meta.url);
const gzipBytes = (file) => gzipSync(readFileSync(new URL(file, dist))).length;
const html = readFileSync(new URL("frame.html", dist), "utf8");
const firstLoad = [...html.matchAll(/(?:src|href)="\/widget\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
const later = readdirSync(new URL("assets/", dist))
  .map((file) => `assets/${file}`)
  .filter((file) => !firstLoad.includes(file));

const rows = [];
const loader = gzipBytes("loader.js");
rows.push(["loader.js", loader, "≤ 2000"]);
rows.push(["welcome.js (once per visitor)", gzipBytes("welcome.js"), ""]);
rows.push(["handoff.js (at a handoff to Tawk or Zendesk Classic)", gzipBytes("handoff.js"), ""]);
let total = 0;
for (const file of firstLoad) {
  const bytes = gzipBytes(file);
  total += bytes;
  rows.push([`first load: ${file}`, bytes, ""]);
}
rows.push(["first load total (JS + CSS)", total, "≤ 90000"]);
for (const file of later) rows.push([`later: ${file}`, gzipBytes(file), ""]);

const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, bytes, budget] of rows)
  console.log(`${name.padEnd(width)}  ${String(bytes).padStart(7)} B  ${budget}`);
if (loader > 2000 || total > 90000) {
  console.error("Over budget.");
  process.exit(1);
}
