import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Me } from "../contract";
import { call, json, signIn } from "../test/api";
import { giveSubscription, newBook } from "../test/world";
import { nameSkeleton } from "../../common/look-alike";

// Book names and terms in any script (docs/decisions/languages.md, "Names and texts in any script"):
// stored NFC-normalised, counted as a person sees them, refused with the field named when they
// hide control, direction or zero-width characters, and refused 409 when a name looks like
// another book's.

async function subscriber() {
  const user = await signIn("owner");
  await giveSubscription(user.userId, "BOOKMAKER");
  return user;
}

const register = (token: string, name: unknown) => call("PUT", "/bookmakers/register", { token, body: { name } });
const rename = (token: string, name: unknown) => call("POST", "/bookmakers/rename", { token, body: { name } });

async function errorOf(res: Response) {
  return (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;
}

const myBook = async (token: string) =>
  (await json<Me>("GET", "/bookmakers/authorizeMe", { token })).bookmakerDto ?? null;

/** Three letters no other test's name has, so a run's names never meet another file's. */
function tag() {
  const letters = "bcdfghjkmpqstvwxz";
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

const LOOKS_ALIKE = "This name looks like another book's name.";

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

  it("refuses a name that looks like another book's, on registering: 409 NAME_TAKEN", async () => {
    const latin = `Bookie Pete ${tag()}`;
    const first = await subscriber();
    expect((await register(first.token, latin)).status).toBe(200);
    const lookAlikes = [
      latin.replace(/o/g, "\u043E").replace(/e/g, "\u0435"), // Cyrillic о and е
      latin.replace("oo", "00"),
      latin.replace("B", "\u0392").replace("k", "\u043A"), // Greek Β, Cyrillic к
      latin.replace("i", "1"),
      latin.toUpperCase().replace(/I/g, "l"),
      latin.replace("Pete", "Pe\u0301te"), // an accent dropped
      latin.replace(" ", "\u00A0"), // a no-break space
    ];
    for (const name of lookAlikes) {
      const other = await subscriber();
      const res = await register(other.token, name);
      expect(res.status, name).toBe(409);
      expect(await errorOf(res)).toEqual({ code: "NAME_TAKEN", message: LOOKS_ALIKE });
      expect(await myBook(other.token)).toBeNull();
    }
    // The same name in other letters' case is still "taken", as before.
    const other = await subscriber();
    const res = await register(other.token, latin.toUpperCase());
    expect(await errorOf(res)).toEqual({ code: "NAME_TAKEN", message: "This name is taken." });
  });

  it("refuses to rename a book to a look-alike of another's, and lets a book rename to a look-alike of its own name", async () => {
    const book = await newBook();
    const other = await newBook();
    const spoof = other.name.replace("B", "\u0412").replace(/o/g, "\u043E"); // Cyrillic В, о
    expect(spoof).not.toBe(other.name);
    const res = await rename(book.owner.token, spoof);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "NAME_TAKEN", message: LOOKS_ALIKE });
    expect(await errorOf(await rename(book.owner.token, other.name.replace("o", "0")))).toEqual({
      code: "NAME_TAKEN",
      message: LOOKS_ALIKE,
    });
    expect((await myBook(book.owner.token))?.bookmakerName).toBe(book.name);

    const own = book.name.replace(/o/g, "\u043E");
    expect(await json("POST", "/bookmakers/rename", { token: book.owner.token, body: { name: own } })).toMatchObject({
      bookmakerName: own,
    });
    // The look is stored with the name, so a later book cannot take the old spelling either.
    const late = await subscriber();
    expect(await errorOf(await register(late.token, book.name))).toEqual({ code: "NAME_TAKEN", message: LOOKS_ALIKE });
    const stored = await env.DB.prepare("SELECT name_skeleton FROM bookmakers WHERE id = ?1")
      .bind(book.bookmakerId)
      .first<{ name_skeleton: string }>();
    expect(stored?.name_skeleton).toBeTruthy();
  });
});

describe("the skeletons migration 0022 gave the names before it", () => {
  it("are the code's for every name the old rule allowed (printable ASCII)", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0022_"));
    const fill = migration?.queries
      .map((q) => /UPDATE bookmakers SET name_skeleton =([\s\S]+)WHERE name_skeleton IS NULL/.exec(q)?.[1])
      .find(Boolean);
    expect(fill).toBeDefined();
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
    const names = [
      ...Array.from({ length: 95 }, (_, i) => `Ab${ascii[i]}${ascii[i]}cd${ascii[(i * 7) % 95]}Z`.trim()),
      "Bookie Pete",
      "B00KIE PETE",
      "Ill|1 lIl0Oo",
      "Barn rnrn Born",
      "A              B",
      "A  B   C    D",
      "Mr. R&N's (1)!",
    ];
    for (const name of names) {
      const row = await env.DB.prepare(`SELECT ${fill} AS skeleton FROM (SELECT ?1 AS name)`)
        .bind(name)
        .first<{ skeleton: string }>();
      expect(row?.skeleton, name).toBe(nameSkeleton(name));
    }
  });
});
