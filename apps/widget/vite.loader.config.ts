import { defineConfig } from "vite";

/**
 * /widget/loader.js: one small classic script (IIFE) the shop's page loads with `async`, built into
 * the same dist as the app (so the app's build must run first; this one keeps its files).
 */
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    target: "es2020",
    lib: {
      entry: "src/loader/loader.ts",
      formats: ["iife"],
      name: "HarborLoader",
      fileName: () => "loader.js",
    },
  },
});
