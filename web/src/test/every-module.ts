/**
 * Loads every module of the mini-app (its screens, their lazily loaded parts, every language's
 * words) before a file's first test. The web test files share one module graph
 * (vitest.config.ts): a lazy import still under way when a file's environment was torn down
 * stayed broken in that graph, and the next file that opened the screen showed nothing. Loaded
 * up front, every later import is one already done. main.tsx is left out: it renders the app.
 */
const modules = import.meta.glob([
  "../**/*.{ts,tsx}",
  "../locales/*.po",
  "!../**/*.test.{ts,tsx}",
  "!../test/**",
  "!../main.tsx",
  "!../**/*.d.ts",
]);

export const loadEveryModule = () => Promise.all(Object.values(modules).map((load) => load()));
