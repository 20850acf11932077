import * as v from "valibot";
import { Coins, Id, Instant } from "../lib/wire";

// What price-requests/routes.ts answers: a bet the box refused, held open for the book to answer.

export const PriceRequestStatus = v.picklist(["PENDING", "OFFERED", "DECLINED", "TAKEN", "EXPIRED"]);

const Offer = v.object({
  amount: v.pipe(Coins, v.description("The stake offered (per part for an each-way bet).")),
  coefficient: v.pipe(v.number(), v.description("The decimal odds offered.")),
  expiresAt: v.pipe(Instant, v.description("The offer stands until then (60 s after the answer).")),
});

export const PriceRequest = v.object({
  id: Id,
  bookmakerId: Id,
  eventId: Id,
  eventItemId: Id,
  userId: v.pipe(Id, v.description("The punter who asked (internal id).")),
  username: v.string(),
  amount: v.pipe(Coins, v.description("The stake asked (per part for an each-way bet).")),
  coefficient: v.pipe(v.number(), v.description("The decimal odds asked.")),
  eachWay: v.boolean(),
  status: v.pipe(
    PriceRequestStatus,
    v.description(
      "PENDING until answered (5 minutes at most, and only while its event takes bets), OFFERED (ACCEPT or COUNTER) until taken or 60 s, DECLINED, TAKEN, EXPIRED.",
    ),
  ),
  offer: v.nullable(Offer),
  answeredBy: v.nullable(v.object({ userId: Id, username: v.string() })),
  betId: v.nullable(Id),
  createdAt: Instant,
});

export const PriceRequests = v.array(PriceRequest);
