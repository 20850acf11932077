import { describe, expect, it } from "vitest";
import type { Me } from "../contract";
import { call, json, signIn } from "../test/api";
import { giveSubscription, newBook } from "../test/world";

// Book names and terms in any script (docs/DECISIONS.md, "Names and texts in any script"):
// stored NFC-normalised, counted as a person sees them, refused with the field named when they
// hide control, direction or zero-width characters.

async function subscriber() {
  const user = await signIn("owner");
  await giveSubscription(user.userId, "BOOKMAKER");
  return user;
}

const register = (token: string, name: unknown) => call("PUT", "/bookmakers/register", { token, body: { name } });

async function errorOf(res: Response) {
  return (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;
}

const myBook = async (token: string) =>
  (await json<Me>("GET", "/bookmakers/authorizeMe", { token })).bookmakerDto ?? null;

describe("book names and terms in any script", () => {
  it("registers a Russian and an Arabic name and keeps them NFC-normalised", async () => {
    // "й" and "أ" sent decomposed (и + U+0306, ا + U+0654): stored as one character each.
    for (const name of ["Букмекер Андрей", "مراهنات أحمد"]) {
      const owner = await subscriber();
      const sent = name.normalize("NFD");
      expect(sent).not.toBe(name.normalize("NFC"));
      const res = await register(owner.token, ` ${sent} `);
      expect(res.status, name).toBe(200);
      expect((await myBook(owner.token))?.bookmakerName).toBe(name.normalize("NFC"));
    }
  });

  it("counts a name's length in the characters a person sees", async () => {
    // 16 seen, 20 UTF-16 units (Ọ̀ and ọ́ have no single code point); 10 seen, 19 units (three flags).
    for (const name of ["Ọ̀ṣọ́ Ọ̀ṣọ́ Bookies!", `Bookie 🇬🇧🇫🇷🇪🇸`]) {
      const owner = await subscriber();
      const res = await register(owner.token, name);
      expect(res.status, name).toBe(200);
      expect((await myBook(owner.token))?.bookmakerName).toBe(name);
    }
    const owner = await subscriber();
    // 17 seen; 17 seen; 7 seen (28 units).
    for (const name of ["Ọ̀ṣọ́ Ọ̀ṣọ́ Bookmaker", `Bookie ${"🇬🇧".repeat(10)}`, "🇬🇧🇫🇷🇪🇸🇧🇷🇮🇹🇩🇪🇹🇷"]) {
      const res = await register(owner.token, name);
      expect(res.status, name).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: "VALIDATION",
        field: "name",
        message: "Name must be 8 to 16 characters long",
      });
    }
  });

  it("sets terms in Arabic, line breaks kept, NFC-normalised", async () => {
    const book = await newBook();
    const terms = "آخر موعد للدفع يوم الاثنين.\nالدفع نقدًا فقط.";
    const dto = await json("POST", `/bookmakers/${book.bookmakerId}/terms`, {
      token: book.owner.token,
      body: { terms: terms.normalize("NFD") },
    });
    expect(dto).toEqual({ bookmakerId: book.bookmakerId, bookmakerName: book.name, terms: terms.normalize("NFC") });
    expect((await myBook(book.owner.token))?.terms).toBe(terms.normalize("NFC"));
  });

  it("refuses a name or terms hiding direction, zero-width or control characters, with the field named", async () => {
    const owner = await subscriber();
    const cases: [string, string][] = [
      ["Bookie \u202EeteP", "Text direction controls are not allowed."],
      ["Bookie \u200FPete", "Text direction controls are not allowed."],
      ["Bookie\u2066 Pete\u2069", "Text direction controls are not allowed."],
      ["Bookie\u200D Pete", "Invisible characters (such as zero-width spaces) are not allowed."],
      ["Bookie\u200B Pete", "Invisible characters (such as zero-width spaces) are not allowed."],
      ["Bookie\uFEFF Pete", "Invisible characters (such as zero-width spaces) are not allowed."],
      ["Bookie\u0007 Pete", "Control characters are not allowed."],
      ["Tab\there12345", "Control characters are not allowed."],
      ["Bookie\u00AD Pete", "Control characters are not allowed."],
      ["Bookie\nPete", "Line breaks are not allowed here."],
    ];
    for (const [name, message] of cases) {
      const res = await register(owner.token, name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "VALIDATION", field: "name", message });
    }
    expect(await myBook(owner.token)).toBeNull();

    const book = await newBook();
    for (const [terms, message] of [
      ["Cash only \u202E", "Text direction controls are not allowed."],
      ["Cash\u200D only", "Invisible characters (such as zero-width spaces) are not allowed."],
      ["Cash\tonly", "Control characters are not allowed."],
    ]) {
      const res = await call("POST", `/bookmakers/${book.bookmakerId}/terms`, {
        token: book.owner.token,
        body: { terms },
      });
      expect(res.status, JSON.stringify(terms)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "VALIDATION", field: "terms", message });
    }
    expect((await myBook(book.owner.token))?.terms).toBe("");
  });
});

