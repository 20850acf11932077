import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UserSubscription } from "@worker/contract";
import { catalogue } from "@/test/market";
import { SpecialFeatures } from "./MarketSections";

// A feature's row says 'Not active' only once his subscriptions are known: while they load it
// says so, never a word that may be false.

const whatIf: UserSubscription = {
  subscription: { subscriptionType: "WHAT_IF" },
  active: true,
  endDate: "2026-12-28T12:00:00.000Z",
  renewsAt: null,
  renewableFrom: "2026-12-20T12:00:00.000Z",
};
const rows = (mine: UserSubscription[] | undefined) => {
  render(<SpecialFeatures items={catalogue} mine={mine} locked={false} onPick={() => {}} />);
  return screen.getAllByRole("button").map((b) => b.querySelector(".hint")?.textContent);
};

describe("a special feature's row", () => {
  it("reads 'Loading...' while his subscriptions load, never 'Not active'", () => {
    expect(rows(undefined)).toEqual(["Loading...", "Loading..."]);
  });

  it("reads 'Until' its end when he holds it, 'Not active' when he does not", () => {
    expect(rows([whatIf])).toEqual(["Until 28 December, 2026", "Not active"]);
  });
});
