import { readFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@common/languages";

// Every catalogue against its language's glossary (docs/glossary/<language>.md): the mini-app's
// PO files and the API's and bot's JSON. A glossary row's "Never" words (the English a market
// has its own word for, a second word for one term, a wrong word) appear in no text; Rule 4's
// deduction is in pence in English only; Arabic wraps every embedded username, code and figure
// with a unit in direction isolates, which the bidi algorithm would otherwise reorder.

const repo = path.resolve(__dirname, "../../..");
const TRANSLATED = LANGUAGES.filter((l) => l !== "en");

/** Every translated text of a language, each with where it comes from. */
async function texts(language: string): Promise<{ where: string; english: string; text: string }[]> {
  const file = path.join(repo, `web/src/locales/${language}.po`);
  const po = await formatter().parse(readFileSync(file, "utf8"), {
    locale: language,
    sourceLocale: "en",
    filename: file,
  });
  const json = JSON.parse(readFileSync(path.join(repo, `worker/locales/${language}.json`), "utf8")) as Record<
    string,
    string
  >;
  return [
    ...Object.values(po).map((m) => ({
      where: `web ${language}.po`,
      english: m.message ?? "",
      text: m.translation ?? "",
    })),
    ...Object.entries(json).map(([english, text]) => ({ where: `worker ${language}.json`, english, text })),
  ];
}

export interface GlossaryTerm {
  english: string;
  use: string;
  never: string[];
  note: string;
}

/**
 * A glossary's terms: the rows of its tables whose first cell is not the header's "English".
 * Cells: English | Use | Never (";" between words) | Note.
 */
function readGlossary(markdown: string): GlossaryTerm[] {
  const terms: GlossaryTerm[] = [];
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    const [english, use, never, note] = line
      .slice(1, line.trimEnd().endsWith("|") ? line.trimEnd().length - 1 : undefined)
      .split("|")
      .map((cell) => cell.trim());
    if (!english || english === "English") continue;
    terms.push({
      english,
      use: use ?? "",
      never: (never ?? "")
        .split(";")
        .map((w) => w.trim().replace(/^`|`$/g, ""))
        .filter(Boolean),
      note: note ?? "",
    });
  }
  return terms;
}

/**
 * Where a "Never" word shows in `text`: a whole word (any script), or a /pattern/ as written. A
 * placeholder is not a word of the text ({stake}, {book}: names the code gives, never shown).
 */
function uses(text: string, never: string): boolean {
  text = text.replace(/\{\w+\}/g, " ");
  if (never.startsWith("/") && never.endsWith("/")) return new RegExp(never.slice(1, -1), "iu").test(text);
  const escaped = never.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** The words against a glossary in a language's texts. */
async function againstGlossary(language: string, glossary: GlossaryTerm[]): Promise<string[]> {
  const faults: string[] = [];
  for (const { where, text } of await texts(language))
    for (const term of glossary)
      for (const never of term.never)
        if (uses(text, never)) faults.push(`${where}: "${never}" for ${term.english} (use ${term.use}): ${text}`);
  return faults;
}

/** Rule 4 in pence: a British convention, said as a percentage of the winnings elsewhere. */
const PENCE = /\{(deduction|pence)\}\s*p\b|(?<!\{)\bpence\b|\bpeniques\b|\bpenny\b|بنس|пенс/iu;

/** In Arabic, the placeholders the bidi algorithm reorders unless isolated (U+2068 … U+2069). */
const ISOLATED = /@?\{(username|telegramName|code)\}|\{\w+\}\s?%/g;

function unisolated(text: string): string[] {
  const faults: string[] = [];
  for (const match of text.matchAll(ISOLATED)) {
    const before = text[match.index - 1];
    const after = text[match.index + match[0].length];
    if (before !== "\u2068" || after !== "\u2069") faults.push(match[0]);
  }
  return faults;
}

describe("the glossaries", () => {
  it.each(TRANSLATED)("%s: no text uses a word its glossary says never to use", async (language) => {
    const glossary = readGlossary(readFileSync(path.join(repo, `docs/glossary/${language}.md`), "utf8"));
    // A glossary names the betting terms (docs/glossary/README.md): at least the core of them.
    for (const core of ["book", "bookmaker", "punter", "stake", "odds", "each way", "Rule 4", "cash out", "liability"])
      expect(
        glossary.some((t) => t.english.toLowerCase() === core.toLowerCase()),
        `${language} glossary has ${core}`,
      ).toBe(true);
    expect(await againstGlossary(language, glossary)).toEqual([]);
  });

  it.each(TRANSLATED)("%s: Rule 4 is a percentage of the winnings, never pence", async (language) => {
    const pence = (await texts(language))
      .filter(({ text }) => PENCE.test(text))
      .map(({ where, text }) => `${where}: ${text}`);
    expect(pence).toEqual([]);
  });

  it("Arabic isolates every embedded username, code and figure with a unit", async () => {
    const faults = (await texts("ar")).flatMap(({ where, text }) =>
      unisolated(text).map((p) => `${where}: ${p} in ${text}`),
    );
    expect(faults).toEqual([]);
  });

  it("catches what it is for: a Never word, pence, an unisolated username", () => {
    const glossary = readGlossary(
      "| English | Use | Never | Note |\n|---|---|---|---|\n| each way | a dos vías | Each-way; each way | |\n",
    );
    expect(glossary).toEqual([{ english: "each way", use: "a dos vías", never: ["Each-way", "each way"], note: "" }]);
    expect(uses("Apuesta Each-way de {stake}", "Each-way")).toBe(true);
    expect(uses("Apuesta de {stake}", "Each-way")).toBe(false);
    expect(uses("الدفتر", "/دفتر/")).toBe(true);
    expect(uses("Notebook", "book")).toBe(false);
    expect(PENCE.test("Regla 4 {deduction}p")).toBe(true);
    expect(PENCE.test("Regla 4: {deduction} % de las ganancias")).toBe(false);
    expect(unisolated("أزل @{username} من طاقمك؟")).toEqual(["@{username}"]);
    expect(unisolated("أزل \u2068@{username}\u2069 من طاقمك؟")).toEqual([]);
  });
});
