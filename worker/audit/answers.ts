import * as v from "valibot";
import { Id, Instant } from "../lib/wire";

// What audit/routes.ts answers, and the prices the audit log keeps (GET
// /player/events/{bookmakerId}/{eventId}/prices, in events/http/player-routes.ts).

const AuditValue = v.pipe(
  v.nullable(v.record(v.string(), v.unknown())),
  v.description("JSON as the action keeps it: odds as decimal coefficients, coins as amounts."),
);

/** What an audit row records (docs/rules/audit.md, "Audit"); PRICE is a price offered. */
export const AuditAction = v.picklist([
  "PUBLISH",
  "OUTCOMES",
  "CLOSE",
  "LIVE",
  "SUSPEND",
  "DATES",
  "ODDS",
  "NR",
  "RESULT",
  "ABANDON",
  "UNDO",
  "COINS_ADDED",
  "COINS_WITHDRAWN",
  "LIMITS",
  "PRICE",
  "CASH_OUT_SETTING",
  "CASH_OUT",
  "STAFF",
  "TICKET_PAID",
  "PRICE_REQUEST",
]);

export const AuditEntry = v.object({
  at: Instant,
  actor: v.pipe(
    v.object({ userId: Id, username: v.string() }),
    v.description("Who made the change; the system (an alarm, retention, the equalizer) is user 0, system."),
  ),
  action: AuditAction,
  eventId: v.nullable(Id),
  itemId: v.nullable(Id),
  userId: v.pipe(v.nullable(Id), v.description("The user the change is about: a punter, or for STAFF a staff member.")),
  username: v.pipe(
    v.nullable(v.string()),
    v.description(
      "That user's Telegram username, so he is named even when he is no punter of the book; null when userId is.",
    ),
  ),
  before: AuditValue,
  after: AuditValue,
  note: v.nullable(v.string()),
});

export const AuditLog = v.array(AuditEntry);

export const OfferedPrices = v.array(v.object({ itemId: Id, at: Instant, coefficient: v.number() }));
