import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { printTable } from "./table";

/*
 * Reads the .cpuprofile files a profiled run left (`BENCH_SERVER_ARGS="--cpu-prof
 * --cpu-prof-dir=prof" npm run bench -- visitors`; Node writes one per thread, so PGlite's database
 * thread has its own) and prints, per file, where the busy time went: by area (the server's own
 * folders, each package, WebAssembly, garbage collection), then the top functions by self time and
 * by inclusive time. Idle time is left out, so shares are of the thread's busy time.
 *
 *   npx tsx bench/profile-summary.ts prof [--after-s=N] [--top=N]
 *
 * `--after-s` leaves out each profile's first N seconds (start-up: migrations, seeding).
 */

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const found = args.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
};
const AFTER_US = option("after-s", 0) * 1e6;
const TOP = option("top", 25);
const target = args.find((arg) => !arg.startsWith("--")) ?? "prof";

const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((name) => name.endsWith(".cpuprofile"))
      .map((name) => path.join(target, name))
  : [target];

/** What part of the program a frame is: a package, a folder of the server, the engine's own. */
function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith("(")) return functionName;
    return "(native)";
  }
  if (url.startsWith("wasm://")) return "WebAssembly";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return url;
  const source = url.match(/(apps\/\w+\/src\/(?:modules\/)?[\w-]+|packages\/\w+|bench)/);
  return source ? source[1]! : url.replace(/^file:\/\//, "");
}

const label = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${frame.url ? `${frame.url.replace(/^.*\/(node_modules|src)\//, "")}:${frame.lineNumber + 1}` : ""}`.trim();

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const msOf = (us: number) => `${(us / 1000).toFixed(0)} ms`;

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let elapsed = 0;
  for (const [index, nodeId] of profile.samples.entries()) {
    const delta = profile.timeDeltas[index] ?? 0;
    elapsed += delta;
    if (elapsed < AFTER_US) continue;
    const node = byId.get(nodeId)!;
    if (node.callFrame.functionName === "(idle)") continue;
    busy += delta;
    const own = label(node.callFrame);
    self.set(own, (self.get(own) ?? 0) + delta);
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + delta);
    // Each function once per sample, however deep it recurs.
    const seen = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parent.get(id)) {
      const name = label(byId.get(id)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  }
  const top = (counts: Map<string, number>, count: number) =>
    [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`\n${path.basename(file)}: busy ${msOf(busy)} of ${msOf(elapsed - AFTER_US)} sampled`);
  printTable("busy time by area (self)", [
    ["area", "time", "share"],
    ...top(areas, 20).map(([name, us]) => [name, msOf(us), pct(us, busy)]),
  ]);
  printTable("top functions, self time", [
    ["function", "time", "share"],
    ...top(self, TOP).map(([name, us]) => [name, msOf(us), pct(us, busy)]),
  ]);
  printTable("top functions, inclusive time", [
    ["function", "time", "share"],
    ...top(inclusive, TOP).map(([name, us]) => [name, msOf(us), pct(us, busy)]),
  ]);
}
