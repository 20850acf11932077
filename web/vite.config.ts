import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { wordsByScreen, wordsVersion } from "./words-by-screen.ts";

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

/**
 * Lingui's macros (`t`, `plural`, `msg`) compiled away by Babel, and each language's PO
 * catalogue compiled on import; vitest.config.ts's web project uses the same plugins.
 */
export const WEB_PLUGINS = () => [
  react(),
  babel({
    include: /\/web\/src\/.*\.tsx?$/,
    plugins: ["@lingui/babel-plugin-lingui-macro"],
  }),
  lingui(),
];

const WORDS_VERSION = wordsVersion(at("src"));

export default defineConfig({
  root,
  plugins: [...WEB_PLUGINS(), wordsByScreen({ webSrc: at("src"), version: WORDS_VERSION })],
  resolve: { alias: WEB_ALIASES },
  define: { __WORDS_VERSION__: JSON.stringify(WORDS_VERSION) },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The first bundle lists every chunk by file name (Vite's preload map, ~75 names): hashes
    // alone, short, keep that list 0.6 KB smaller gzipped than "HomeScreen-D9pz2Apm.js" names.
    // The preload polyfill is for browsers without <link rel="modulepreload"> (Safari before 17):
    // there a chunk's imports load after it rather than beside it; 0.4 KB of everyone's first screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { chunkFileNames: "assets/[hash:7].js", assetFileNames: "assets/[hash:7][extname]" },
    },
  },
});
