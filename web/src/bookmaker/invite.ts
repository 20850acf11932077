import type { Id } from "../../../worker/contract";
import { DEV_MODE } from "../config";

/** The bot's username without "@", set at build time. */
export const BOT_USERNAME = (import.meta.env.VITE_BOT_USERNAME ?? "").replace(/^@/, "");

/**
 * The link a bookmaker shares: a Telegram link that opens the mini-app on his book (the app
 * reads `bk_<id>`). In dev mode without a bot, the same start parameter on the local app, so
 * the invite works in a browser too; otherwise null.
 */
export function inviteLink(bookmakerId: Id, bot = BOT_USERNAME, devOrigin: string | null = DEV_MODE ? window.location.origin : null): string | null {
  if (bot) return `https://t.me/${bot}?startapp=bk_${bookmakerId}`;
  return devOrigin ? `${devOrigin}/?startapp=bk_${bookmakerId}` : null;
}
