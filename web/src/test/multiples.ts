import type { Multiple, MultipleLeg } from "@worker/contract";

// Multiples as the API answers them, for the histories' tests.

export const leg = (
  eventId: number,
  outcomeTitle: string,
  coefficient: number,
  over: Partial<MultipleLeg> = {},
): MultipleLeg => ({
  eventId,
  eventItemId: eventId * 10 + 1,
  eventTitle: `Race ${eventId}`,
  eventDescription: `Race ${eventId} at Ascot`,
  outcomeTitle,
  coefficient,
  atSp: false,
  result: "PENDING" as const,
  factor: null,
  ...over,
});

/** The spec's worked Yankee: 1 a line on A 2/1, B 4/1, C 7/1 and D; D withdrawn, A, B and C won. */
export const wonYankee = (createdAt: string): Multiple => ({
  multipleId: 1,
  kind: "YANKEE",
  amount: 1,
  lines: 11,
  staked: 11,
  status: "WON",
  legs: [
    leg(1, "A", 3, { result: "WON", factor: 3 }),
    leg(2, "B", 5, { result: "WON", factor: 5 }),
    leg(3, "C", 8, { result: "WON", factor: 8 }),
    leg(4, "D", 2.5, { result: "VOID", factor: 1 }),
  ],
  potentialPayout: 736.5,
  payout: 414,
  createdAt,
  settledAt: createdAt,
});

/** A double of 5 still running: its first leg won, its second not yet run. */
export const openDouble = (createdAt: string): Multiple => ({
  multipleId: 2,
  kind: "DOUBLE",
  amount: 5,
  lines: 1,
  staked: 5,
  status: "ACCEPTED",
  legs: [leg(5, "Red Rum", 2, { result: "WON", factor: 1.5 }), leg(6, "Shergar", 4)],
  potentialPayout: 40,
  payout: 0,
  createdAt,
  settledAt: null,
});
