import { decimalText } from "@common/odds";
import type { AuditAction, AuditEntry } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { dateTime } from "@/ui/dates";

// The Changes screen's words for an audit row: what was done, and what it changed from and to.

export const ACTION_WORDS: Record<AuditAction, string> = {
  PUBLISH: "Published",
  OUTCOMES: "Outcomes changed",
  CLOSE: "Bets closed at the start",
  LIVE: "Reopened",
  SUSPEND: "Back to draft",
  DATES: "Dates moved",
  ODDS: "Odds changed",
  NR: "Non-runner",
  RESULT: "Result",
  ABANDON: "Abandoned",
  UNDO: "Result undone",
  COINS_ADDED: "Coins added",
  COINS_WITHDRAWN: "Coins withdrawn",
  LIMITS: "Limits",
  PRICE: "Price moved",
};

/** Names the rows may mention: outcomes by id. */
export type OutcomeNames = ReadonlyMap<number, string>;

type Values = Record<string, unknown>;

/** A PRICE row's odds ({num, den}) as a decimal coefficient. */
const decimal = (price: Values) => decimalText({ num: Number(price.num), den: Number(price.den) });

const SETTINGS: [key: string, words: string][] = [
  ["returnPrice", "Return"],
  ["maxTotalPayout", "Max payout"],
  ["botEqualizer", "Equalizer"],
  ["rule4", "Rule 4"],
  ["deadHeat", "Dead heat"],
  ["eachWay", "Each-way"],
  ["maxStake", "Max stake"],
  ["maxPayoutPerEvent", "Max payout per event"],
  ["maxMultiplesPayout", "Max multiples payout"],
];

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
};

const outcome = (names: OutcomeNames, id: unknown) => names.get(Number(id)) ?? `#${String(id)}`;

const itemsOf = (v: Values | null) =>
  new Map(((v?.items as { itemId: number; coefficient: number }[] | undefined) ?? []).map((i) => [i.itemId, i]));

function oddsText(before: Values | null, after: Values | null, names: OutcomeNames): string[] {
  const [was, now] = [itemsOf(before), itemsOf(after)];
  const odds = [...now.values()].map(
    (i) => `${outcome(names, i.itemId)} ${shown(was.get(i.itemId)?.coefficient)} → ${i.coefficient}`,
  );
  const settings = SETTINGS.filter(([key]) => after && key in after).map(
    ([key, words]) => `${words} ${shown(before?.[key])} → ${shown(after?.[key])}`,
  );
  return [...odds, ...settings];
}

type Named = { title: string; coefficient: number };

/** Outcomes a draft edit added (with their odds) and removed. */
function fieldText(before: Values | null, after: Values | null): string[] {
  const added = ((after?.added as Named[] | undefined) ?? []).map((i) => `Added ${i.title} ${i.coefficient}`);
  const removed = ((before?.removed as Named[] | undefined) ?? []).map((i) => `Removed ${i.title}`);
  return [...added, ...removed];
}

/** What the row changed, in a line. */
export function changeText(entry: AuditEntry, names: OutcomeNames): string {
  const { before, after } = entry;
  switch (entry.action) {
    case "ODDS":
    case "LIMITS":
      return oddsText(before, after, names).join(", ");
    case "OUTCOMES":
      return [...fieldText(before, after), ...oddsText(before, after, names)].join(", ");
    case "PRICE":
      return `${outcome(names, entry.itemId)} ${shown(before && decimal(before))} → ${shown(after && decimal(after))}`;
    case "DATES":
      return `Start ${dateTime(String(before?.startDate))} → ${dateTime(String(after?.startDate))}`;
    case "NR":
      return [
        `${outcome(names, entry.itemId)}${after?.deduction ? `, Rule 4 deduction ${shown(after.deduction)}p` : ""}`,
        ...oddsText(before, after, names),
      ].join(", ");
    case "RESULT": {
      const placings = (after?.placings as { itemId: number; place: number }[] | undefined) ?? [];
      if (placings.length === 0) return "No result: every bet refunded";
      return placings.map((p) => `${p.place}. ${outcome(names, p.itemId)}`).join(", ");
    }
    case "COINS_ADDED":
      return `+${formatAmount(Number(after?.amount))}`;
    case "COINS_WITHDRAWN":
      return `−${formatAmount(Number(after?.amount))}`;
    default:
      return "";
  }
}
