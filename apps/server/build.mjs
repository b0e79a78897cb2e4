// Bundles the server into dist/main.js; npm packages stay external (PGlite loads its WASM from
// its own folder), while the workspace contract package, which ships TypeScript, is bundled in.
import { cp, readFile, rm } from "node:fs/promises";
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
await cp("src/db/migrations", "dist/migrations", { recursive: true });

// db/client.ts finds the migrations beside the file its code lands in (import.meta.url). It is
// imported statically by main.ts, so it must stay in main.js, next to dist/migrations.
if (!(await readFile("dist/main.js", "utf8")).includes('"./migrations"')) {
  throw new Error("db/client.ts moved out of dist/main.js: dist/migrations would not be found");
}
