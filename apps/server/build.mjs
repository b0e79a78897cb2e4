// Bundles the server into dist/main.js; npm packages stay external (PGlite loads its WASM from
// its own folder), while the workspace contract package, which ships TypeScript, is bundled in.
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });
const result = await build({
  entryPoints: ["src/main.ts"],
  outdir: "dist",
  bundle: true,
  // main.js loads the app lazily so the database can open meanwhile; keep that a separate chunk.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  metafile: true,
  plugins: [
    {
      name: "external-npm-packages",
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@harbor/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// main.js finds them at ./db/migrations, the same place relative to it as src/db/migrations is to src/main.ts.
await cp("src/db/migrations", "dist/db/migrations", { recursive: true });
// The embedded database's thread: plain JavaScript, loaded by path (db/client.ts, main.ts).
await cp("src/db/pglite-worker.mjs", "dist/db/pglite-worker.mjs");
// The shop lexicon is read at run time beside the module that reads it (lexicon-groups.ts, decision
// 078): beside whichever output holds that module.
const lexiconReader = "src/ai/lexicon/lexicon-groups.ts";
const holder = Object.entries(result.metafile.outputs).find(([, output]) => lexiconReader in output.inputs);
if (!holder) throw new Error(`${lexiconReader} is in no output of the bundle`);
await cp("src/ai/lexicon/shop-lexicon.json", path.join(path.dirname(holder[0]), "shop-lexicon.json"));
