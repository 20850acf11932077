import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OfferedPrice } from "@worker/contract";
import { json } from "@/test/network";
import { event, openEvents } from "@/test/punter-events";

// In the bet dialog a tap on an outcome's odds shows its price since publication.

const PRICES: OfferedPrice[] = [
  { itemId: 701, at: "2026-11-20T12:00:00.000Z", coefficient: 2.2 },
  { itemId: 702, at: "2026-11-20T12:00:00.000Z", coefficient: 4 },
  { itemId: 701, at: "2026-11-20T12:05:00.000Z", coefficient: 2 },
];

async function openDialog() {
  const calls = await openEvents([event()], { routes: { "GET /player/events/5/70/prices": () => json(PRICES) } });
  fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
  return calls;
}

describe("an outcome's price history in the bet dialog", () => {
  it("opens with a tap on the odds, with that outcome's prices only, and closes with another", async () => {
    const calls = await openDialog();
    expect(calls.some((c) => c.path.endsWith("/prices"))).toBe(false);
    const odds = screen.getByRole("button", { name: /: price history of Red Rum$/ });
    expect(odds.textContent).toBe("2");
    fireEvent.click(odds);
    expect(await screen.findByRole("img", { name: "Price since publication: from 2.2 to 2, 2 prices" })).toBeTruthy();
    expect(screen.getByText("2.2 → 2")).toBeTruthy();
    expect(odds.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(odds);
    expect(screen.queryByRole("img", { name: /^Price since publication/ })).toBeNull();
  });

  it("says when an outcome has no price yet", async () => {
    await openDialog();
    fireEvent.click(screen.getByRole("button", { name: /: price history of Arkle$/ }));
    expect(await screen.findByText("Not offered yet")).toBeTruthy();
  });
});
