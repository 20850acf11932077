import type { Figure, Figures } from "@worker/contract";
import { thisAndLastWeek } from "@/features/figures/period";

/** A punter's or the book's figure: nothing but what is given. */
export const figure = (f: Partial<Figure> = {}): Figure => ({
  opening: 0,
  added: 0,
  withdrawn: 0,
  staked: 0,
  returned: 0,
  net: 0,
  closing: 0,
  openStakes: 0,
  ...f,
});

/** GET /figures for this week in UTC, the counter idle, with the given punters, totals and book. */
export const weekFigures = (f: Pick<Figures, "punters" | "totals" | "book">): Figures => ({
  ...thisAndLastWeek().thisWeek,
  tz: "UTC",
  counter: { tickets: 0, taken: 0, paid: 0, owed: 0, result: 0 },
  ...f,
});
