import { KEY_LIFETIME_MS, type Rebuild } from "../idempotency/keys";
import { nowIso } from "../lib/time";
import { betHistory } from "./queries";

// What an idempotent POST /bets needs beyond the middleware: the ref its committed marker
// carries, and the answer rebuilt from it when the attempt that placed the bet died first.

export interface BetPlace {
  bookmakerId: number;
  eventId: number;
  itemId: number;
}

/** The ref of a bet's committed marker: one bet per punter per outcome names it. */
export const betRef = ({ bookmakerId, eventId, itemId }: BetPlace) => `bet:${bookmakerId}:${eventId}:${itemId}`;

/** The placed bet's 201, read back from D1; it was placed within the key's lifetime. */
export const placedAnswer: Rebuild = async (db, userId, ref) => {
  const [, bookmakerId, eventId, itemId] = ref.split(":").map(Number);
  const bets = await betHistory(db, bookmakerId, userId, nowIso(Date.now() - KEY_LIFETIME_MS));
  const bet = bets.find((b) => b.eventId === eventId && b.eventItemId === itemId && b.part === "WIN");
  if (!bet) throw new Error(`no bet for committed key ${ref}`);
  return { status: 201, body: bet };
};
