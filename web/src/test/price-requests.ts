import type { PriceRequest } from "@worker/contract";

/** A price request as GET /price-requests answers it: bob asks 500 on Arkle (703) at 6 in event 70 of book 5. */
export const priceRequest = (extra: Partial<PriceRequest> = {}): PriceRequest => ({
  id: 9,
  bookmakerId: 5,
  eventId: 70,
  eventItemId: 703,
  userId: 42,
  username: "bob",
  amount: 500,
  coefficient: 6,
  eachWay: false,
  status: "PENDING",
  offer: null,
  answeredBy: null,
  betId: null,
  createdAt: new Date().toISOString(),
  ...extra,
});

/** The same, offered: `amount` at `coefficient`, standing `seconds` more. */
export const offered = (amount: number, coefficient: number, seconds = 45, extra: Partial<PriceRequest> = {}) =>
  priceRequest({
    status: "OFFERED",
    offer: { amount, coefficient, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() },
    answeredBy: { userId: 1, username: "alice" },
    ...extra,
  });
