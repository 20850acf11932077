import { DEV_MODE } from "@/config";
import { i18n, type Messages } from "./runtime";

// A production build's words, screen by screen (web/words-by-screen.ts): the shell's with the
// launch, each screen's or lazy dialog's beside its code, in the language shown. Every `import()`
// of the app's modules is rewritten at build time to `withWords(import(…), key)`. Dev mode and
// tests load a language's whole catalogue instead (i18n/language.ts).

declare const __WORDS_VERSION__: string;

/** The words wanted so far: the shell's, and those of each module imported on demand. */
const wanted = new Set<string>(["shell"]);
/** Each language's words loaded so far, and from which keys. */
const loaded = new Map<string, { words: Messages; keys: Map<string, Promise<void>> }>();
/** The language being shown or about to be: a module imported now brings its words in it. */
let target: string | null = null;

async function fetchWords(language: string, key: string): Promise<Messages> {
  // The pseudo-language (dev mode only: a deployed build has none) is made from English as it loads.
  const pseudo = DEV_MODE && language === "pseudo";
  const res = await fetch(`/assets/words/${__WORDS_VERSION__}/${pseudo ? "en" : language}/${key}.json`);
  if (res.status === 404) return {}; // no words of its own (the build writes no file for those)
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const words = (await res.json()) as Messages;
  return pseudo ? (await import("./pseudo")).pseudoMessages(words) : words;
}

/** Loads `key`'s words in `language` once; a failed download is tried again when next asked. */
function load(language: string, key: string): Promise<void> {
  const entry = loaded.get(language) ?? { words: {}, keys: new Map() };
  loaded.set(language, entry);
  let done = entry.keys.get(key);
  if (!done) {
    done = fetchWords(language, key).then(
      (words) => {
        Object.assign(entry.words, words);
        if (i18n.language === language) i18n.add(words);
      },
      (err: unknown) => {
        entry.keys.delete(key);
        throw err;
      },
    );
    entry.keys.set(key, done);
  }
  return done;
}

/** Every wanted key's words in `language`: what showing it needs. */
export async function wordsIn(language: string): Promise<Messages> {
  target = language;
  await Promise.all([...wanted].map((key) => load(language, key)));
  return loaded.get(language)!.words;
}

/** `module` once its words are loaded too (in the language shown, or about to be); "" has none. */
export async function withWords<T>(module: Promise<T>, key: string): Promise<T> {
  if (!import.meta.env.PROD || !key) return module;
  wanted.add(key);
  const [loadedModule] = await Promise.all([module, target ? load(target, key) : null]);
  return loadedModule;
}
