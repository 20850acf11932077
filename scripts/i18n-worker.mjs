// The worker's half of `npm run i18n:extract` (README, "Languages"): every text the worker says
// to users is marked in its code with en("…") or words("…", values) (worker/lib/words.ts); this
// gathers them, as written, into worker/locales/<language>.json: a key per English text, its value
// the translation. New texts come in untranslated (""), texts gone from the code go, the rest keep
// their translations. `--check` changes nothing and fails if a catalogue is not up to date.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOCALES = path.join(repo, "worker/locales");
const MARKERS = new Set(["en", "words"]);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "test" && entry.name !== "node_modules") yield* sources(full);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name)) yield full;
  }
}

/** The marked texts of the worker's and common/'s code, each with where it is said. */
export function markedTexts() {
  const texts = new Map();
  for (const dir of ["worker", "common"])
    for (const file of sources(path.join(repo, dir))) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && MARKERS.has(node.expression.text)) {
          const [first] = node.arguments;
          if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
            const where = path.relative(repo, file);
            texts.set(first.text, [...(texts.get(first.text) ?? []), where]);
          } else if (first) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            throw new Error(`${path.relative(repo, file)}:${line + 1}: ${node.expression.text}() takes a literal text`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  return texts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes("--check");
  const keys = [...markedTexts().keys()].sort();
  let stale = [];
  for (const file of readdirSync(LOCALES).filter((f) => f.endsWith(".json"))) {
    const full = path.join(LOCALES, file);
    const old = JSON.parse(readFileSync(full, "utf8"));
    const next = Object.fromEntries(keys.map((k) => [k, old[k] ?? ""]));
    const text = `${JSON.stringify(next, null, 2)}\n`;
    if (text === readFileSync(full, "utf8")) continue;
    if (check) stale.push(file);
    else writeFileSync(full, text);
  }
  if (stale.length) {
    console.error(`Not up to date: ${stale.join(", ")}; run npm run i18n:extract`);
    process.exit(1);
  }
  console.log(`${keys.length} texts in worker/locales`);
}
