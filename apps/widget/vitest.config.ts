import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Self-contained so the root vitest config can list it as the "widget" project.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: "widget",
    environment: "happy-dom",
    environmentOptions: {
      happyDOM: { settings: { disableIframePageLoading: true, disableJavaScriptFileLoading: true } },
    },
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    // Journeys through the app on a busy machine (two cores shared with servers and browsers).
    testTimeout: 20_000,
  },
});
