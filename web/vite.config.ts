import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Scripts run Vite from the repo root with --config web/vite.config.ts; anchoring the root
// here keeps `web/` self-contained whatever the working directory.
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
});
