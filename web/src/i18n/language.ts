import { create } from "zustand";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfTag, type Language } from "@common/languages";
import { deviceStore } from "@/store/storage";
import { i18n, type Messages } from "./runtime";

// Which language the mini-app speaks, and its catalogue: English is the source, each language's
// messages are their own chunk (web/src/locales/<language>.po, compiled by Lingui's Vite plugin),
// so a user downloads only his. "pseudo" (dev mode and tests) is English accented and lengthened,
// for finding text that does not fit (web/src/i18n/pseudo.ts), made from the English catalogue.

export type ShownLanguage = Language | "pseudo";

const CATALOGUES: Record<ShownLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import("@/locales/en.po"),
  es: () => import("@/locales/es.po"),
  "pt-BR": () => import("@/locales/pt-BR.po"),
  ru: () => import("@/locales/ru.po"),
  fr: () => import("@/locales/fr.po"),
  tr: () => import("@/locales/tr.po"),
  id: () => import("@/locales/id.po"),
  ar: () => import("@/locales/ar.po"),
  pseudo: () =>
    Promise.all([import("@/locales/en.po"), import("./pseudo")]).then(([en, { pseudoMessages }]) => ({
      messages: pseudoMessages(en.messages),
    })),
};

/** Languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<ShownLanguage> = new Set(["ar"]);

/** The language shown now; the app's routes re-mount under a new one (App.tsx). */
export const useLanguage = create<{ language: ShownLanguage }>()(() => ({ language: DEFAULT_LANGUAGE }));

/** The last language this device showed: the next launch starts in it before sign-in answers. */
const KEPT = "language";

export function keptLanguage(): Language | null {
  const kept = deviceStore.getItem(KEPT);
  return LANGUAGES.find((l) => l === kept) ?? null;
}

/**
 * The language to start in: the one this device showed last (the user's choice, as sign-in
 * answered it), else Telegram's, else English.
 */
export const startingLanguage = (telegramTag: string | undefined): Language =>
  keptLanguage() ?? languageOfTag(telegramTag) ?? DEFAULT_LANGUAGE;

/** Number and date formats follow the language; "pseudo" formats as English. */
export const localeOf = (language: ShownLanguage): string => (language === "pseudo" ? "en" : language);

let latest: ShownLanguage | null = null;
/** Dev mode's ?devLang=pseudo: shown whatever language is asked for. */
let pinned: ShownLanguage | null = null;
export const keepShowing = (language: ShownLanguage) => void (pinned = language);

let shown: ShownLanguage | null = null;

/**
 * Loads `language`'s catalogue and shows it: the document's `lang` and `dir`, Lingui's active
 * locale, then the store, which re-renders the app. A later call wins over an earlier one still
 * loading; a catalogue that fails to download leaves the language shown as it was.
 */
export async function showLanguage(asked: ShownLanguage): Promise<void> {
  const language = pinned ?? asked;
  latest = language;
  if (language !== "pseudo") deviceStore.setItem(KEPT, language);
  if (shown === language) return;
  const { messages } = await CATALOGUES[language]();
  if (latest !== language) return;
  i18n.loadAndActivate({ locale: localeOf(language), messages });
  document.documentElement.lang = localeOf(language);
  document.documentElement.dir = RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
  shown = language;
  useLanguage.setState({ language });
}
