import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The widget app, served by the server at /widget/frame.html (its hashed files under
 * /widget/assets/). The loader is a second build: vite.loader.config.ts.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: "/widget/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    // Browsers that run the widget's modules load them without the preload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { frame: `${import.meta.dirname}/frame.html` },
      treeshake: {
        // The contract's modules only declare schemas and constants, and zod's builders are pure:
        // importing `splitIntoBubbles` must not drag zod (~28 kB gzip) into the visitor's download.
        moduleSideEffects: (id) => !/[\\/](packages[\\/]contract|node_modules[\\/]zod)[\\/]/.test(id),
        manualPureFunctions: ["z"],
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/socket.io": { target: "ws://localhost:3000", ws: true },
    },
  },
});
