import { defineConfig } from "vite";

/**
 * /widget/welcome.js: the welcome message beside the launcher, a classic script (IIFE) the loader
 * adds once per visitor. Built into the same dist after the app and the loader (this one keeps their files).
 */
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    target: "es2020",
    lib: {
      entry: "src/loader/welcome.ts",
      formats: ["iife"],
      name: "HarborWelcome",
      fileName: () => "welcome.js",
    },
  },
});
