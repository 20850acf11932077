import { createDevWebApp } from "./dev-web-app";

// Dev mode outside Telegram: sign in as a made-up user named by ?devUser=NAME.

/** Installs a mock window.Telegram.WebApp carrying init data that the API signed for `username`. */
export async function installDevTelegram(apiUrl: string, username: string, language: string | null): Promise<void> {
  const query = new URLSearchParams({ username, ...(language ? { language } : {}) });
  const res = await fetch(`${apiUrl}/dev/init-data?${query}`);
  if (!res.ok) throw new Error(`dev init data: HTTP ${res.status}`);
  const { initData } = (await res.json()) as { initData: string };
  window.Telegram = { ...window.Telegram, WebApp: createDevWebApp(initData) };
}
