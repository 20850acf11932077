import * as v from "valibot";
import { Bet } from "../bets/answers";
import { LedgerKind } from "../ledger/answers";
import { Coins, Day, Id, Instant } from "../lib/wire";

// What figures/routes.ts answers (docs/decisions/figures.md, "Figures").

const FigureEntries = {
  opening: Coins,
  added: v.pipe(Coins, v.description('Given by the bookmaker ("+").')),
  withdrawn: v.pipe(Coins, v.description('Taken back by the bookmaker ("−").')),
  staked: Coins,
  returned: v.pipe(Coins, v.description("Payouts and refunds.")),
  net: v.pipe(Coins, v.description("returned − staked: above 0 the punter won, below 0 the book did.")),
  closing: Coins,
  openStakes: v.pipe(Coins, v.description("Stakes still unsettled at the end of the period.")),
};

export const Figure = v.pipe(
  v.object(FigureEntries),
  v.description("Always opening + added − withdrawn − staked + returned = closing; net = returned − staked."),
);

export const PunterFigure = v.object({ ...FigureEntries, userId: Id, username: v.string() });

export const Figures = v.object({
  from: Day,
  to: Day,
  tz: v.string(),
  punters: v.array(PunterFigure),
  totals: Figure,
  book: v.object({
    staked: v.pipe(Coins, v.description("Stakes taken in the period.")),
    paidOut: Coins,
    refunded: Coins,
    hold: v.pipe(Coins, v.description("Stakes of bets settled in the period less what they paid back.")),
    holdPct: v.pipe(
      v.nullable(v.number()),
      v.description("hold ÷ stakes of settled bets that were not refunded, in percent; null when none settled."),
    ),
    openLiability: v.pipe(
      Coins,
      v.description("What the book would pay at most on bets still open at the end of the period."),
    ),
  }),
  counter: v.pipe(
    v.object({
      tickets: v.pipe(v.number(), v.integer()),
      taken: v.pipe(Coins, v.description("Cash taken for them.")),
      paid: v.pipe(Coins, v.description("Cash paid out on them, until now.")),
      owed: v.pipe(Coins, v.description("What they still owe: returns and refunds not yet paid.")),
      result: v.pipe(
        Coins,
        v.description("taken − paid − owed: their stakes less their returns (an open one's stake counts)."),
      ),
    }),
    v.description(
      "The counter's tickets taken in the period (their bets count in `book` too; their cash is not a punter's).",
    ),
  ),
});

export const DailyFigures = v.array(v.object({ date: Day, staked: Coins, returned: Coins, hold: Coins }));

export const Statement = v.object({
  from: Day,
  to: Day,
  tz: v.string(),
  punter: PunterFigure,
  bets: v.pipe(v.array(Bet), v.description("Bets placed or settled in the period.")),
  movements: v.array(
    v.object({ id: Id, kind: LedgerKind, amount: Coins, ref: v.nullable(v.string()), createdAt: Instant }),
  ),
});
