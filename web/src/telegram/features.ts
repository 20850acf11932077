import { useEffect, useEffectEvent } from "react";
import { useWebApp } from "./context";
import { has } from "./has";
import type { HapticNotice, TelegramWebApp } from "./web-app";

// What Telegram clients added after the oldest one the app runs in (7.0, or older in tests):
// each is used only where the client says it has it (has.ts), so older clients keep working.
// The launch's own (swipes) is in swipes.ts: these are the screens', loaded with them.

const HAPTICS = "6.1";
const CLOSING_CONFIRMATION = "6.2";
const SETTINGS_BUTTON = "6.10";
const TELEGRAM_LINKS = "6.1";
const SHARE_MESSAGE = "8.0";
const QR_SCANNER = "6.4";

/** A buzz for an outcome the user waited on: a bet accepted or refused, an approval, a settlement. */
export function haptic(webApp: TelegramWebApp, notice: HapticNotice): void {
  if (!has(webApp, HAPTICS, webApp.HapticFeedback)) return;
  try {
    webApp.HapticFeedback!.notificationOccurred(notice);
  } catch {
    // A client that refuses it loses only the buzz.
  }
}

export function useHaptic(): (notice: HapticNotice) => void {
  const webApp = useWebApp();
  return (notice) => haptic(webApp, notice);
}

/** While `unsaved`, Telegram asks before closing the app (a form with changes not yet saved). */
export function useClosingConfirmation(unsaved: boolean): void {
  const webApp = useWebApp();
  useEffect(() => {
    if (!unsaved || !has(webApp, CLOSING_CONFIRMATION, webApp.enableClosingConfirmation)) return;
    webApp.enableClosingConfirmation!();
    return () => webApp.disableClosingConfirmation?.();
  }, [unsaved, webApp]);
}

/** Telegram's page that shares `url` with `text` to a chat the user picks. */
export const shareUrl = (url: string, text: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;

/**
 * Shares a link through Telegram's own share sheet (the chat picker); false where the client
 * cannot, so the caller falls back to copying.
 */
export function shareThroughTelegram(webApp: TelegramWebApp, url: string, text: string): boolean {
  if (!has(webApp, TELEGRAM_LINKS, webApp.openTelegramLink)) return false;
  try {
    webApp.openTelegramLink!(shareUrl(url, text));
    return true;
  } catch {
    return false;
  }
}

/**
 * Hands a message the bot prepared to Telegram's chat picker (shareMessage), with a buzz once it
 * is sent; false where the client has no shareMessage or refuses it (one picker already open).
 */
export function shareMessage(webApp: TelegramWebApp, id: string): boolean {
  if (!has(webApp, SHARE_MESSAGE, webApp.shareMessage)) return false;
  try {
    webApp.shareMessage!(id, (sent) => sent && haptic(webApp, "success"));
    return true;
  } catch {
    return false;
  }
}

/** Shows Telegram's Settings menu item while the screen is up; tapping it calls `open`. */
export function useSettingsButton(open: (() => void) | null): void {
  const webApp = useWebApp();
  const opened = useEffectEvent(() => open?.());
  const on = open !== null;
  useEffect(() => {
    const button = webApp.SettingsButton;
    if (!on || !button || !has(webApp, SETTINGS_BUTTON, button)) return;
    const onClick = () => opened();
    button.onClick(onClick);
    button.show();
    return () => {
      button.offClick(onClick);
      button.hide();
    };
  }, [on, webApp]);
}

/** Whether the client has Telegram's QR scanner. */
export const canScanQr = (webApp: TelegramWebApp) => has(webApp, QR_SCANNER, webApp.showScanQrPopup);

/**
 * Opens Telegram's QR scanner with `prompt`; `read` gets each code it reads and answers whether
 * that is the one (then the scanner closes). Nothing where the client has no scanner.
 */
export function scanQr(webApp: TelegramWebApp, prompt: string, read: (text: string) => boolean): void {
  if (!canScanQr(webApp)) return;
  try {
    webApp.showScanQrPopup!({ text: prompt }, read);
  } catch {
    // A client that refuses it leaves the code to be typed.
  }
}
