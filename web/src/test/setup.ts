import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import type { StoreApi } from "zustand";
import { forgetAnswers } from "@/api/last-answers";
import { useAuth } from "@/store/auth";
import { useSlips } from "@/store/slip";
import { useProfile } from "@/store/profile";
import { useSettings } from "@/store/settings";
import { useFractional } from "@/store/fractional";
import { useNotes } from "@/store/notes";
import { useSignIn } from "@/store/sign-in";
import { usePaidInvoices } from "@/features/market/paid";
import { showLanguage } from "@/i18n/language";
import { loadEveryModule } from "./every-module";

// Every module in before the first test, none loading as a file ends (every-module.ts).
beforeAll(loadEveryModule);

// Screens render in English, the source, unless a test shows another language.
await showLanguage("en");
localStorage.clear(); // showLanguage keeps the language for the next launch: no test starts with one

// Screens load with their first visit (routes.tsx): a file's first test also waits for Vite to
// transform its screen, which takes more than the default second on a busy machine.
// 15 s, inside the test's own 20 s (vitest.config.ts): a CI run beside another CPU-heavy one took
// more than 5 s to show a file's first screen (EventsScreen.test.tsx failed so). A wait that
// succeeds returns at once; only one that would fail anyway waits longer.
configure({ asyncUtilTimeout: 15_000 });

// Testing Library cleans up by itself only with test globals on, which this project leaves off.
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await showLanguage("en");
  sessionStorage.clear();
  localStorage.clear();
  delete window.Telegram;
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
  // Every store of the app as it starts (the language's is showLanguage's): files share one
  // module cache (vitest.config.ts), so a store a file leaves filled would fill the next's form.
  for (const reset of [
    useAuth,
    usePaidInvoices,
    useSlips,
    useProfile,
    useSettings,
    useFractional,
    useSignIn,
    useNotes,
  ].map((store: StoreApi<object>) => () => store.setState(store.getInitialState(), true)))
    reset();
  forgetAnswers();
});
