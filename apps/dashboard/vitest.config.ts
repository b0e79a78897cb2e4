import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Self-contained so the root vitest config can list it as the "dashboard" project.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: "dashboard",
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.tsx"],
    // Pages through happy-dom on a busy machine (two workers on two cores): 5 s was seen to run out
    // under load. A hang guard, not a timing assertion.
    testTimeout: 20_000,
  },
});
