import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every pointer into the docs resolves, and no doc outgrows a reading: a citation in code or docs (`docs/decisions/events.md, "Cash
// out"`) names a document the repository holds and a heading it has; a Markdown link reaches a
// file and, with #anchor, one of its headings; a path a doc writes in backticks is a file or
// folder of the repository. A reader who follows one never lands on nothing.

const ROOT = join(import.meta.dirname, "..");
const FILES = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file && !file.includes("node_modules/"));
/** What a tracked file may be named by: its path, and every tail of it after a slash (`room/room.ts`). */
const KNOWN = new Set(
  FILES.flatMap((file) => {
    const parts = file.split("/");
    const names: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      names.push(parts.slice(i).join("/"));
      // Folders too, with and without their slash.
      for (let j = i + 1; j < parts.length; j++)
        names.push(parts.slice(i, j).join("/"), `${parts.slice(i, j).join("/")}/`);
    }
    return names;
  }),
);
const DOCS = FILES.filter((file) => file.endsWith(".md"));
const SOURCES = FILES.filter((file) => /\.(ts|tsx|mjs|js|md|sql|toml|css|json|sh)$/.test(file) || file === ".ci/run");

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** A heading as GitHub anchors it: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** A document's headings, outside fenced code. */
function headings(file: string): string[] {
  let fenced = false;
  const found: string[] = [];
  for (const line of read(file).split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) found.push(line.replace(/^#+ /, "").trim());
  }
  return found;
}

/** What a citation may name: a heading, or an entry's bold title (`- **Cash out**: …`, DECISIONS.md's way). */
const sectionsOf = (file: string) => [
  ...headings(file),
  ...[...read(file).matchAll(/^- \*\*(.+?)\*\*/gm)].map(([, title]) => title.replace(/`/g, "")),
];

/** The document a citation names: `docs/X.md`, or `X.md` alone for one in docs/ or the root. */
function documentOf(name: string): string | undefined {
  if (DOCS.includes(name)) return name;
  return [`docs/${name}`, name].find((file) => DOCS.includes(file));
}

/** A citation's text as one line: comment markers at line starts and line breaks dropped. */
const flattened = (text: string) => text.replace(/\s*\n\s*(?:\/\/|\*|#|--|>)?\s*/g, " ");

describe("references into the docs", () => {
  it("every cited section is a heading of the cited document", () => {
    const broken: string[] = [];
    const citation = /((?:[\w.-]+\/)*[\w-]+\.md)`?,? "([^"]+)"/g;
    for (const file of SOURCES) {
      for (const [, name, section] of flattened(read(file)).matchAll(citation)) {
        const doc = documentOf(name);
        if (!doc) {
          broken.push(`${file}: ${name} is not in the repository`);
          continue;
        }
        const wanted = section.toLowerCase();
        if (!sectionsOf(doc).some((h) => h.toLowerCase().includes(wanted)))
          broken.push(`${file}: ${doc} has no section "${section}"`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every Markdown link reaches a file and its anchor", () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".";
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        const [path, hash] = target.split("#");
        const doc = path ? join(dir, path).replace(/^\.\//, "") : file;
        if (path && !KNOWN.has(doc) && !FILES.some((f) => f.startsWith(`${doc}/`))) {
          broken.push(`${file}: ${target} (no ${doc})`);
          continue;
        }
        if (hash && doc.endsWith(".md") && !headings(doc).some((h) => anchor(h) === hash))
          broken.push(`${file}: ${target} (no heading #${hash} in ${doc})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every path a document writes in backticks is in the repository", () => {
    const missing: string[] = [];
    for (const file of DOCS) {
      for (const [, path] of read(file).matchAll(/`([\w@.-]+(?:\/[\w@.[\]-]*)+)`/g)) {
        // Routes, patterns and placeholders are not files.
        if (/^[/@.]|[<*{…]|^https?:/.test(path) || !/\.[a-z]+$|\/$/.test(path)) continue;
        const bare = path
          .replace(/^@\//, "web/src/")
          .replace(/^@worker\//, "worker/")
          .replace(/^@common\//, "common/");
        if (!KNOWN.has(bare)) missing.push(`${file}: \`${path}\``);
      }
    }
    expect(missing).toEqual([]);
  });

  // A newcomer reads a doc whole: the design in ARCHITECTURE.md at most 400 lines, any other
  // at most 600 (split by topic, as docs/rules/ and docs/decisions/ are).
  it("no doc is longer than a newcomer reads at a sitting", () => {
    const long = DOCS.map((file) => [file, read(file).split("\n").length - 1] as const).filter(
      ([file, lines]) => lines > (file === "docs/ARCHITECTURE.md" ? 400 : 600),
    );
    expect(long).toEqual([]);
  });
});
