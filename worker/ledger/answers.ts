import * as v from "valibot";
import { Money } from "../lib/answers";
import { Coins, Id, Instant, UserRef } from "../lib/wire";
import { BookLimits, PunterLimits } from "../limits/answers";

// What ledger/routes.ts answers; the ledger's kinds are figures' statements' too.

export const BookBalances = v.object({
  balance: Money,
  punters: v.array(v.object({ user: UserRef, money: Money, note: v.string(), limits: PunterLimits })),
  limits: BookLimits,
});

/** Coins given or taken back: the punter's balance after the move. */
export const PunterCoins = v.object({ userId: Id, balance: Money });

export const PunterNote = v.object({ userId: Id, note: v.string() });

export const LedgerKind = v.picklist([
  "GRANT",
  "PURCHASE",
  "ALLOCATE",
  "WITHDRAW",
  "STAKE",
  "PAYOUT",
  "REFUND",
  "CASH_IN",
  "CASH_PAID",
]);

export const LedgerParty = v.object({ kind: v.picklist(["POOL", "PUNTER", "CASH"]), userId: Id, username: v.string() });

export const LedgerPage = v.object({
  entries: v.array(
    v.object({
      id: Id,
      kind: LedgerKind,
      amount: Coins,
      from: v.pipe(v.nullable(LedgerParty), v.description("null when coins came in from outside (GRANT, PURCHASE).")),
      to: LedgerParty,
      ref: v.nullable(v.string()),
      createdAt: Instant,
    }),
  ),
  nextBefore: v.pipe(v.nullable(Id), v.description("Pass as `?before=` for the next (older) page; null at the end.")),
});
