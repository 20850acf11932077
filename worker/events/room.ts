import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One per event (`idFromName(eventId)`): the single writer of the event's status, odds,
 * bets and settlement. Its methods arrive with the events issue; the class exists now so the
 * binding and its SQLite migration are in place from the first deployment.
 */
export class EventRoom extends DurableObject<Env> {}
