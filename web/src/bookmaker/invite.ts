import type { Id } from "../../../worker/contract";

/** The bot's username without "@", set at build time. */
export const BOT_USERNAME = (import.meta.env.VITE_BOT_USERNAME ?? "").replace(/^@/, "");

/** A Telegram link that opens the mini-app on this bookmaker (the bot reads `bk_<id>`). */
export const inviteLink = (bookmakerId: Id, bot = BOT_USERNAME) => (bot ? `https://t.me/${bot}?startapp=bk_${bookmakerId}` : null);
