import { sessionStore } from "@/store/storage";

// Dev mode outside Telegram: the made-up user named by ?devUser=NAME. Small and in the first
// bundle, so the tab keeps him before launch's first await: a tab navigated or reloaded as soon
// as it loaded (its address then names none) is still him, not the default user.

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
