import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AuditEntry, BookBalances } from "@worker/contract";
import { thisAndLastWeek } from "@/features/figures/period";
import { auditEntry } from "@/test/audit";
import { bookEvent, item } from "@/test/events";
import { json, stubApi } from "@/test/network";
import { renderAt, signedInRoutes } from "@/test/world";

// The Changes screen: the book's audit log, newest first, filtered by event or punter.

const entry = auditEntry;

const ROWS: AuditEntry[] = [
  entry({
    at: "2026-11-20T12:10:00.000Z",
    action: "COINS_ADDED",
    userId: 7,
    username: "bob",
    after: { amount: 25 },
    note: "cash in hand",
  }),
  entry({
    at: "2026-11-20T12:05:00.000Z",
    action: "PRICE",
    actor: { userId: 0, username: "system" },
    eventId: 9,
    itemId: 91,
    before: { num: 1, den: 1 },
    after: { num: 4, den: 5 },
  }),
  entry({
    at: "2026-11-20T12:00:00.000Z",
    action: "ODDS",
    eventId: 9,
    itemId: 91,
    before: { items: [{ itemId: 91, coefficient: 2 }], returnPrice: 0.5 },
    after: { items: [{ itemId: 91, coefficient: 2.5 }], returnPrice: 0.9 },
  }),
];

const BALANCES: BookBalances = {
  balance: { amount: 100, currency: "COIN" },
  punters: [
    {
      user: { internalId: 7, username: "bob" },
      money: { amount: 25, currency: "COIN" },
      note: "",
      limits: { maxStake: null, maxPayoutPerEvent: null },
    },
  ],
  limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
};

function openChanges(rows: AuditEntry[] = ROWS) {
  const calls = stubApi({
    ...signedInRoutes(),
    "GET /audit": () => json(rows),
    "GET /events?view=open": () =>
      json([bookEvent(9, { title: "Derby", description: "Epsom", items: [item(91, "Red Rum", 2.5)] })]),
    "GET /events?view=history": () => json([]),
    "GET /balances": () => json(BALANCES),
    "GET /audit/link": () => json({ url: "https://api.test/audit.csv?ticket=x", fileName: "changes.csv" }),
  });
  renderAt("/changes");
  return calls;
}

describe("the Changes screen", () => {
  it("lists the book's changes newest first, in words, with who made them", async () => {
    const calls = openChanges();
    const list = await screen.findByRole("list", { name: "Changes" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual(["Coins added", "Price moved", "Odds changed"]);
    expect(rows[0].textContent).toContain("+25");
    expect(rows[0].textContent).toContain("“cash in hand”");
    expect(rows[0].textContent).toContain("by @alice");
    await waitFor(() => expect(rows[0].textContent).toContain("@bob"));
    await waitFor(() => expect(rows[2].textContent).toContain("Red Rum 2 → 2.5, Return 0.5 → 0.9"));
    expect(rows[1].textContent).toContain("Red Rum 2 → 1.8");
    expect(rows[1].textContent).toContain("by the system");
    expect(rows[2].textContent).toContain("Derby — Epsom");
    const week = thisAndLastWeek().thisWeek;
    expect(calls.some((c) => c.path.startsWith(`/audit?from=${week.from}&to=${week.to}&tz=`))).toBe(true);
  });

  it("names a staff member the change is about by his username, as the answer does, not by his Telegram id", async () => {
    openChanges([
      entry({
        action: "STAFF",
        userId: 1600258076,
        username: "carol",
        before: { role: null },
        after: { role: "CLERK" },
      }),
    ]);
    const [row] = within(await screen.findByRole("list", { name: "Changes" })).getAllByRole("listitem");
    expect(row.textContent).toContain("@carol");
    expect(row.textContent).not.toContain("1600258076");
  });

  it("asks for one event's or one punter's changes", async () => {
    const calls = openChanges();
    await screen.findByRole("list", { name: "Changes" });
    const event = screen.getByLabelText("Event");
    await waitFor(() => expect(within(event).getByRole("option", { name: "Derby — Epsom" })).toBeTruthy());
    fireEvent.change(event, { target: { value: "9" } });
    await waitFor(() => expect(calls.some((c) => /^\/audit\?.*eventId=9/.test(c.path))).toBe(true));
    const punter = screen.getByLabelText("Punter");
    await waitFor(() => expect(within(punter).getByRole("option", { name: "bob" })).toBeTruthy());
    fireEvent.change(punter, { target: { value: "7" } });
    await waitFor(() => expect(calls.some((c) => /^\/audit\?.*eventId=9&userId=7/.test(c.path))).toBe(true));
  });

  it("exports the changes shown as CSV through a download link", async () => {
    const calls = openChanges();
    await screen.findByRole("list", { name: "Changes" });
    fireEvent.change(screen.getByLabelText("Punter"), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByRole("link", { name: "Download changes.csv" })).toBeTruthy();
    expect(calls.some((c) => /^\/audit\/link\?from=.*&userId=7$/.test(c.path))).toBe(true);
  });

  it("is opened from the main page", async () => {
    stubApi({ ...signedInRoutes(), "GET /audit": () => json([]) });
    renderAt("/mainpage");
    fireEvent.click(await screen.findByRole("button", { name: "Changes" }));
    expect(await screen.findByRole("heading", { name: "Changes" })).toBeTruthy();
    expect(await screen.findByText("No changes in this period.")).toBeTruthy();
  });
});
