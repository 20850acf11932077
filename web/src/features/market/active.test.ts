import { describe, expect, it } from "vitest";
import { hasActiveSubscription, isSubscriptionActive, type Holding } from "./active";

const now = Date.parse("2026-06-01T12:00:00Z");
const bookmaker = (active: boolean, endDate: string | null): Holding => ({
  subscription: { subscriptionType: "BOOKMAKER" },
  active,
  endDate,
});

describe("subscription activity", () => {
  it("is active when flagged active with no end date or one still ahead", () => {
    expect(isSubscriptionActive(bookmaker(true, null), now)).toBe(true);
    expect(isSubscriptionActive(bookmaker(true, "2026-06-01T12:00:01Z"), now)).toBe(true);
  });

  it("is not active once the end date has come, or when not flagged active", () => {
    expect(isSubscriptionActive(bookmaker(true, "2026-06-01T12:00:00Z"), now)).toBe(false);
    expect(isSubscriptionActive(bookmaker(false, "2027-01-01T00:00:00Z"), now)).toBe(false);
  });

  it("looks only at subscriptions of the type asked for", () => {
    const whatIf: Holding = { subscription: { subscriptionType: "WHAT_IF" }, active: true, endDate: null };
    expect(hasActiveSubscription([whatIf], "BOOKMAKER", now)).toBe(false);
    expect(hasActiveSubscription([whatIf, bookmaker(true, null)], "BOOKMAKER", now)).toBe(true);
  });
});
