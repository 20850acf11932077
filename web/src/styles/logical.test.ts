import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Right to left (Arabic) mirrors the layout only where the styles say start and end, not left
// and right: margin-inline-start, inset-inline-end, text-align: start. A physical side in any
// stylesheet of the app fails here, with where it stands.

const SRC = join(import.meta.dirname, "..");
const PHYSICAL =
  /^\s*(?:(?:margin|padding|border)-(?:left|right)\b|(?:left|right)\s*:|text-align\s*:\s*(?:left|right)\b|float\s*:\s*(?:left|right)\b)/;

const stylesheets = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(".css"));

describe("the app's styles", () => {
  it("are read", () => {
    expect(stylesheets.length).toBeGreaterThan(5);
  });

  it("name sides as start and end, never left and right", () => {
    const physical = stylesheets.flatMap((path) =>
      readFileSync(join(SRC, path), "utf8")
        .split("\n")
        .flatMap((line, n) =>
          PHYSICAL.test(line) ? [`${relative(SRC, join(SRC, path))}:${n + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(physical).toEqual([]);
  });
});
