// Telegram's default light and dark themes, put on a phone as a Telegram client does: its real
// script (the copy in @twa-dev/sdk) reads the theme parameters from the address's hash and sets
// --tg-theme-*. themes.mjs and multiples.mjs audit screens in them.
import path from "node:path";
import { assert, repo } from "./harness.mjs";

const TELEGRAM_SCRIPT = path.join(repo, "node_modules/@twa-dev/sdk/src/telegram-web-apps.js");
/** Telegram's default themes (its iOS and Android clients' day and night): the colours the issue measured. */
export const THEMES = {
  light: {
    bg_color: "#ffffff",
    text_color: "#000000",
    hint_color: "#999999",
    link_color: "#2481cc",
    button_color: "#2481cc",
    button_text_color: "#ffffff",
    secondary_bg_color: "#f1f1f1",
    header_bg_color: "#ffffff",
    accent_text_color: "#2481cc",
    section_bg_color: "#ffffff",
    section_header_text_color: "#6d6d72",
    subtitle_text_color: "#999999",
    destructive_text_color: "#ec3942",
  },
  dark: {
    bg_color: "#17212b",
    text_color: "#f5f5f5",
    hint_color: "#708499",
    link_color: "#6ab3f3",
    button_color: "#5288c1",
    button_text_color: "#ffffff",
    secondary_bg_color: "#232e3c",
    header_bg_color: "#17212b",
    accent_text_color: "#6ab2f2",
    section_bg_color: "#17212b",
    section_header_text_color: "#6ab3f3",
    subtitle_text_color: "#708499",
    destructive_text_color: "#ec3942",
  },
};

/** Opens `address` (the app's, with its ?devUser=) on `page` in Telegram's `theme` (a name of THEMES, or its colours). */
export async function openInTheme(page, theme, address) {
  const colours = typeof theme === "string" ? THEMES[theme] : theme;
  // telegram.org does not resolve (harness.mjs): the script is served before any lookup.
  await page
    .context()
    .route("https://telegram.org/js/telegram-web-app.js*", (r) =>
      r.fulfill({ path: TELEGRAM_SCRIPT, contentType: "application/javascript" }),
    );
  const hash = new URLSearchParams({
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "ios",
    tgWebAppThemeParams: JSON.stringify(colours),
  });
  await page.goto(`${address}#${hash}`);
  const bg = await page.evaluate(() => document.documentElement.style.getPropertyValue("--tg-theme-bg-color"));
  assert(bg === colours.bg_color, `Telegram's theme is not on the page (bg ${bg || "unset"})`);
}
