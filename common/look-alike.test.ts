import { describe, expect, it } from "vitest";
import { nameSkeleton } from "./look-alike";

describe("a name's skeleton", () => {
  it("is the same for names that look alike", () => {
    const latin = "Bookie Pete";
    for (const lookAlike of [
      "BOOKIE PETE",
      "B\u043E\u043Ekie P\u0435t\u0435", // Cyrillic о and е
      "\u0412\u041E\u041E\u041A\u0406\u0415 \u0420\u0415\u0422\u0415", // Cyrillic capitals ВООКІЕ РЕТЕ
      "\u0392\u039F\u039F\u039A\u0399\u0395 \u03A1\u0395\u03A4\u0395", // Greek capitals ΒΟΟΚΙΕ ΡΕΤΕ
      "B00kie Pete",
      "Book1e Pete",
      "BookIe Pete",
      "Bookle Pete",
      "Böökie Péte",
      "Bo\u0301okie Pete",
      "𝐁𝐨𝐨𝐤𝐢𝐞 𝐏𝐞𝐭𝐞",
      "Ｂｏｏｋｉｅ Ｐｅｔｅ",
      "Bookie  Pete",
      "Bookie\u00A0Pete",
      "Bookie\u3000Pete",
      "Boo\u00ADkie Pete",
      "Bookie Pete\uFE0F",
    ])
      expect(nameSkeleton(lookAlike), lookAlike).toBe(nameSkeleton(latin));
    expect(nameSkeleton("Modern Bets")).toBe(nameSkeleton("Modem Bets"));
    expect(nameSkeleton("Sea-Side")).toBe(nameSkeleton("Sea\u2013Side"));
    expect(nameSkeleton("Joe's Book")).toBe(nameSkeleton("Joe\u2019s Book"));
    expect(nameSkeleton("Букмекер")).toBe(nameSkeleton("БУКМЕКЕР"));
    expect(nameSkeleton("ΝΕΑ ΗΜΕΡΑ")).toBe(nameSkeleton("NEA HMEPA")); // Greek capitals
    expect(nameSkeleton("مراهنات أحمد")).toBe(nameSkeleton("مراهنات احمد"));
  });

  it("differs for names that do not", () => {
    const distinct = ["Bookie Pete", "Bookie Pets", "Bookie Peter", "Bookie Pate", "Букмекер Иван", "Букмекер Ivan"];
    expect(new Set(distinct.map(nameSkeleton)).size).toBe(distinct.length);
    expect(nameSkeleton("Book00000001")).not.toBe(nameSkeleton("Book00000010"));
  });
});
