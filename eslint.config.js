// `npm run lint` (with `prettier --check`): typescript-eslint's recommended rules for the type
// mistakes tsc lets through (any, unused names), react-hooks' for the rules of hooks and the
// React Compiler's checks (stale deps, refs read in render, state set in effects), and the
// code's boundaries (below).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { workerBoundaries } from "./worker/eslint.boundaries.js";

// Boundaries. A screen (web/src/screens/<route>/) imports no other screen: what two screens
// share lives outside screens/ (ui/, events/, punter/, figures/, subscriptions/; navigation/
// for the state one screen hands the next), so a screen can be changed or removed alone. The
// worker's folders import downward only: worker/eslint.boundaries.js.
const SCREENS = readdirSync(new URL("web/src/screens/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A screen's files at `depth` folders below web/src/screens/ may not import another screen:
 * by as many "../" as lead back to screens/ and another screen's name ("../marketpage/state"
 * from a screen's own folder), or through a "screens/" segment ("../../screens/marketpage").
 * By depth, because web/src/events/ and web/src/figures/ share names with screens.
 */
const screenBoundary = (screen, depth) => {
  const others = SCREENS.filter((other) => other !== screen).join("|");
  return {
    files: [`web/src/screens/${screen}/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(${others})(/|$)|(^|/)screens/(${others})(/|$)`,
              message: "A screen imports no other screen: move what they share out of web/src/screens/.",
            },
          ],
        },
      ],
    },
  };
};

export default defineConfig([
  globalIgnores(["**/dist/", "node_modules/", ".wrangler/"]),
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
    rules: {
      // A missing dependency is a stale read waiting to happen: an error, not a warning.
      "react-hooks/exhaustive-deps": "error",
    },
  },
  ...SCREENS.flatMap((screen) => [1, 2, 3].map((depth) => screenBoundary(screen, depth))),
  ...workerBoundaries,
  {
    // Node scripts: the dev and bench runners, the browser checks, configs.
    files: ["scripts/**/*.{js,mjs}", "web/e2e/**/*.mjs", "*.{js,mjs,ts}", ".ci/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    // The browser checks also hand functions to the page, which run there.
    files: ["web/e2e/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
