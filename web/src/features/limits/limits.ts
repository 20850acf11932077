import { msg, t } from "@lingui/core/macro";
import type { BookLimits, Id, PunterLimits } from "@worker/contract";
import { call } from "@/api/call";
import { formatNumber } from "@/ui/locale";
import { fieldNumber } from "@/ui/in-language";

// The book's risk desk on the screens (docs/rules/limits.md, "Limits"): a limit is typed as
// coins, and an empty field means none (for a punter: the book's default).

/** What a limit field shows: its coins, or nothing for none. */
export const limitText = (limit: number | null) => (limit === null ? "" : fieldNumber(limit));

/** A typed limit: null when empty, the coins when above 0 with 2 decimals at most, else undefined (not a limit). */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n <= 0 || Math.round(n * 100) / 100 !== n) return undefined;
  return n;
}

export const LIMIT_PROBLEM = msg`A limit is coins above 0, with 2 decimals at most, or empty.`;

const sameLimits = (a: PunterLimits, b: PunterLimits) =>
  a.maxStake === b.maxStake && a.maxPayoutPerEvent === b.maxPayoutPerEvent;

/** Saves a punter's limits when they changed. */
export async function savePunterLimits(userId: Id, before: PunterLimits, after: PunterLimits): Promise<void> {
  if (!sameLimits(before, after)) await call("PUT /balances/limits", { body: { userId, ...after } });
}

/** The book's defaults as typed: an empty multiples cap is its default. */
export type TypedBookLimits = Omit<BookLimits, "maxMultiplesPayout"> & { maxMultiplesPayout: number | null };

export const saveBookLimits = (bookmakerId: Id, limits: TypedBookLimits) =>
  call("PUT /bookmakers/:bookmakerId/limits", { params: { bookmakerId }, body: limits });

/** How a default reads where a punter has none of his own. */
export function defaultText(value: number | null | undefined): string {
  if (value === null || value === undefined) return t`No limit`;
  const limit = formatNumber(value); // "10 000" in Russian
  return t`Book default: ${limit}`;
}

export type { BookLimits, PunterLimits };
