import { msg, t } from "@lingui/core/macro";
import { decimalText } from "@common/odds";
import type { AuditAction, AuditEntry } from "@worker/contract";
import { formatAmount, formatSigned } from "@/ui/amount";
import { formatNumber } from "@/ui/locale";
import { isolated } from "@/ui/bidi";
import { startTime } from "@/ui/dates";
import { i18n, type MessageDescriptor } from "@/i18n/runtime";
import { joinList } from "@/ui/in-language";

// The Changes screen's words for an audit row: what was done, and what it changed from and to.

const ACTIONS: Record<AuditAction, MessageDescriptor> = {
  PUBLISH: msg`Published`,
  OUTCOMES: msg`Outcomes changed`,
  CLOSE: msg`Bets closed at the start`,
  LIVE: msg`Reopened`,
  SUSPEND: msg`Back to draft`,
  DATES: msg`Dates moved`,
  ODDS: msg`Odds changed`,
  NR: msg`Non-runner`,
  RESULT: msg`Result`,
  ABANDON: msg`Abandoned`,
  UNDO: msg`Result undone`,
  COINS_ADDED: msg`Coins added`,
  COINS_WITHDRAWN: msg`Coins withdrawn`,
  LIMITS: msg`Limits`,
  PRICE: msg`Price moved`,
  CASH_OUT_SETTING: msg`Cash out`,
  CASH_OUT: msg`Cashed out`,
  STAFF: msg`Staff`,
  TICKET_PAID: msg`Ticket paid`,
  PRICE_REQUEST: msg`Price request`,
};

/** A staff role in the reader's words; a dash for none (added, or removed). */
const roleText = (role: unknown) => (role === "CLERK" ? t`Clerk` : role === "MANAGER" ? t`Manager` : "—");

/** An action's words, in the language shown. */
export const actionWords = (action: AuditAction): string => i18n._(ACTIONS[action]);

/** Names the rows may mention: outcomes by id. */
export type OutcomeNames = ReadonlyMap<number, string>;

type Values = Record<string, unknown>;

/** A PRICE row's odds ({num, den}) as a decimal coefficient. */
const decimal = (price: Values) => decimalText({ num: Number(price.num), den: Number(price.den) });

const SETTINGS: [key: string, words: MessageDescriptor][] = [
  ["returnPrice", msg`Return`],
  ["maxTotalPayout", msg`Max payout`],
  ["botEqualizer", msg`Equalizer`],
  ["rule4", msg`Rule 4`],
  ["deadHeat", msg`Dead heat`],
  ["eachWay", msg`Each-way`],
  ["maxStake", msg`Max stake`],
  ["maxPayoutPerEvent", msg`Max payout per event`],
  ["maxMultiplesPayout", msg`Max multiples payout`],
  ["enabled", msg`Cash out`],
  ["margin", msg`Margin`],
];

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return t`none`;
  if (typeof value === "boolean") return value ? t`on` : t`off`;
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
};

const outcome = (names: OutcomeNames, id: unknown) => names.get(Number(id)) ?? `#${String(id)}`;

const itemsOf = (v: Values | null) =>
  new Map(((v?.items as { itemId: number; coefficient: number }[] | undefined) ?? []).map((i) => [i.itemId, i]));

function oddsText(before: Values | null, after: Values | null, names: OutcomeNames): string[] {
  const [was, now] = [itemsOf(before), itemsOf(after)];
  const odds = [...now.values()].map(
    (i) => `${outcome(names, i.itemId)} ${shown(was.get(i.itemId)?.coefficient)} → ${shown(i.coefficient)}`,
  );
  const settings = SETTINGS.filter(([key]) => after && key in after).map(
    ([key, words]) => `${i18n._(words)} ${shown(before?.[key])} → ${shown(after?.[key])}`,
  );
  return [...odds, ...settings];
}

type Named = { title: string; coefficient: number };

/** Outcomes a draft edit added (with their odds) and removed. */
function fieldText(before: Values | null, after: Values | null): string[] {
  const added = ((after?.added as Named[] | undefined) ?? []).map(({ title, coefficient: odds }) => {
    const coefficient = shown(odds);
    return t`Added ${title} ${coefficient}`;
  });
  const removed = ((before?.removed as Named[] | undefined) ?? []).map(({ title }) => t`Removed ${title}`);
  return [...added, ...removed];
}

/** A price request's row (asked, answered, expired, taken): its stake and price, as the request then stood. */
function priceRequestText(after: Values | null, names: OutcomeNames, itemId: number | null): string {
  const stake = formatAmount(Number(after?.amount));
  const odds = shown(after?.coefficient);
  const step =
    after?.status === "PENDING"
      ? t`asked ${stake} at ${odds}`
      : after?.status === "OFFERED"
        ? t`offered ${stake} at ${odds}`
        : after?.status === "TAKEN"
          ? t`taken ${stake} at ${odds}`
          : after?.status === "DECLINED"
            ? t`declined ${stake} at ${odds}`
            : t`expired ${stake} at ${odds}`;
  return itemId === null ? step : joinList([outcome(names, itemId), step]);
}

/** What the row changed, in a line. */
export function changeText(entry: AuditEntry, names: OutcomeNames): string {
  const { before, after } = entry;
  switch (entry.action) {
    case "ODDS":
    case "LIMITS":
    case "CASH_OUT_SETTING":
      return joinList(oddsText(before, after, names));
    case "OUTCOMES":
      return joinList([...fieldText(before, after), ...oddsText(before, after, names)]);
    case "PRICE":
      return `${outcome(names, entry.itemId)} ${shown(before && decimal(before))} → ${shown(after && decimal(after))}`;
    case "DATES": {
      const from = startTime(String(before?.startDate));
      const to = startTime(String(after?.startDate));
      return t`Start ${from} → ${to}`;
    }
    case "NR": {
      const name = outcome(names, entry.itemId);
      const deduction = after?.deduction ? shown(after.deduction) : null;
      const withdrawn = deduction ? t`${name}, Rule 4 deduction ${deduction}p` : name;
      return joinList([withdrawn, ...oddsText(before, after, names)]);
    }
    case "RESULT": {
      const placings = (after?.placings as { itemId: number; place: number }[] | undefined) ?? [];
      if (placings.length === 0) return t`No result: every bet refunded`;
      return joinList(placings.map((p) => isolated(`${p.place}. ${outcome(names, p.itemId)}`)));
    }
    case "CASH_OUT": {
      const value = formatAmount(Number(after?.value));
      return entry.itemId === null ? value : `${outcome(names, entry.itemId)} ${value}`;
    }
    case "STAFF":
      return `${roleText(before?.role)} → ${roleText(after?.role)}`;
    case "TICKET_PAID":
      return `${isolated(String(after?.code))} ${formatAmount(Number(after?.amount))}`;
    case "PRICE_REQUEST":
      return priceRequestText(after, names, entry.itemId);
    case "COINS_ADDED":
      return formatSigned(Number(after?.amount));
    case "COINS_WITHDRAWN":
      return formatSigned(-Number(after?.amount));
    default:
      return "";
  }
}
