import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

// Each screen's words with its code (README, "Languages"). Translators keep one PO catalogue per
// language; a production build splits it: the words of the first bundle (the splash, the launch,
// the shared widgets) in `shell.json`, and for each module the app imports on demand (a screen, a
// lazy dialog) the words of its chunk and the chunks it imports, less the shell's. Each such
// `import()` in web/src is rewritten to fetch its words beside its code (web/src/i18n/words.ts),
// so a phone downloads the words of the screens it opens, in its language only, never the whole
// catalogue before the first screen. Dev mode and tests load the whole catalogue instead.

/** Lingui's message ids as its macros leave them in a module: `i18n._({ id: "Xy3+aB", … })`, msg`…`'s `{ id: … }`. */
const MESSAGE_ID = /\bid:\s*"([A-Za-z0-9+/=_-]{4,12})"/g;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

/** The words version: a hash of everything they are made from (the code and the catalogues). */
export function wordsVersion(webSrc: string): string {
  const hash = createHash("sha256");
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.(tsx?|po)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        hash.update(entry.name).update(readFileSync(full));
    }
  };
  visit(webSrc);
  return hash.digest("hex").slice(0, 10);
}

/** Each language's messages compiled, by id: its translation, else the English. */
function compiledCatalogues(locales: string): Map<string, Map<string, unknown>> {
  const po = formatter();
  const read = (language: string) => {
    const file = path.join(locales, `${language}.po`);
    return po.parse(readFileSync(file, "utf8"), { locale: language, sourceLocale: "en", filename: file }) as Record<
      string,
      { message?: string; translation?: string }
    >;
  };
  const english = read("en");
  const catalogues = new Map<string, Map<string, unknown>>();
  for (const file of readdirSync(locales).filter((f) => f.endsWith(".po"))) {
    const language = file.slice(0, -3);
    const theirs = language === "en" ? english : read(language);
    const compiled = new Map<string, unknown>();
    for (const [id, { message }] of Object.entries(english))
      compiled.set(id, compileMessage(theirs[id]?.translation || message || id));
    catalogues.set(language, compiled);
  }
  return catalogues;
}

export function wordsByScreen({ webSrc, version }: { webSrc: string; version: string }): Plugin {
  const idsOf = new Map<string, Set<string>>(); // module → the message ids in it
  const keyOf = new Map<string, string>(); // module imported on demand → its words' key
  const wordsModule = path.join(webSrc, "i18n/words.ts");
  const inApp = (id: string) => id.startsWith(webSrc) && !id.includes("/locales/") && !id.includes("/i18n/");

  return {
    name: "bookie:words-by-screen",
    apply: "build",
    enforce: "post",
    async transform(code, id) {
      if (!id.startsWith(webSrc) || !/\.tsx?$/.test(id)) return null;
      const ids = new Set([...code.matchAll(MESSAGE_ID)].map((m) => m[1]));
      if (ids.size > 0) idsOf.set(id, ids);
      if (!inApp(id) || !code.includes("import(")) return null;
      let wrapped = code;
      for (const [call, specifier] of code.matchAll(DYNAMIC_IMPORT)) {
        const target = (await this.resolve(specifier, id))?.id;
        if (!target || !inApp(target)) continue;
        // A short key (the module's path, hashed): every import in the first bundle carries one.
        const key = createHash("sha256").update(path.relative(webSrc, target)).digest("base64url").slice(0, 4);
        keyOf.set(target, key);
        wrapped = wrapped.replace(call, `__withWords(${call}, ${JSON.stringify(key)})`);
      }
      if (wrapped === code) return null;
      return {
        code: `import { withWords as __withWords } from ${JSON.stringify(wordsModule)};\n${wrapped}`,
        map: null,
      };
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      // The ids of a chunk and of every chunk it imports statically (what runs when it loads).
      const idsFrom = (start: (typeof chunks)[number]) => {
        const ids = new Set<string>();
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length > 0) {
          const chunk = stack.pop()!;
          if (seen.has(chunk.fileName)) continue;
          seen.add(chunk.fileName);
          for (const module of chunk.moduleIds) for (const id of idsOf.get(module) ?? []) ids.add(id);
          for (const imported of chunk.imports) if (byName.has(imported)) stack.push(byName.get(imported)!);
        }
        return ids;
      };
      const shell = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...idsFrom(c)]));
      const sets = new Map<string, Set<string>>([["shell", shell]]);
      for (const [module, key] of keyOf) {
        const chunk =
          chunks.find((c) => c.facadeModuleId === module) ?? chunks.find((c) => c.moduleIds.includes(module));
        if (!chunk) continue;
        sets.set(key, new Set([...idsFrom(chunk)].filter((id) => !shell.has(id))));
      }
      // An import whose module has no words of its own waits for none: its key is blanked in the
      // code that imports it (withWords takes "" for none), and no file is written for it.
      for (const [key, ids] of sets) {
        if (key === "shell" || ids.size > 0) continue;
        sets.delete(key);
        // withWords(…, "key") as minified: the key a string in any quotes, the call's last argument.
        const argument = new RegExp(`(,\\s*)(["'\`])${key.replace(/[-_]/g, "\\$&")}\\2(\\s*\\))`, "g");
        const blank = (_: string, comma: string, quote: string, close: string) =>
          `${comma}${quote}${quote}${" ".repeat(key.length)}${close}`; // the same length: source maps stay true
        for (const chunk of chunks) chunk.code = chunk.code.replace(argument, blank);
      }
      for (const [language, messages] of compiledCatalogues(path.join(webSrc, "locales")))
        for (const [key, ids] of sets) {
          const words = Object.fromEntries(
            [...ids].filter((id) => messages.has(id)).map((id) => [id, messages.get(id)]),
          );
          this.emitFile({
            type: "asset",
            fileName: `assets/words/${version}/${language}/${key}.json`,
            source: JSON.stringify(words),
          });
        }
    },
  };
}
