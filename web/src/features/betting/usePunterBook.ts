import type { Id } from "@worker/contract";
import { hasActiveSubscription, useActiveSubscriptions } from "@/features/market/active";
import { findBookmaker, useBookmakerLists } from "@/features/bookies/bookmakers";
import { useCoins, usePlayerEvents } from "./player-events";

/**
 * What the punter's events screen reads of one bookmaker: the bookmaker, his events, the
 * punter's coins with him, and what the bookmaker's subscriptions allow, decided from them
 * (docs/rules/screens.md, "Subscriptions and the market" and "Features") rather than by asking the API.
 */
export function usePunterBook(bookmakerId: Id | null) {
  const lists = useBookmakerLists();
  const bookmaker = bookmakerId === null ? undefined : findBookmaker(lists.data, bookmakerId);
  // Where a pending or declined punter stands, from the lists; but the API is asked for the
  // events either way, and they show once it answers them: a list read before he was approved
  // (cached, or polled 12 s apart) would keep a punter just approved at 'Ask this bookmaker to
  // join'. A punter not approved gets the API's 403, and the screen says where he stands.
  const request = bookmaker?.joinRequestStatus;
  const events = usePlayerEvents(bookmakerId);
  const coins = useCoins(bookmakerId);
  const notApproved = bookmaker !== undefined && request !== "APPROVED" && !events.data;
  const subscriptions = useActiveSubscriptions(bookmakerId).data;
  const holds = (type: "BOOKMAKER" | "FRACTAL_ODDS" | "WHAT_IF", whileLoading: boolean) =>
    subscriptions ? hasActiveSubscription(subscriptions, type) : whileLoading;

  return {
    bookmaker,
    /** Where his join request stands when he is not (yet) an approved punter of this book. */
    notApproved: notApproved ? (request ?? "NONE") : null,
    events,
    coins,
    // Active while the subscriptions are still loading (docs/rules/screens.md, "Subscriptions and the market").
    active: holds("BOOKMAKER", bookmaker?.active ?? true),
    fractionalAllowed: holds("FRACTAL_ODDS", false),
    // Unknown (null) while they load: the result view shows no figures rather than the API's zeros.
    whatIfHeld: subscriptions ? hasActiveSubscription(subscriptions, "WHAT_IF") : null,
  };
}
