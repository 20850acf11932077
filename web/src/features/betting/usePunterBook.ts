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
  // A pending or declined punter, who reaches this screen from his card, is not asked for what
  // the API keeps for approved punters (it would answer 403); the screen says where he stands.
  const request = bookmaker?.joinRequestStatus;
  const notApproved = bookmaker !== undefined && request !== "APPROVED";
  const events = usePlayerEvents(notApproved ? null : bookmakerId);
  const coins = useCoins(notApproved ? null : bookmakerId);
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
