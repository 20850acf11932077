import { sessionStore } from "../store/storage";
import { createDevWebApp } from "./dev-web-app";

// Dev mode outside Telegram: sign in as a made-up user named by ?devUser=NAME.

const DEV_USER_KEY = "devUser";
export const DEFAULT_DEV_USER = "alice";

/**
 * The dev user for this tab: the ?devUser parameter, else the one kept for the tab (in-app
 * navigation drops the query), else the default. `switched` tells that the tab changed user.
 */
export function chooseDevUser(search: string): { username: string; switched: boolean } {
  const asked = new URLSearchParams(search).get(DEV_USER_KEY)?.trim();
  const kept = sessionStore.getItem(DEV_USER_KEY);
  const username = asked || kept || DEFAULT_DEV_USER;
  sessionStore.setItem(DEV_USER_KEY, username);
  return { username, switched: kept !== null && kept !== username };
}

/** Installs a mock window.Telegram.WebApp carrying init data that the API signed for `username`. */
export async function installDevTelegram(apiUrl: string, username: string): Promise<void> {
  const res = await fetch(`${apiUrl}/dev/init-data?username=${encodeURIComponent(username)}`);
  if (!res.ok) throw new Error(`dev init data: HTTP ${res.status}`);
  const { initData } = (await res.json()) as { initData: string };
  window.Telegram = { ...window.Telegram, WebApp: createDevWebApp(initData) };
}
