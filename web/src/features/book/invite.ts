import type { Id } from "@worker/contract";
import { BOT_USERNAME, startLink, useBotUsername } from "@/features/sharing/links";

/**
 * The link a bookmaker shares: a Telegram link that opens the mini-app on his book (the app
 * reads `bk_<id>`); in dev mode without a bot, the local app's; otherwise null.
 */
export const inviteLink = (bookmakerId: Id, bot = BOT_USERNAME, devOrigin?: string | null) =>
  startLink(`bk_${bookmakerId}`, bot, devOrigin);

/** The bookmaker's invite link, once the bot's username is known. */
export function useInviteLink(bookmakerId: Id): { link: string | null; loading: boolean } {
  const { bot, loading } = useBotUsername();
  return { link: inviteLink(bookmakerId, bot ?? ""), loading };
}
