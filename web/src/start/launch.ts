import { signIn } from "@/api/auth";
import { forgetEarlyAnswers } from "@/api/early";
import { preloadServerData } from "@/api/ServerData";
import { API_URL, DEV_MODE, MIN_CLIENT_VERSION, START_DELAY_MS } from "@/config";
import { preloadScreen } from "@/routes";
import { useAuth } from "@/store/auth";
import { sessionStore } from "@/store/storage";
import { keepSwipesForScrolling } from "@/telegram/swipes";
import { chooseDevUser } from "@/telegram/dev-user";
import { currentWebApp, hasLaunchData, type TelegramWebApp } from "@/telegram/web-app";
import { keepShowing, showLanguage, startingLanguage } from "@/i18n/language";
import { followDeepLink } from "./deep-link";

/** How long past the start-up wait a cold-opened screen's late code is waited for (see launch). */
const FIRST_SCREEN_GRACE_MS = 300;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How the app was launched: inside a supported Telegram client, or not (the Oops screen). */
export type Launch = { supported: true; webApp: TelegramWebApp } | { supported: false };

export interface LaunchOptions {
  devMode?: boolean;
  startDelayMs?: number;
}

/**
 * Waits until `ms` after navigation began (the page's time origin), not after this code first
 * ran: the time the page and its bundle took to arrive counts as part of the wait.
 */
const waitFromNavigation = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms - performance.now())));

function supportedWebApp(): TelegramWebApp | null {
  const webApp = currentWebApp();
  if (!hasLaunchData(webApp) || typeof webApp.isVersionAtLeast !== "function") return null;
  return webApp.isVersionAtLeast(MIN_CLIENT_VERSION) ? webApp : null;
}

/**
 * Whether dev mode's helpers may run at all: in a dev build, and in tests (which turn dev mode on
 * case by case). A constant false in the deployed build, so the bundler drops them, and the dev
 * user's module with them, from the first screen's JavaScript.
 */
const DEV_HELPERS = DEV_MODE || import.meta.env.MODE === "test";

/** Dev mode outside Telegram: mock the client, signed in as the tab's dev user. */
async function prepareDevTelegram(): Promise<void> {
  if (hasLaunchData(currentWebApp())) return;
  // Before the first await: a tab navigated as soon as it loaded keeps its ?devUser.
  const search = window.location.search;
  const { username, switched } = chooseDevUser(search);
  // The kept token belongs to the tab's previous dev user.
  if (switched) useAuth.getState().clearSession();
  // Loaded only in dev mode: the deployed app never downloads the mock.
  const { installDevTelegram } = await import("@/telegram/dev-launch");
  try {
    const language = await installDevTelegram(API_URL, username, search, sessionStore);
    if (language === "pseudo") keepShowing("pseudo");
  } catch (err) {
    console.warn("Dev mode: no init data from the API, is it running?", err);
  }
}

/**
 * Reads the Telegram launch environment; runs once, before the router mounts. The spec's wait is
 * put to use: sign-in runs during it, and the first screen (home, which Start opens, or the one
 * the address or a deep link names) downloads its code and its first data, with SWR, so it shows
 * at once. The kept session is restored first, so screens can call the API before sign-in answers.
 */
export async function launch({
  devMode = DEV_MODE,
  startDelayMs = START_DELAY_MS,
}: LaunchOptions = {}): Promise<Launch> {
  forgetEarlyAnswers();
  useAuth.getState().restoreSession();
  const waited = waitFromNavigation(startDelayMs);
  if (devMode && DEV_HELPERS) await prepareDevTelegram();

  const webApp = supportedWebApp();
  if (!webApp) {
    // The Oops screen in the browser's language, for want of Telegram's.
    await Promise.all([waited, showLanguage(startingLanguage(navigator.language)).catch(() => {})]);
    return { supported: false };
  }
  // The words download during the wait, beside sign-in, whose answer may name another language.
  const shown = showLanguage(startingLanguage(webApp.initDataUnsafe.user?.language_code));
  const signedIn = signIn(webApp.initData);
  followDeepLink(webApp);
  const first = window.location.pathname;
  const firstScreen = preloadScreen(first === "/" ? "/home" : first, signedIn);
  const serverData = preloadServerData().catch(() => {}); // a failed download is tried again when a screen needs it
  await Promise.all([waited, shown.catch(() => {})]);
  // A screen opened cold (a reload, a deep link) whose code (or SWR's) is a moment late is waited
  // for, up to FIRST_SCREEN_GRACE_MS, rather than shown loading: React reveals a suspended screen
  // no sooner than 300 ms after its loading screen appeared. The splash is in the first bundle.
  if (first !== "/" && startDelayMs > 0)
    await Promise.race([Promise.all([firstScreen, serverData]), sleep(FIRST_SCREEN_GRACE_MS)]);

  webApp.ready();
  webApp.expand();
  keepSwipesForScrolling(webApp);
  // The bot's links (the invite's, a shared card's) read with SWR, which the first screen does without.
  void import("@/features/sharing/links").then(({ preloadBotUsername }) => preloadBotUsername());
  return { supported: true, webApp };
}
