import { createDevWebApp, versionAtLeast } from "@/telegram/dev-web-app";
import type { TelegramWebApp } from "@/telegram/web-app";

export const TEST_INIT_DATA = "user=%7B%22id%22%3A42%2C%22username%22%3A%22alice%22%7D&auth_date=1700000000&hash=abc";

/** Puts a Telegram client of the given version in the window, as Telegram's SDK would. */
export function installTelegram({ version = "8.0", initData = TEST_INIT_DATA } = {}): TelegramWebApp {
  const webApp: TelegramWebApp = {
    ...createDevWebApp(initData),
    version,
    isVersionAtLeast: (wanted) => versionAtLeast(version, wanted),
  };
  window.Telegram = { WebApp: webApp };
  return webApp;
}
