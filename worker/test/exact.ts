// An exact-fraction model of what bets return, for the tests: each rule written as the trade
// states it, over rationals, with no reuse of the code it checks. A return is the exact value
// rounded down to the cent once (docs/ARCHITECTURE.md "the one gate").

/** A non-negative rational number, in lowest terms not required. */
export class Q {
  constructor(
    readonly num: bigint,
    readonly den: bigint = BigInt(1),
  ) {}

  static of(n: number, d = 1) {
    return new Q(BigInt(n), BigInt(d));
  }

  plus(o: Q) {
    return new Q(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  minus(o: Q) {
    return new Q(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  times(o: Q) {
    return new Q(this.num * o.num, this.den * o.den);
  }

  over(o: Q) {
    return new Q(this.num * o.den, this.den * o.num);
  }

  /** Rounded down to a whole number (of cents). */
  floor(): number {
    return Number(this.num / this.den);
  }
}

const ONE = Q.of(1);

/** Fractional odds num/den as the winnings per unit staked. */
const winnings = (odds: { num: number; den: number }) => Q.of(odds.num, odds.den);

/**
 * What a winning part returns, exactly, in cents: the stake (× share ÷ dead heat, the dead-heat
 * rule) back, plus its winnings at the odds (÷ the place fraction for a place part) less the
 * Rule 4 deduction in pence per pound of winnings.
 */
export function partReturn(p: {
  stakeCents: number;
  odds: { num: number; den: number };
  deduction?: number;
  deadHeat?: number;
  share?: number;
  fraction?: number;
}): Q {
  const stake = Q.of(p.stakeCents)
    .times(Q.of(p.share ?? 1))
    .over(Q.of(p.deadHeat ?? 1));
  const odds = winnings(p.odds).over(Q.of(p.fraction ?? 1));
  const kept = ONE.minus(Q.of(p.deduction ?? 0, 100));
  return stake.times(ONE.plus(odds.times(kept)));
}

/** A multiple's leg: WON (its odds less Rule 4, over its dead heat), LOST or VOID. */
export type LegResult =
  | { result: "WON"; odds: { num: number; den: number }; deduction: number; deadHeat: number }
  | { result: "LOST" }
  | { result: "VOID" };

/** What one line returns, exactly: the amount times each leg's multiplier. */
export function lineReturn(amountCents: number, legs: LegResult[]): Q {
  let value = Q.of(amountCents);
  for (const leg of legs) {
    if (leg.result === "LOST") return Q.of(0);
    if (leg.result === "WON")
      value = value.times(
        partReturn({ stakeCents: 1, odds: leg.odds, deduction: leg.deduction, deadHeat: leg.deadHeat }),
      );
  }
  return value;
}
