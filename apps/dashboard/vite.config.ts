import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      // The live inbox's websocket (/staff) goes to the server too.
      "/socket.io": { target: "http://localhost:3000", ws: true },
    },
  },
});
