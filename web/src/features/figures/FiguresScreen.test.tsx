import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { DailyFigure, Figures, Statement } from "@worker/contract";
import { aBet } from "@/test/bets";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { figure, weekFigures } from "@/test/figures";
import { installTelegram } from "@/test/telegram";
import { thisAndLastWeek } from "./period";

const FIGURES: Figures = weekFigures({
  punters: [
    { userId: 7, username: "winner", ...figure({ added: 500, staked: 100, returned: 300, net: 200, closing: 700 }) },
    { userId: 8, username: "loser", ...figure({ added: 100, staked: 40, net: -40, closing: 60, openStakes: 15 }) },
  ],
  totals: figure({ added: 600, staked: 140, returned: 300, net: 160, closing: 760 }),
  book: { staked: 140, paidOut: 300, refunded: 0, hold: -160, holdPct: -114.29, openLiability: 25 },
});

const DAILY: DailyFigure[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-10-${String(i + 1).padStart(2, "0")}`,
  staked: 10,
  returned: 5,
  hold: i % 2 ? 5 : -3,
}));

function openFigures(extra: Record<string, () => Response> = {}, version = "8.0") {
  const webApp = installTelegram({ version });
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 1, username: "bookie" }),
    "GET /figures": () => json(FIGURES),
    "GET /figures/daily": () => json(DAILY),
    ...extra,
  });
  renderApp("/figures");
  return { calls, webApp };
}

describe("the bookmaker's figures", () => {
  it("shows a row per punter with who owes whom, the totals and the book's hold", async () => {
    const { calls } = openFigures();
    const winner = await screen.findByRole("row", { name: "winner" });
    expect(within(winner).getByText("you owe")).toBeTruthy();
    expect(
      within(winner)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["winner", "100", "300", "200 you owe", "700"]);
    const loser = screen.getByRole("row", { name: "loser" });
    expect(within(loser).getByText("owes you")).toBeTruthy();
    expect(within(loser).getByText("15 in open bets")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: "Totals" })).getByText("760")).toBeTruthy();
    const book = screen.getByRole("region", { name: "Book" });
    expect(within(book).getByText("-160")).toBeTruthy();
    expect(within(book).getByText("-114.29%")).toBeTruthy();
    const week = thisAndLastWeek().thisWeek;
    expect(calls.some((c) => c.path.startsWith(`/figures?from=${week.from}&to=${week.to}&tz=`))).toBe(true);
  });

  it("shows the counter's cash when it took tickets in the period, and nothing of it when none", async () => {
    openFigures();
    await screen.findByRole("row", { name: "winner" });
    expect(screen.queryByRole("region", { name: "Counter" })).toBeNull();
    cleanup();
    openFigures({
      "GET /figures": () => json({ ...FIGURES, counter: { tickets: 3, taken: 45, paid: 30, owed: 12.5, result: 2.5 } }),
    });
    const counter = await screen.findByRole("region", { name: "Counter" });
    expect(within(counter).getByText("Counter: 3 tickets")).toBeTruthy();
    const rows = [...counter.querySelectorAll(".bk-row")].map((r) => r.textContent);
    expect(rows).toEqual(["Cash taken45", "Cash paid30", "Cash owed12.50", "Counter result2.50"]);
  });

  it("draws the last 30 days' hold as bars, above zero for a winning day and below for a losing one", async () => {
    openFigures();
    const chart = await screen.findByRole("img", { name: "Daily hold, last 30 days" });
    const bars = chart.querySelectorAll("rect");
    expect(bars).toHaveLength(30);
    expect(bars[0].getAttribute("class")).toBe("fig-bar-down");
    expect(bars[1].getAttribute("class")).toBe("fig-bar-up");
  });

  it("asks for last week, and for a chosen period", async () => {
    const { calls } = openFigures();
    await screen.findByRole("row", { name: "winner" });
    fireEvent.click(screen.getByRole("tab", { name: "Last week" }));
    const last = thisAndLastWeek().lastWeek;
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith(`/figures?from=${last.from}&to=${last.to}`))).toBe(true),
    );
    fireEvent.click(screen.getByRole("tab", { name: "Period" }));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-01" } });
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith(`/figures?from=2026-01-01&to=${last.to}`))).toBe(true),
    );
  });

  it("opens a punter's statement with his bets and coin movements", async () => {
    const statement: Statement = {
      ...thisAndLastWeek().thisWeek,
      tz: "UTC",
      punter: FIGURES.punters[0],
      bets: [
        aBet(3, {
          eventId: 1,
          eventItemId: 2,
          userId: 7,
          coefficient: 2,
          betsDate: "2026-11-20T10:00:00Z",
          status: "WON",
          money: { amount: 100, currency: "COIN" },
          payout: 200,
          eventTitle: "Derby",
          eventDescription: "",
          outcomeStatus: "WINNER",
        }),
      ],
      movements: [
        { id: 9, kind: "PAYOUT", amount: 200, ref: "bet:3", createdAt: "2026-11-20T12:00:00Z" },
        { id: 8, kind: "STAKE", amount: -100, ref: "event:1", createdAt: "2026-11-20T10:00:00Z" },
      ],
    };
    const { calls } = openFigures({ "GET /figures/punters/7": () => json(statement) });
    fireEvent.click(await screen.findByRole("row", { name: "winner" }));
    const movements = await screen.findByRole("list", { name: "Coin movements" });
    expect(
      within(movements)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^Payout.*\+200$/), expect.stringMatching(/^Stake.*-100$/)]);
    expect(within(screen.getByRole("list", { name: "Bets" })).getByText("Won")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Figures" })).getByText("200 you owe")).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/figures/punters/7?from="))).toBe(true);
  });

  it("hands the CSV to Telegram's download prompt where the client has one", async () => {
    const link = { url: "https://api.test/figures.csv?ticket=x", fileName: "figures-2026-11-16-to-2026-11-22.csv" };
    const { webApp } = openFigures({ "GET /figures/link/figures": () => json(link) });
    const downloadFile = vi.fn();
    Object.assign(webApp, { downloadFile });
    fireEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith({ url: link.url, file_name: link.fileName }));
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();
  });

  it("shows a download link where the client cannot download", async () => {
    const link = { url: "https://api.test/figures.csv?ticket=x", fileName: "figures-2026-11-16-to-2026-11-22.csv" };
    openFigures({ "GET /figures/link/figures": () => json(link) }, "7.0");
    fireEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    const a = await screen.findByRole("link", { name: `Download ${link.fileName}` });
    expect(a.getAttribute("href")).toBe(link.url);
  });
});

describe("the punter's own figures", () => {
  it("shows this week and last week on his history screen", async () => {
    installTelegram();
    const weeks = thisAndLastWeek();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bets/5/": () => json([]),
      "GET /player/events/5": () => json([]),
      [`GET /figures/5/mine?from=${weeks.thisWeek.from}&to=${weeks.thisWeek.to}&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`]:
        () => json(figure({ staked: 30, returned: 0, net: -30, closing: 70 })),
      "GET /figures/5/mine": () => json(figure({ staked: 10, returned: 25, net: 15, closing: 100 })),
    });
    renderApp("/history/5");
    const thisWeek = await screen.findByRole("list", { name: "This week" });
    await waitFor(() => expect(within(thisWeek).getByText("you owe")).toBeTruthy());
    expect(within(thisWeek).getByText("70")).toBeTruthy();
    const lastWeek = screen.getByRole("list", { name: "Last week" });
    await waitFor(() => expect(within(lastWeek).getByText("owed to you")).toBeTruthy());
  });
});
