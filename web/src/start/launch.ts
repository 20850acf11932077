import { signIn } from "../api/auth";
import { API_URL, DEV_MODE, MIN_CLIENT_VERSION, START_DELAY_MS } from "../config";
import { useAuth } from "../store/auth";
import { keepSwipesForScrolling } from "../telegram/features";
import { currentWebApp, hasLaunchData, type TelegramWebApp } from "../telegram/web-app";
import { followDeepLink } from "./deep-link";

/** How the app was launched: inside a supported Telegram client, or not (the Oops screen). */
export type Launch = { supported: true; webApp: TelegramWebApp } | { supported: false };

export interface LaunchOptions {
  devMode?: boolean;
  startDelayMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function supportedWebApp(): TelegramWebApp | null {
  const webApp = currentWebApp();
  if (!hasLaunchData(webApp) || typeof webApp.isVersionAtLeast !== "function") return null;
  return webApp.isVersionAtLeast(MIN_CLIENT_VERSION) ? webApp : null;
}

/** Dev mode outside Telegram: mock the client, signed in as the tab's dev user. */
async function prepareDevTelegram(): Promise<void> {
  if (hasLaunchData(currentWebApp())) return;
  // Loaded only in dev mode: the deployed app never downloads the mock.
  const { chooseDevUser, installDevTelegram } = await import("../telegram/dev-launch");
  const { username, switched } = chooseDevUser(window.location.search);
  // The kept token belongs to the tab's previous dev user.
  if (switched) useAuth.getState().clearSession();
  try {
    await installDevTelegram(API_URL, username);
  } catch (err) {
    console.warn("Dev mode: no init data from the API, is it running?", err);
  }
}

/**
 * Reads the Telegram launch environment; runs once, before the router mounts. The kept session
 * is restored at once so screens can call the API before sign-in answers; sign-in then runs in
 * the background.
 */
export async function launch({
  devMode = DEV_MODE,
  startDelayMs = START_DELAY_MS,
}: LaunchOptions = {}): Promise<Launch> {
  useAuth.getState().restoreSession();
  await Promise.all([wait(startDelayMs), devMode ? prepareDevTelegram() : undefined]);

  const webApp = supportedWebApp();
  if (!webApp) return { supported: false };
  webApp.ready();
  webApp.expand();
  keepSwipesForScrolling(webApp);
  followDeepLink(webApp);
  void signIn(webApp.initData);
  // The invite's module reads with SWR, which the first screen does without.
  void import("../bookmaker/invite").then(({ preloadBotUsername }) => preloadBotUsername());
  return { supported: true, webApp };
}
