import type { EventStatus, OutcomeStatus } from "@worker/contract";

/** One outcome of the result view; both the punter's and the bookmaker's event items fit. */
export interface ResultOutcome {
  id: number;
  title: string;
  /** Decimal odds. */
  coefficient: number;
  fractalCoefficient?: string | null;
  status?: OutcomeStatus;
  /** Defaults to status === "WINNER". */
  isWinner?: boolean;
  /** The gain (after settlement) or what-if; older data may send "-12,5". */
  whatIf: number | string;
  /** A non-runner's Rule 4 deduction (pence in the pound). */
  deduction?: number;
  /** Its finishing place once settled (ties share a place); null before, or when unplaced. */
  place?: number | null;
  /** Its starting price once settled, on an event with SP or BOG. */
  sp?: number | null;
  /** What the racing rules took from the viewer's own bet here ("Rule 4: 25p"). */
  notes?: string[];
}

/** A what-if value as a number: accepts a comma as the decimal mark; anything else is 0. */
export function whatIfNumber(value: number | string): number {
  const n = typeof value === "number" ? value : Number(value.trim().replace(",", "."));
  return Number.isFinite(n) ? n : 0;
}

export const isWinner = (o: ResultOutcome) => o.isWinner ?? o.status === "WINNER";
export const isRefunded = (status: EventStatus) => status === "ABANDONED" || status === "CANCELLED";
