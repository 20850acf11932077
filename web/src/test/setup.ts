import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { forgetAnswers } from "@/api/last-answers";
import { useAuth } from "@/store/auth";
import { useSlips } from "@/store/slip";
import { usePaidInvoices } from "@/features/market/paid";
import { showLanguage } from "@/i18n/language";

// Screens render in English, the source, unless a test shows another language.
await showLanguage("en");
localStorage.clear(); // showLanguage keeps the language for the next launch: no test starts with one

// Screens load with their first visit (routes.tsx): a file's first test also waits for Vite to
// transform its screen, which takes more than the default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

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
  useAuth.setState(useAuth.getInitialState(), true);
  usePaidInvoices.setState({ paid: [] });
  useSlips.setState({ slips: {} });
  forgetAnswers();
});
