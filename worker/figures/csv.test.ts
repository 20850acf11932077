import { describe, expect, it } from "vitest";
import { weeksAround } from "../../common/calendar";
import type { DownloadLink } from "../contract";
import { call, json } from "../test/api";
import { newEvent, placeBet } from "../test/events";
import { newBook, newPunter } from "../test/world";
import { coins } from "../lib/csv";
import { figuresCsv } from "./csv";

// The CSV exports: columns, amounts written from cents, escaping, and the download link that
// Telegram's downloadFile fetches without our session header.

const period = () => {
  const w = weeksAround(Date.now(), "UTC").thisWeek;
  return `from=${w.from}&to=${w.to}&tz=UTC`;
};

describe("GET /figures.csv", () => {
  it("has a header, a row per punter and a total, amounts in coins with two decimals", async () => {
    const book = await newBook({ coins: 1_000 });
    const punter = await newPunter(book, { coins: 100.5 });
    const race = await newEvent(book, {
      items: [
        ["Red Rum", 2],
        ["Shergar", 3],
      ],
    });
    await placeBet(punter, book, race, 0, 10.25);
    const res = await call("GET", `/figures.csv?${period()}`, { token: book.owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const w = weeksAround(Date.now(), "UTC").thisWeek;
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="figures-${w.from}-to-${w.to}.csv"`);
    expect((await res.text()).split("\r\n")).toEqual([
      "username,user_id,opening,added,withdrawn,staked,returned,net,closing,open_stakes",
      `${punter.username},${punter.userId},0.00,100.50,0.00,10.25,0.00,-10.25,90.25,10.25`,
      "TOTAL,,0.00,100.50,0.00,10.25,0.00,-10.25,90.25,10.25",
      "",
      "counter_tickets,cash_taken,cash_paid,cash_owed,counter_result",
      "0,0.00,0.00,0.00,0.00",
      "",
    ]);
  });

  it("quotes a cell with a comma, quote or line break, and defuses one a spreadsheet would run", () => {
    const zero = { opening: 0, added: 0, withdrawn: 0, staked: 0, returned: 0, net: 0, closing: 0, openStakes: 0 };
    const csv = figuresCsv({
      from: "2026-11-16",
      to: "2026-11-22",
      tz: "UTC",
      punters: [
        { userId: 1, username: 'a,"b"', ...zero },
        { userId: 2, username: "line\nbreak", ...zero },
        { userId: 3, username: "=SUM(A1)", ...zero },
      ],
      totals: zero,
      book: { staked: 0, paidOut: 0, refunded: 0, hold: 0, holdPct: null, openLiability: 0 },
      counter: { tickets: 0, taken: 0, paid: 0, owed: 0, result: 0 },
    });
    const rows = csv.split("\r\n");
    expect(rows[1].startsWith('"a,""b""",1,')).toBe(true);
    expect(rows[2].startsWith('"line\nbreak",2,')).toBe(true);
    expect(rows[3].startsWith("'=SUM(A1),3,")).toBe(true);
  });

  it("writes cents exactly, signs included", () => {
    expect([coins(0), coins(5), coins(-1250), coins(123456789)]).toEqual(["0.00", "0.05", "-12.50", "1234567.89"]);
  });
});

describe("GET /balances/ledger.csv", () => {
  it("lists the book's ledger rows in the period, oldest first, each side named", async () => {
    const book = await newBook({ coins: 1_000 });
    const punter = await newPunter(book, { coins: 100 });
    const res = await call("GET", `/balances/ledger.csv?${period()}`, { token: book.owner.token });
    expect(res.status).toBe(200);
    const rows = (await res.text())
      .trimEnd()
      .split("\r\n")
      .map((r) => r.split(","));
    expect(rows[0]).toEqual(["id", "created_at", "kind", "from", "to", "amount", "ref"]);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[5]])).toEqual([
      ["PURCHASE", "", "pool", "1000.00"],
      ["ALLOCATE", "pool", punter.username, "100.00"],
    ]);
  });
});

describe("download links", () => {
  it("gives a link that downloads the CSV without the session header", async () => {
    const book = await newBook({ coins: 1_000 });
    await newPunter(book, { coins: 5 });
    const link = await json<DownloadLink>("GET", `/figures/link/figures?${period()}`, { token: book.owner.token });
    const url = new URL(link.url);
    expect(url.pathname).toBe("/figures.csv");
    expect(link.fileName).toMatch(/^figures-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const res = await call("GET", `${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("TOTAL,,0.00,5.00");
  });

  it("refuses a ticket for another file, a forged one, and a session token in its place", async () => {
    const book = await newBook();
    const link = new URL((await json<DownloadLink>("GET", "/figures/link/figures", { token: book.owner.token })).url);
    const ticket = link.searchParams.get("ticket")!;
    expect((await call("GET", `/balances/ledger.csv?ticket=${ticket}`)).status).toBe(401);
    expect((await call("GET", `/figures.csv?ticket=${ticket.slice(0, -2)}xx`)).status).toBe(401);
    expect((await call("GET", `/figures.csv?ticket=${book.owner.token}`)).status).toBe(401);
  });

  it("names the file kind it does not know", async () => {
    const book = await newBook();
    const res = await call("GET", "/figures/link/bets", { token: book.owner.token });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { field: string } }>()).error.field).toBe("file");
  });
});
