import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { getConfig } from "@lingui/conf";
import { getCatalogs } from "@lingui/cli/api";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatMessage, type CompiledMessage } from "@common/i18n/format";
import { LANGUAGES } from "@common/languages";

// Every catalogue whole (README, "Languages"): the mini-app's PO files (web/src/locales) and the
// API's and bot's JSON (worker/locales). Each message of the code is in English's catalogue and
// translated in every other language, with the same placeholders and every plural form the
// language has; and common/i18n/format.ts formats each exactly as Lingui's own I18n would.

const repo = path.resolve(__dirname, "../../..");
const TRANSLATED = LANGUAGES.filter((l) => l !== "en");

async function readPo(language: string): Promise<Record<string, { message?: string; translation?: string }>> {
  const file = path.join(repo, `web/src/locales/${language}.po`);
  return formatter().parse(readFileSync(file, "utf8"), { locale: language, sourceLocale: "en", filename: file });
}

const readJson = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(repo, `worker/locales/${language}.json`), "utf8"));

/** Each placeholder of a compiled message, and each plural or select with the cases it has. */
function shapeOf(message: CompiledMessage) {
  const names = new Set<string>();
  const choices: { name: string; type: string; cases: string[] }[] = [];
  const walk = (m: CompiledMessage) => {
    if (typeof m === "string") return;
    for (const token of m) {
      if (typeof token === "string") continue;
      const [name, type, format] = token;
      names.add(name);
      if (type === "plural" || type === "selectordinal" || type === "select") {
        const cases = Object.keys(format as object).filter((k) => k !== "offset");
        choices.push({ name, type, cases });
        for (const key of cases) walk((format as Record<string, CompiledMessage>)[key]);
      }
    }
  };
  walk(message);
  return { names: [...names].sort(), choices };
}

/** What a catalogue's translation lacks against its English: a list of faults, empty when whole. */
function faults(language: string, english: string, translation: string | undefined): string[] {
  if (!translation?.trim()) return [`missing: ${english}`];
  let theirs: CompiledMessage;
  try {
    theirs = compileMessage(translation);
  } catch (err) {
    return [`not ICU (${(err as Error).message}): ${translation}`];
  }
  const ours = shapeOf(compileMessage(english));
  const shape = shapeOf(theirs);
  const found: string[] = [];
  if (shape.names.join() !== ours.names.join())
    found.push(`placeholders {${shape.names.join("}, {")}} for {${ours.names.join("}, {")}}: ${english}`);
  for (const choice of shape.choices) {
    if (choice.type === "select") continue;
    const type = choice.type === "plural" ? "cardinal" : "ordinal";
    const needed = new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories;
    const lacking = needed.filter((c) => !choice.cases.includes(c));
    if (lacking.length) found.push(`${choice.type} {${choice.name}} lacks ${lacking.join(", ")}: ${translation}`);
  }
  return found;
}

/** Values to try a message with: numbers for its plurals, words for the rest. */
function samples(message: CompiledMessage): Record<string, unknown>[] {
  const { names, choices } = shapeOf(message);
  const counted = new Set(choices.filter((c) => c.type !== "select").map((c) => c.name));
  return [0, 1, 2, 3, 5, 11, 21, 22, 101, 1234].map((n, i) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        counted.has(name)
          ? n
          : (choices.find((c) => c.name === name)?.cases[i % Math.max(1, choices.length)] ?? `«${name}»`),
      ]),
    ),
  );
}

describe("the mini-app's catalogues", () => {
  it("hold every message of the code (npm run i18n:extract gathers them)", async () => {
    const [catalog] = await getCatalogs(getConfig({ cwd: repo, configPath: path.join(repo, "lingui.config.ts") }));
    const inCode = await catalog.collect();
    const english = await readPo("en");
    const notGathered = Object.values(inCode ?? {})
      .map((m) => m.message)
      .filter((m) => !Object.values(english).some((e) => e.message === m));
    expect(notGathered).toEqual([]);
  }, 60_000);

  it.each(TRANSLATED)("are whole in %s", async (language) => {
    const english = await readPo("en");
    const theirs = await readPo(language);
    const found = Object.entries(english).flatMap(([id, { message }]) =>
      faults(language, message ?? id, theirs[id]?.translation),
    );
    expect(found).toEqual([]);
  });
});

describe("the API's and the bot's catalogues", () => {
  it("hold every text the worker's code marks, and no other (npm run i18n:extract)", async () => {
    // @ts-expect-error: a plain JavaScript module of the scripts, without types
    const { markedTexts } = await import("../../../scripts/i18n-worker.mjs");
    const inCode = [...(markedTexts() as Map<string, string[]>).keys()].sort();
    for (const language of TRANSLATED) expect(Object.keys(readJson(language)).sort(), language).toEqual(inCode);
  });

  it.each(TRANSLATED)("are whole in %s", (language) => {
    const found = Object.entries(readJson(language)).flatMap(([english, translation]) =>
      faults(language, english, translation),
    );
    expect(found).toEqual([]);
  });
});

describe("common/i18n/format.ts", () => {
  it("formats every message of every catalogue as Lingui's I18n does", async () => {
    const files = readdirSync(path.join(repo, "web/src/locales")).map((f) => f.replace(/\.po$/, ""));
    let tried = 0;
    for (const language of files) {
      const po = await readPo(language);
      const texts = [
        ...Object.values(po).map((m) => m.translation || m.message || ""),
        ...(language === "en" ? [] : Object.values(readJson(language))),
      ].filter(Boolean);
      const lingui = setupI18n({ locale: language, messages: { [language]: {} } });
      for (const text of texts) {
        const compiled = compileMessage(text);
        lingui.load(language, { probe: compiled });
        for (const values of samples(compiled)) {
          expect(formatMessage(compiled, language, values), text).toBe(lingui._("probe", values));
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(1000);
  });
});
