import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Scripts run Vite from the repo root with --config web/vite.config.ts; anchoring the root
// here keeps `web/` self-contained whatever the working directory. (`.href`: vitest.config.ts
// imports this file, and under the worker's types its URL is not Node's.)
const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url).href);
const root = at(".");

/** The import aliases of web/tsconfig.json's `paths`; vitest.config.ts's web project uses them too. */
export const WEB_ALIASES = {
  "@": at("src"),
  "@worker": at("../worker"),
  "@common": at("../common"),
};

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: WEB_ALIASES },
  build: { outDir: "dist", emptyOutDir: true },
});
