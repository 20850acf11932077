import * as v from "valibot";
import type { Money } from "../contract";

/** The most one call may move: a billion coins, far beyond any real book, well inside 2^53 cents. */
export const MAX_CENTS = 100_000_000_000;

/**
 * A positive coin amount as JSON sends it (`12.5`), turned into integer cents (`1250`).
 * More than two decimals is refused rather than rounded: nobody loses a fraction silently.
 */
export const PositiveCoins = v.pipe(
  v.number("Must be a number."),
  v.finite("Must be a number."),
  v.check((n) => n > 0, "Must be more than 0."),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "At most 2 decimals."),
  v.transform((n) => Math.round(n * 100)),
  v.maxValue(MAX_CENTS, "Too large."),
);

export const fromCents = (cents: number) => cents / 100;
export const money = (cents: number): Money => ({ amount: fromCents(cents), currency: "COIN" });
