import { describe, expect, it } from "vitest";
import {
  addDays,
  dateIn,
  isCalendarDate,
  isTimeZone,
  mondayOf,
  periodBounds,
  startOfDay,
  weeksAround,
} from "./calendar";

// These run inside workerd, so they also prove its Intl knows the time zones figures use.

const iso = (ms: number) => new Date(ms).toISOString();

describe("calendar dates in a time zone", () => {
  it("accepts real dates only", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-28")).toBe(false);
    expect(isCalendarDate("2026-02-28T00:00")).toBe(false);
  });

  it("knows IANA zones and refuses made-up ones", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("runs weeks from Monday to Sunday", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // a Sunday
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("starts a day at local midnight", () => {
    expect(iso(startOfDay("2026-11-16", "America/New_York"))).toBe("2026-11-16T05:00:00.000Z");
    expect(iso(startOfDay("2026-11-16", "Asia/Kolkata"))).toBe("2026-11-15T18:30:00.000Z");
    expect(periodBounds("2026-11-16", "2026-11-22", "UTC")).toEqual({
      start: "2026-11-16T00:00:00.000Z",
      end: "2026-11-23T00:00:00.000Z",
    });
  });

  it("gives a day cut short or lengthened by a clock change its true length", () => {
    expect(iso(startOfDay("2026-03-29", "Europe/London"))).toBe("2026-03-29T00:00:00.000Z");
    expect(iso(startOfDay("2026-03-30", "Europe/London"))).toBe("2026-03-29T23:00:00.000Z");
    expect(iso(startOfDay("2026-10-25", "Europe/London"))).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(startOfDay("2026-10-26", "Europe/London"))).toBe("2026-10-26T00:00:00.000Z");
  });

  it("starts a day whose midnight a clock change skips at its first real moment", () => {
    // Beirut jumps from 00:00 to 01:00 on the last Sunday of March.
    expect(iso(startOfDay("2026-03-29", "Asia/Beirut"))).toBe("2026-03-28T22:00:00.000Z");
    expect(dateIn(startOfDay("2026-03-29", "Asia/Beirut"), "Asia/Beirut")).toBe("2026-03-29");
  });

  it("puts Sunday 23:30 local in that week, though UTC has moved on to Monday", () => {
    const sundayNight = Date.parse("2026-11-23T04:30:00Z"); // 23:30 in New York
    expect(weeksAround(sundayNight, "America/New_York").thisWeek).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(weeksAround(sundayNight, "UTC").thisWeek).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });
});
