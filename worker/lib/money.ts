import * as v from "valibot";
import type { Money } from "../contract";
import { en } from "./words";

/** The most one call may move: a billion coins, far beyond any real book, well inside 2^53 cents. */
export const MAX_CENTS = 100_000_000_000;

/** Whether `n` is a whole number of cents exactly as sent: `12.34` is, `12.340000001` and `1e-9` are not. */
export const isWholeCents = (n: number) => Number.isFinite(n) && Math.round(n * 100) / 100 === n;

/**
 * A positive coin amount as JSON sends it (`12.5`), turned into integer cents (`1250`).
 * More than two decimals is refused rather than rounded, however small the excess: nobody
 * loses or gains a fraction silently, and nothing rounds down to 0 cents. Any number written
 * with at most two decimals parses to the double nearest to k/100, the same double as
 * `Math.round(n * 100) / 100`, so the test is exact equality.
 */
export const PositiveCoins = v.pipe(
  v.number(en("Must be a number.")),
  v.finite(en("Must be a number.")),
  v.check((n) => n > 0, en("Must be more than 0.")),
  v.check(isWholeCents, en("At most 2 decimals.")),
  v.transform((n) => Math.round(n * 100)),
  v.minValue(1, en("Must be more than 0.")),
  v.maxValue(MAX_CENTS, en("Too large.")),
);

export const fromCents = (cents: number) => cents / 100;
export const money = (cents: number): Money => ({ amount: fromCents(cents), currency: "COIN" });
