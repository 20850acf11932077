import useSWR from "swr";
import type { PublicConfig } from "@worker/contract";
import { callAs } from "@/api/call";
import { routePath } from "@/api/route-request";
import { DEV_MODE } from "@/config";

/** The bot's username without "@" when a build names it; otherwise the API tells (GET /config). */
export const BOT_USERNAME = (import.meta.env.VITE_BOT_USERNAME ?? "").replace(/^@/, "");

/** A public read: sent without a session, and cached by its path alone. */
const readConfig = () => callAs(null, "GET /config");
const CONFIG = routePath("GET /config");
/** This launch's read of GET /config, started at start-up and taken by the first reader. */
let atStartUp: Promise<PublicConfig> | null = null;

function fetchConfig(): Promise<PublicConfig> {
  const started = atStartUp;
  atStartUp = null;
  return started ?? readConfig();
}

/** At start-up, so the invite link is ready by the time a bookmaker's dashboard shows. */
export function preloadBotUsername(): void {
  if (BOT_USERNAME) return;
  atStartUp = readConfig();
  // A failure is for the reader to see (SWR retries it), not an unhandled rejection now.
  atStartUp.catch(() => {});
}

/** The bot's username: the build's, else the API's; null when neither knows (yet). */
export function useBotUsername(): { bot: string | null; loading: boolean } {
  const config = useSWR<PublicConfig>(BOT_USERNAME ? null : CONFIG, fetchConfig, { revalidateOnFocus: false });
  if (BOT_USERNAME) return { bot: BOT_USERNAME, loading: false };
  return { bot: config.data?.botUsername ?? null, loading: config.isLoading };
}

/**
 * A link that opens the mini-app at `startParam` (`bk_<id>` a book, `ev_<id>` an event,
 * web/src/start/deep-link.ts): t.me/<bot>?startapp=…; in dev mode without a bot, the same start
 * parameter on the local app, so it works in a browser too; otherwise null.
 */
export function startLink(
  startParam: string,
  bot = BOT_USERNAME,
  devOrigin: string | null = DEV_MODE ? window.location.origin : null,
): string | null {
  if (bot) return `https://t.me/${bot}?startapp=${startParam}`;
  return devOrigin ? `${devOrigin}/?startapp=${startParam}` : null;
}
