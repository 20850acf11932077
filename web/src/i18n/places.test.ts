import { afterEach, describe, expect, it } from "vitest";
import { COUNTRIES, SPORTS } from "@worker/events/catalog";
import { COUNTRY_CODES } from "@common/countries";
import { countryName, shownTitle, sportName } from "./common-words";
import { showLanguage } from "./language";

// Sports and countries in the reader's language; the stored English stays the key.

afterEach(() => showLanguage("en"));

describe("an event's sport and country", () => {
  it("read as stored in English", () => {
    expect(shownTitle("Horse Racing / Ireland")).toBe("Horse Racing / Ireland");
    expect(shownTitle("Football / Cote d'Ivoire")).toBe("Football / Cote d'Ivoire");
    expect(countryName("International")).toBe("International");
  });

  it("read in Russian and Arabic: sports from the catalogue, countries by their ISO code", async () => {
    await showLanguage("ru");
    expect(shownTitle("Horse Racing / Ireland")).toBe("Скачки / Ирландия");
    expect(countryName("International")).toBe("Международное");
    await showLanguage("ar");
    expect(shownTitle("Horse Racing / Ireland")).toBe("سباق الخيل / أيرلندا");
    expect(sportName("Football")).toBe("كرة القدم");
  });

  it("leave a title of another shape, and a name no list has, as written", async () => {
    await showLanguage("ru");
    expect(shownTitle("Derby day")).toBe("Derby day");
    expect(shownTitle("Curling / Ireland")).toBe("Curling / Ирландия");
  });

  it("cover every sport and country the event form offers", async () => {
    for (const country of COUNTRIES)
      expect(country === "International" || COUNTRY_CODES[country] !== undefined, country).toBe(true);
    // Russian writes every sport in its own words (MMA too, in Cyrillic): none left in English.
    await showLanguage("ru");
    expect(SPORTS.filter((sport) => sportName(sport) === sport)).toEqual([]);
    expect(COUNTRIES.filter((country) => /[A-Za-z]/.test(countryName(country)))).toEqual([]);
  });
});
