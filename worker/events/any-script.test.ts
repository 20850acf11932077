import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "../contract";
import { call, json } from "../test/api";
import { draftBody, newEvent } from "../test/events";
import { newBook } from "../test/world";

// Event descriptions and runners in any script (docs/decisions/languages.md, "Names and texts in any
// script"): stored NFC-normalised, refused with the field named when they hide control, direction
// or zero-width characters.

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;

describe("event texts in any script", () => {
  it.each([
    ["Russian", "Скачки в Москве, заезд 3 — 2 400 м", ["Зимний ветер", "Буревестник", "Йошкар-Ола"]],
    ["Arabic", "سباق الخيل في دبي، الشوط الثالث", ["آخر أمل", "سهم الصحراء", "البرق"]],
  ])("publishes an event written in %s and reads it back NFC-normalised", async (_, description, titles) => {
    const book = await newBook({ coins: 1000 });
    // Sent decomposed (й as и + U+0306, آ as ا + U+0653): read back as one character each.
    const event = await newEvent(book, {
      description: description.normalize("NFD"),
      items: titles.map((title, i): [string, number] => [` ${title.normalize("NFD")} `, 2 + i]),
    });
    expect(event.status).toBe("READY_FOR_BETS");
    expect(event.description).toBe(description.normalize("NFC"));
    expect(event.items.map((i) => i.title)).toEqual(titles.map((t) => t.normalize("NFC")));
    const again = await json<BookmakerEvent>("GET", `/events/${event.id}`, { token: book.owner.token });
    expect(again.description).toBe(description.normalize("NFC"));
  });

  it("counts a runner's length in the characters a person sees", async () => {
    const book = await newBook({ coins: 1000 });
    // 24 seen, 96 UTF-16 units.
    const flags = "🇬🇧🇫🇷🇪🇸🇧🇷🇮🇹🇩🇪🇹🇷🇯🇵🇰🇷🇨🇳🇺🇸🇨🇦🇲🇽🇦🇷🇨🇱🇵🇪🇨🇴🇻🇪🇪🇬🇸🇦🇦🇪🇶🇦🇰🇼🇴🇲";
    const event = await newEvent(book, {
      items: [
        [flags, 2],
        ["Arkle", 3],
      ],
    });
    expect(event.items[0].title).toBe(flags);
    const res = await call("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book, {
        items: [
          [`${flags}🇧🇪`, 2],
          ["Arkle", 3],
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ field: "items.0.title", message: "Maximum 24 characters." });
  });

  it("refuses hidden characters in a description or a runner, with the field named", async () => {
    const book = await newBook({ coins: 1000 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ description: "Race 1 \u202Etocsa" }, "description", "Text direction controls are not allowed."],
      [
        { description: "Race\u200B 1" },
        "description",
        "Invisible characters (such as zero-width spaces) are not allowed.",
      ],
      [{ description: "Race\u0000 1" }, "description", "Control characters are not allowed."],
      [{ description: "Race 1\nAscot" }, "description", "Line breaks are not allowed here."],
      [
        {
          items: [
            { title: "Red\u200D Rum", coefficient: 2 },
            { title: "Arkle", coefficient: 3 },
          ],
        },
        "items.0.title",
        "Invisible characters (such as zero-width spaces) are not allowed.",
      ],
      [
        {
          items: [
            { title: "Red Rum", coefficient: 2 },
            { title: "\u2067Arkle", coefficient: 3 },
          ],
        },
        "items.1.title",
        "Text direction controls are not allowed.",
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await call("POST", "/drafts", { token: book.owner.token, body: { ...draftBody(book), ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "VALIDATION", field, message });
    }
  });
});
