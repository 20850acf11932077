import type { KeyValueStore } from "@/store/storage";
import { createDevWebApp } from "./dev-web-app";

// Dev mode outside Telegram: sign in as a made-up user named by ?devUser=NAME, his Telegram in
// the language ?devLang= names. Loaded only in dev mode: none of it is in the deployed app.
const DEV_LANGUAGE_KEY = "devLang";

/**
 * The Telegram language of the tab's dev user: ?devLang=ru (a Telegram language_code, "pt-br"),
 * else the one kept for the tab; "pseudo" shows the pseudo-language (web/src/i18n/pseudo.ts)
 * whatever the user's. Null: the dev user's Telegram sends none.
 */
export function chooseDevLanguage(search: string, tab: KeyValueStore): string | null {
  const asked = new URLSearchParams(search).get(DEV_LANGUAGE_KEY)?.trim();
  if (asked) tab.setItem(DEV_LANGUAGE_KEY, asked);
  return asked || tab.getItem(DEV_LANGUAGE_KEY);
}

/**
 * Installs a mock window.Telegram.WebApp carrying init data that the API signed for `username`;
 * `search` is the address's query as the page loaded, `tab` the tab's storage. Answers the
 * language ?devLang= chose (the store and the language module are the first bundle's: passed
 * and acted on by the caller, so this chunk shares no module with it).
 */
export async function installDevTelegram(
  apiUrl: string,
  username: string,
  search: string,
  tab: KeyValueStore,
): Promise<string | null> {
  const language = chooseDevLanguage(search, tab);
  const query = new URLSearchParams({ username, ...(language && language !== "pseudo" ? { language } : {}) });
  const res = await fetch(`${apiUrl}/dev/init-data?${query}`);
  if (!res.ok) throw new Error(`dev init data: HTTP ${res.status}`);
  const { initData } = (await res.json()) as { initData: string };
  window.Telegram = { ...window.Telegram, WebApp: createDevWebApp(initData) };
  return language;
}
