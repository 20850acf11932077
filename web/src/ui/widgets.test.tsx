import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatAmount } from "./amount";
import { Countdown, countdownText } from "./Countdown";
import { dateTime, longDate, shortDate } from "./dates";
import { oddsText } from "./Odds";
import { bookmakerBadge, historyBadge, playerBadge } from "./StatusBadge";

describe("amount formatting", () => {
  it("shows 1,000 and over as K and 1,000,000 and over as M, with two decimals", () => {
    expect(formatAmount(1000)).toBe("1.00K");
    expect(formatAmount(999_999.99)).toBe("999.99K");
    expect(formatAmount(1_000_000)).toBe("1.00M");
    expect(formatAmount(2_345_678)).toBe("2.34M");
  });

  it("truncates rather than rounds", () => {
    expect(formatAmount(1239.99)).toBe("1.23K");
    expect(formatAmount(1_999_999)).toBe("1.99M");
    expect(formatAmount(12.999)).toBe("12.99");
  });

  it("leaves smaller amounts as they are", () => {
    expect(formatAmount(0)).toBe("0");
    expect(formatAmount(250)).toBe("250");
    expect(formatAmount(12.5)).toBe("12.50");
    expect(formatAmount(-1500)).toBe("-1.50K");
  });
});

describe("date formats", () => {
  const d = new Date(2026, 0, 5, 7, 8, 9);
  it("formats short, full and long dates", () => {
    expect(shortDate(d)).toBe("Jan 05, 2026");
    expect(dateTime(d)).toBe("05.01.2026, 07:08:09");
    expect(longDate(d)).toBe("5 January, 2026");
  });
  it("says when the date is unknown", () => {
    expect(shortDate(null)).toBe("Unknown");
    expect(dateTime("not a date")).toBe("Unknown Date / Time");
    expect(longDate(undefined)).toBe("Unknown");
  });
});

describe("the countdown", () => {
  it("shows days, hours, minutes and seconds from the largest unit", () => {
    expect(countdownText(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe("2 D 03 H 04 M 05 S");
    expect(countdownText((4 * 60 + 5) * 1000)).toBe("4 M 05 S");
    expect(countdownText(5000)).toBe("5 S");
  });

  it("ticks every second and shows '00 S' in red once due", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    render(<Countdown to={new Date(Date.now() + 2000).toISOString()} />);
    expect(screen.getByRole("timer").textContent).toBe("2 S");
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole("timer").textContent).toBe("1 S");
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole("timer").textContent).toBe("00 S");
    expect(screen.getByRole("timer").className).toContain("countdown-over");
  });
});

describe("badges", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const future = "2026-06-02T12:00:00Z";
  const past = "2026-05-31T12:00:00Z";
  it("follow the player badge table", () => {
    expect(playerBadge("CREATED", future, now)).toBe("SUSPENDED");
    expect(playerBadge("READY_FOR_BETS", future, now)).toBe("ACTIVE");
    expect(playerBadge("READY_FOR_BETS", past, now)).toBe("SUSPENDED");
    expect(playerBadge("WAITING_FOR_RESULT", past, now)).toBe("SUSPENDED");
    for (const s of ["FINISHED", "WAITING_FOR_CALCULATION", "CALCULATED"] as const)
      expect(playerBadge(s, past, now)).toBe("COMPLETED");
    for (const s of ["CANCELLED", "ABANDONED"] as const) expect(playerBadge(s, past, now)).toBe("ABANDONED");
  });
  it("label the bookmaker's lists", () => {
    expect(bookmakerBadge("READY_FOR_BETS", future, now)).toBe("Active");
    expect(bookmakerBadge("READY_FOR_BETS", past, now)).toBe("Suspended");
    expect(bookmakerBadge("SUSPENDED", future, now)).toBe("Suspended");
    expect(historyBadge("CALCULATED")).toBe("COMPLETED");
    expect(historyBadge("CANCELLED")).toBe("ABANDONED");
  });
});

describe("odds display", () => {
  it("shows fractional odds only when asked and known", () => {
    expect(oddsText(2.5, "6/4", false)).toBe("2.5");
    expect(oddsText(2.5, "6/4", true)).toBe("6/4");
    expect(oddsText(1.333, null, true)).toBe("1.333");
  });
});
