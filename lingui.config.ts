import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The mini-app's catalogues (README, "Languages"): English is the source, written in the code
// with Lingui's macros (`t`, `plural`, `msg`); `npm run i18n:extract` gathers it into
// web/src/locales/en.po and adds each new message, untranslated, to the seven other catalogues,
// which translators fill. Each is compiled by the Vite plugin into its own chunk: a user downloads
// only his language. The pseudo-language (web/src/i18n/pseudo.ts) is made from English as it loads.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "pt-BR", "ru", "fr", "tr", "id", "ar"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/web/src/locales/{locale}",
      include: ["<rootDir>/web/src"],
      exclude: ["**/*.test.ts", "**/*.test.tsx", "**/test/**", "**/*.check.ts"],
    },
  ],
  // No line numbers: a moved line would otherwise rewrite every catalogue.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
  // The macros' `i18n` (web/src/i18n/runtime.ts): the catalogues formatted in 1 KB, not @lingui/core's 3.
  runtimeConfigModule: { i18n: ["@/i18n/runtime", "i18n"] },
});
