// Bundles the server into dist/main.js; npm packages stay external (PGlite loads its WASM from
// its own folder), while the workspace contract package, which ships TypeScript, is bundled in.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });
await build({
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
