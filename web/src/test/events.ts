import type { BookmakerEvent, BookmakerOutcome } from "@worker/contract";
import { BOOK_ID } from "./world";

// Events as the API answers them, for screen tests.

export const item = (
  id: number,
  title: string,
  coefficient: number,
  over: Partial<BookmakerOutcome> = {},
): BookmakerOutcome => ({
  id,
  title,
  coefficient,
  fractalCoefficient: "1/2",
  currCoefficient: coefficient,
  currFractalCoefficient: "1/2",
  status: "ACTIVE",
  whatIf: 0,
  deduction: 0,
  withdrawnAt: null,
  place: null,
  sp: null,
  ...over,
});

export const bookEvent = (id: number, over: Partial<BookmakerEvent> = {}): BookmakerEvent => ({
  id,
  title: "Horse Racing / United Kingdom",
  description: "Race 1 at Ascot",
  status: "READY_FOR_BETS",
  startDate: new Date(Date.now() + 3600_000).toISOString(),
  endDate: new Date(Date.now() + 3 * 3600_000).toISOString(),
  startDate2: null,
  startDate3: null,
  startDate4: null,
  startDate5: null,
  bookmakerId: BOOK_ID,
  maxTotalPayout: 10_000,
  returnPrice: 0.5,
  botEqualizer: false,
  payoutRatioType: null,
  items: [item(11, "Red Rum", 2), item(12, "Shergar", 3), item(13, "Arkle", 5)],
  rule4: false,
  deadHeat: false,
  sp: false,
  bog: false,
  eachWay: null,
  settledAt: null,
  ...over,
});

export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
