// `npm run lint` (with `prettier --check`): typescript-eslint's recommended rules for the type
// mistakes tsc lets through (any, unused names), react-hooks' for the rules of hooks and the
// React Compiler's checks (stale deps, refs read in render, state set in effects).
// Covers web/ and common/ for now; worker/ and scripts/ join once they are formatted.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default defineConfig([
  // web/e2e is being reworked elsewhere; it joins with worker/.
  globalIgnores(["**/dist/", "node_modules/", "web/e2e/", "worker/", "scripts/"]),
  {
    files: ["web/**/*.{ts,tsx}", "common/**/*.ts", "eslint.config.js"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
    rules: {
      // A missing dependency is a stale read waiting to happen: an error, not a warning.
      "react-hooks/exhaustive-deps": "error",
    },
  },
]);
