import { msg } from "@lingui/core/macro";
import { ladderOdds } from "@common/odds";
import type { MessageDescriptor } from "@/i18n/runtime";
import { typedCents } from "@/ui/typed-cents";

// The bet volume rules (docs/rules/betting.md, "Bet dialog"), as pure functions of the event, the
// outcome and the punter's coins, counted in whole cents.

export type VolumeChoice = "none" | "max" | "4/5" | "3/4" | "1/2" | "1/3" | "1/4" | "custom";

/** The choices' labels are read at render (`i18n._(label)`), in the language chosen by then. */
export const VOLUME_CHOICES: ReadonlyArray<{ choice: VolumeChoice; label: MessageDescriptor; factor?: number }> = [
  { choice: "none", label: msg`No Bet` },
  { choice: "max", label: msg`Max`, factor: 1 },
  { choice: "4/5", label: msg`4/5 Max`, factor: 0.8 },
  { choice: "3/4", label: msg`3/4 Max`, factor: 0.75 },
  { choice: "1/2", label: msg`1/2 Max`, factor: 0.5 },
  { choice: "1/3", label: msg`1/3 Max`, factor: 0.33 },
  { choice: "1/4", label: msg`1/4 Max`, factor: 0.25 },
  { choice: "custom", label: msg`My bet` },
];

export interface Stake {
  choice: VolumeChoice;
  amount: number;
}

export const NO_BET: Stake = { choice: "none", amount: 0 };

/** Fractional odds from the decimal the API gives: the ladder's rung (a price off it by its thousandths). */
const oddsOf = (coefficient: number) =>
  ladderOdds(coefficient) ?? { num: Math.round(coefficient * 1000) - 1000, den: 1000 };

/** ⌊a ÷ b⌋ of whole numbers, without a float's quotient. */
const divDown = (a: number, b: number) => (a - (a % b)) / b;

/**
 * The stake whose return reaches the event's max total payout at these odds (the spec's Max), in
 * cents rounded down (a cent more would pay past it: the API would refuse it), and never more
 * than `room`, what the outcome still takes once other punters' bets count (the API's
 * `maxStake`): a Max the server would refuse helps nobody.
 */
function maxStakeCents(maxTotalPayout: number, coefficient: number, room = Infinity): number {
  if (!(coefficient > 0)) return 0;
  const odds = oddsOf(coefficient);
  const byPayout = divDown(Math.round(maxTotalPayout * 100) * odds.den, odds.num + odds.den);
  return room === Infinity ? byPayout : Math.min(byPayout, Math.round(room * 100));
}

export const maxStake = (maxTotalPayout: number, coefficient: number, room = Infinity) =>
  maxStakeCents(maxTotalPayout, coefficient, room) / 100;

/**
 * A preset's amount: its factor (two decimals) of Max, rounded down to the cent. Max is capped at
 * the punter's coins first, so with fewer coins than the payout allows the fractions still split
 * his coins rather than all showing the whole of them.
 */
export function presetAmount(
  factor: number,
  maxTotalPayout: number,
  coefficient: number,
  coins: number,
  room = Infinity,
): number {
  const max = Math.max(0, Math.min(maxStakeCents(maxTotalPayout, coefficient, room), Math.round(coins * 100)));
  return divDown(max * Math.round(factor * 100), 100) / 100;
}

/** 'My bet': the smaller of what was typed (cut to the cent), the max stake and the coins; null if it is not a number. */
export function customAmount(
  entered: string,
  maxTotalPayout: number,
  coefficient: number,
  coins: number,
  room = Infinity,
): number | null {
  const typed = typedCents(entered);
  if (typed === null) return null;
  return Math.max(0, Math.min(typed, maxStakeCents(maxTotalPayout, coefficient, room), Math.round(coins * 100))) / 100;
}

/** The amount a choice stands for now (presets follow the coins and the odds as they change). */
export function amountOf(
  choice: VolumeChoice,
  maxTotalPayout: number,
  coefficient: number,
  coins: number,
  room = Infinity,
): number {
  const factor = VOLUME_CHOICES.find((c) => c.choice === choice)?.factor;
  return factor === undefined ? 0 : presetAmount(factor, maxTotalPayout, coefficient, coins, room);
}

/** Counted in cents so 0.1 + 0.2 is not more than 0.3. */
export const totalStake = (amounts: number[]) => amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;

export const exceedsCoins = (amounts: number[], coins: number) =>
  Math.round(totalStake(amounts) * 100) > Math.round(coins * 100);

/** An each-way bet stakes its amount twice, once on each part; a win bet once. */
export const staked = (amount: number, eachWay: boolean) => (eachWay ? 2 * amount : amount);
