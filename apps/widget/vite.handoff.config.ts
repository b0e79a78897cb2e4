import { defineConfig } from "vite";

/**
 * /widget/handoff.js: opens the shop's own chat app (Tawk, Zendesk Classic) at handoff, a classic script (IIFE) the loader
 * adds once, on its frame's ask (decision 067). Built into the same dist after the others (keeps their files).
 */
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    target: "es2020",
    lib: {
      entry: "src/loader/handoff.ts",
      formats: ["iife"],
      name: "HarborHandoff",
      fileName: () => "handoff.js",
    },
  },
});
