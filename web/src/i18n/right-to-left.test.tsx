import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AuditEntry, BookBalances, Statement } from "@worker/contract";
import { thisAndLastWeek } from "@/features/figures/period";
import { auditEntry } from "@/test/audit";
import { figure, weekFigures } from "@/test/figures";
import { bookEvent, item } from "@/test/events";
import { json, stubApi } from "@/test/network";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { PriceChart } from "@/ui/PriceChart";
import { showLanguage } from "./language";

// Arabic screens (docs/decisions/languages.md, "Languages"): a number with a sign or a unit, a username, a
// code and a placing each stand in a direction isolate, or the bidi algorithm shows "10-",
// "11.76%-", "pu_x@" and "Shergar, 2. Arkle .1". An isolate is Unicode's (LRI, RLI or FSI … PDI)
// or an element of its own direction (<bdi>, dir="ltr"); either passes.

/** The marks Intl puts around a sign in Arabic (LRM, RLM, ALM): not what a reader reads. */
const MARKS = /[\u200e\u200f\u061c]/g;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `text` shows on the screen inside an isolate. */
function shownIsolated(text: string): boolean {
  const page = (document.body.textContent ?? "").replace(MARKS, "");
  if (new RegExp(`[\u2066\u2067\u2068]${escaped(text)}\u2069`).test(page)) return true;
  return [...document.body.querySelectorAll("bdi, [dir]")].some(
    (e) => (e.textContent ?? "").replace(MARKS, "").trim() === text,
  );
}

/** The bookmaker's routes, signed in with Arabic as his language. */
const inArabic = () => ({
  ...signedInRoutes(),
  "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice", language: "ar" }),
});

const week = thisAndLastWeek().thisWeek;
const WINNER = { userId: 7, username: "pu_arfdr1", ...figure({ staked: 100, returned: 300, net: 200 }) };

describe("Arabic screens isolate what the bidi algorithm would reorder", { timeout: 30_000 }, () => {
  it("the figures: a negative hold and its percentage keep their sign before them", async () => {
    const figures = weekFigures({
      punters: [WINNER],
      totals: figure({ staked: 100, returned: 300, net: 200 }),
      book: { staked: 100, paidOut: 300, refunded: 0, hold: -10, holdPct: -11.76, openLiability: 0 },
    });
    stubApi({ ...inArabic(), "GET /figures": () => json(figures), "GET /figures/daily": () => json([]) });
    renderAt("/figures");
    await screen.findByRole("row", { name: "pu_arfdr1" });
    expect(document.documentElement.dir).toBe("rtl");
    expect(shownIsolated("-10")).toBe(true);
    expect(shownIsolated("-11.76%")).toBe(true);
    expect(shownIsolated("pu_arfdr1")).toBe(true);
  });

  it("a punter's statement: his username and each movement's sign", async () => {
    const statement: Statement = {
      ...week,
      tz: "UTC",
      punter: WINNER,
      bets: [],
      movements: [
        { id: 9, kind: "PAYOUT", amount: 200, ref: "bet:3", createdAt: "2026-11-20T12:00:00Z" },
        { id: 8, kind: "STAKE", amount: -100, ref: "event:1", createdAt: "2026-11-20T10:00:00Z" },
      ],
    };
    stubApi({ ...inArabic(), "GET /figures/punters/7": () => json(statement) });
    renderAt(`/figures/punter/7?from=${week.from}&to=${week.to}`);
    await screen.findByRole("heading", { name: /pu_arfdr1/ });
    expect(shownIsolated("pu_arfdr1")).toBe(true);
    expect(shownIsolated("+200")).toBe(true);
    expect(shownIsolated("-100")).toBe(true);
  });

  it("the Changes: a punter's @username, the coins taken back and a result's placings", async () => {
    const rows: AuditEntry[] = [
      auditEntry({ action: "COINS_WITHDRAWN", userId: 7, username: "pu_arfdr1", after: { amount: 10 } }),
      auditEntry({
        action: "RESULT",
        eventId: 9,
        after: {
          placings: [
            { itemId: 92, place: 1 },
            { itemId: 93, place: 2 },
          ],
        },
      }),
    ];
    const balances: BookBalances = {
      balance: { amount: 100, currency: "COIN" },
      punters: [
        {
          user: { internalId: 7, username: "pu_arfdr1" },
          money: { amount: 25, currency: "COIN" },
          note: "",
          limits: { maxStake: null, maxPayoutPerEvent: null },
        },
      ],
      limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
    };
    const derby = bookEvent(9, { title: "Derby", items: [item(92, "Shergar", 2), item(93, "Arkle", 3)] });
    stubApi({
      ...inArabic(),
      "GET /audit": () => json(rows),
      "GET /events?view=open": () => json([derby]),
      "GET /events?view=history": () => json([]),
      "GET /balances": () => json(balances),
    });
    renderAt("/changes");
    const list = await screen.findByRole("list");
    await within(list).findByText(/Shergar/);
    expect(shownIsolated("@pu_arfdr1")).toBe(true);
    expect(shownIsolated("-10")).toBe(true);
    expect(shownIsolated("1. Shergar")).toBe(true);
    expect(shownIsolated("2. Arkle")).toBe(true);
  });

  it("the punters' list: each @username", async () => {
    const balances: BookBalances = {
      balance: { amount: 100, currency: "COIN" },
      punters: [
        {
          user: { internalId: 7, username: "pu_arfdr1" },
          money: { amount: 25, currency: "COIN" },
          note: "",
          limits: { maxStake: null, maxPayoutPerEvent: null },
        },
      ],
      limits: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
    };
    stubApi({
      ...inArabic(),
      "GET /balances": () => json(balances),
      "GET /bookmakers/requests": () =>
        json([{ joinRequest: { id: 31, status: "CREATED" }, user: { internalId: 9, username: "bk_dave" } }]),
    });
    renderAt("/playermanagement");
    await screen.findByText(/pu_arfdr1/);
    expect(shownIsolated("@pu_arfdr1")).toBe(true);
    expect(shownIsolated("@bk_dave")).toBe(true);
  });

  it("a price's history: its odds in order, the arrows pointing from the first to the latest", async () => {
    await showLanguage("ar");
    const points = [
      { at: "2026-11-20T10:00:00Z", coefficient: 2.5 },
      { at: "2026-11-20T11:00:00Z", coefficient: 3 },
    ];
    render(<PriceChart points={points} until={Date.parse("2026-11-20T12:00:00Z")} />);
    expect(shownIsolated("2.5 → 3")).toBe(true);
  });

  it("the main page: the invite link, a code, reads left to right", async () => {
    stubApi({
      ...inArabic(),
      "GET /config": () => json({ botUsername: "bk_bot" }),
      [`GET /subscriptions/active/${BOOK_ID}`]: () => json([]),
    });
    renderAt("/mainpage");
    const link = `https://t.me/bk_bot?startapp=bk_${BOOK_ID}`;
    await screen.findByText(link);
    expect(shownIsolated(link)).toBe(true);
  });
});
