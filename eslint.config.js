// `npm run lint` (with `prettier --check`): typescript-eslint's recommended rules for the type
// mistakes tsc lets through (any, unused names), react-hooks' for the rules of hooks and the
// React Compiler's checks (stale deps, refs read in render, state set in effects), and the
// code's boundaries (below).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { webBoundaries } from "./web/eslint.boundaries.js";
import { workerBoundaries } from "./worker/eslint.boundaries.js";

// Boundaries: the mini-app's features in web/eslint.boundaries.js, the worker's folders (each
// imports only the ones below it) in worker/eslint.boundaries.js.

export default defineConfig([
  globalIgnores(["**/dist/", "node_modules/", ".wrangler/", "worker/worker-configuration.d.ts"]),
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
  {
    // What the API says to a user is said in his language (worker/lib/words.ts): a refusal's or a
    // schema's text is marked with en("…") or words("…", values), which the catalogues gather.
    files: ["worker/**/*.ts", "common/**/*.ts"],
    ignores: ["**/*.test.ts", "worker/test/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "NewExpression[callee.name='AppError'] > :matches(Literal, TemplateLiteral):nth-child(3)",
          "CallExpression[callee.name=/^(notFound|forbidden)$/] > :matches(Literal, TemplateLiteral)",
          "CallExpression[callee.name='validationError'] > :matches(Literal, TemplateLiteral):nth-child(2)",
          "CallExpression[callee.object.name='v'][callee.property.name!=/^(description|title|literal|examples|metadata|picklist|regex)$/] > :matches(Literal[value=/^[A-Z][a-z']* /], TemplateLiteral)",
        ].map((selector) => ({
          selector,
          message: 'A text users read: mark it with en("…") or words("… {name}", { name }) (worker/lib/words.ts).',
        })),
      ],
    },
  },
  {
    // Every word the mini-app shows comes from its catalogues (README, "Languages"): English
    // written in JSX, or in a label, title, placeholder or Telegram popup, is a text no other
    // language gets. Write it with Lingui's t`…` (msg`…` at module level).
    files: ["web/src/**/*.tsx", "web/src/**/*.ts"],
    // Dev mode's own screens (the mock Telegram, the bot's outbox) are for developers, in English.
    ignores: [
      "web/src/**/*.test.{ts,tsx}",
      "web/src/test/**",
      "web/src/telegram/dev-*.ts",
      "web/src/features/notifications/BotMessagesDrawer.tsx",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "JSXText[value=/[A-Za-z]{2,}/]",
          "JSXElement > JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]",
          "JSXElement > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]{2,}/]",
          "JSXElement > JSXExpressionContainer > TemplateLiteral:has(TemplateElement[value.raw=/[A-Za-z]{2,}/])",
          "JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]{2,}/]",
          "JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label)$/] > JSXExpressionContainer > :matches(Literal[value=/[A-Za-z]{2,}/], TemplateLiteral:has(TemplateElement[value.raw=/[A-Za-z]{2,}/]))",
          "CallExpression[callee.property.name=/^(showAlert|showConfirm|showPopup|setText)$/] > :matches(Literal, TemplateLiteral)",
        ].map((selector) => ({
          selector,
          message: "A word users read: write it with t`…` (msg`…` at module level) so every language has it.",
        })),
      ],
    },
  },
  {
    // vi.waitFor gives up after one second, which a busy 2-core machine overruns while a screen
    // first loads; Testing Library's waitFor waits as long as setup.ts configures for every test.
    files: ["web/src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "vi",
          property: "waitFor",
          message: "Use waitFor from @testing-library/react (its timeout is set once, in setup.ts).",
        },
      ],
    },
  },
  ...webBoundaries,
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
