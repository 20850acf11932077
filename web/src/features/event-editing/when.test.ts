import { describe, expect, it } from "vitest";
import { dateError, fieldsOf, maskDate, maskTime, startAt, timeError } from "./when";

const NOW = new Date(2030, 5, 15, 12, 0).getTime(); // 15 June 2030, 12:00 local

describe("the Date mask", () => {
  it("keeps digits and puts in the slashes", () => {
    expect(maskDate("2")).toBe("2");
    expect(maskDate("250")).toBe("25/0");
    expect(maskDate("25063")).toBe("25/06/3");
    expect(maskDate("250630")).toBe("25/06/30");
    expect(maskDate("25/06/3099")).toBe("25/06/30");
    expect(maskDate("ab25-06.30")).toBe("25/06/30");
  });

  it("lets a slash be deleted", () => {
    expect(maskDate("25/")).toBe("25");
  });
});

describe("the Time mask", () => {
  it("keeps four digits with a colon", () => {
    expect(maskTime("1")).toBe("1");
    expect(maskTime("183")).toBe("18:3");
    expect(maskTime("18305")).toBe("18:30");
    expect(maskTime("x18:30")).toBe("18:30");
  });
});

describe("date messages", () => {
  it("asks for DD/MM/YY", () => {
    expect(dateError("", "13:00", NOW)).toBe("Invalid date format. Use DD/MM/YY.");
    expect(dateError("15/06/3", "13:00", NOW)).toBe("Invalid date format. Use DD/MM/YY.");
  });

  it("refuses a day the calendar does not have", () => {
    expect(dateError("31/06/30", "13:00", NOW)).toBe("Nonexistent calendar date.");
    expect(dateError("29/02/31", "13:00", NOW)).toBe("Nonexistent calendar date.");
    expect(dateError("00/01/31", "13:00", NOW)).toBe("Nonexistent calendar date.");
    expect(dateError("15/13/30", "13:00", NOW)).toBe("Nonexistent calendar date.");
  });

  it("takes 29 February in a leap year (2000 + YY)", () => {
    expect(dateError("29/02/32", "13:00", NOW)).toBeNull();
  });

  it("wants the date and time in the future", () => {
    expect(dateError("15/06/30", "12:00", NOW)).toBe("Date and time must be in the future.");
    expect(dateError("14/06/30", "23:59", NOW)).toBe("Date and time must be in the future.");
    expect(dateError("15/06/30", "12:01", NOW)).toBeNull();
  });
});

describe("time messages", () => {
  it("asks for HH:MM", () => {
    expect(timeError("")).toBe("Invalid time format. Use HH:MM.");
    expect(timeError("9:30")).toBe("Invalid time format. Use HH:MM.");
  });

  it("keeps hours to 00–23 and minutes to 00–59", () => {
    expect(timeError("24:00")).toBe("Invalid time. Hours 00–23, minutes 00–59.");
    expect(timeError("12:60")).toBe("Invalid time. Hours 00–23, minutes 00–59.");
    expect(timeError("23:59")).toBeNull();
    expect(timeError("00:00")).toBeNull();
  });
});

describe("start time", () => {
  it("reads the fields in local time and shows a date back in them", () => {
    const at = startAt("05/01/31", "07:45")!;
    expect(at.getTime()).toBe(new Date(2031, 0, 5, 7, 45).getTime());
    expect(fieldsOf(at.toISOString())).toEqual({ date: "05/01/31", time: "07:45" });
  });
});
