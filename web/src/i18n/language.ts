import { create } from "zustand";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfTag, type Language } from "@common/languages";
import { deviceStore } from "@/store/storage";
import { i18n, type Messages } from "./runtime";
import { wordsIn } from "./words";

// Which language the mini-app speaks, and its words: English is the source; a production build
// loads them screen by screen in the language shown (i18n/words.ts), dev mode and tests a
// language's whole catalogue (web/src/locales/<language>.po, compiled by Lingui's Vite plugin).
// "pseudo" (dev mode and tests) is English accented and lengthened, for finding text that does
// not fit (web/src/i18n/pseudo.ts), made from the English words.

export type ShownLanguage = Language | "pseudo";

/** Each language's whole catalogue, for dev mode and tests; a production build has none of these. */
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
 * Loads `language`'s words and shows them: the document's `lang` and `dir`, the messages, then
 * the store, which re-mounts the screens. A later call wins over an earlier one still loading;
 * words that fail to download leave the language shown as it was. The language is kept for the
 * next launch on this device.
 */
export async function showLanguage(asked: ShownLanguage): Promise<void> {
  const language = pinned ?? asked;
  latest = language;
  if (language !== "pseudo") deviceStore.setItem(KEPT, language);
  if (shown === language) return;
  // Dates in another language than English are Intl's, whose first use loads ICU's data (50 ms of
  // a mid-range phone's CPU): done now, while the words download, not when a screen first draws.
  if (language !== "en") setTimeout(() => new Intl.DateTimeFormat(localeOf(language)).format(0));
  // import.meta.env.PROD itself, not a name for it: the bundler drops the catalogues' imports.
  const messages = import.meta.env.PROD ? await wordsIn(language) : (await CATALOGUES[language]()).messages;
  if (latest !== language) return;
  i18n.loadAndActivate({ language, locale: localeOf(language), messages });
  document.documentElement.lang = localeOf(language);
  document.documentElement.dir = RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
  shown = language;
  useLanguage.setState({ language });
}
