import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_DEPENDENCIES } from "../web/eslint.boundaries.js";
import { LAYERS } from "../worker/eslint.boundaries.js";

// The layer tables of docs/ARCHITECTURE.md are the lint's tables (worker/eslint.boundaries.js,
// web/eslint.boundaries.js) as a reader sees them: a folder moved in the lint and not in the
// doc, or the other way round, fails here.

const architecture = readFileSync(join(import.meta.dirname, "ARCHITECTURE.md"), "utf8");

/** The rows of the table whose header row starts with `first`, as arrays of cells. */
function table(first: string): string[][] {
  const lines = architecture.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  expect(start, `a table headed "${first}" in docs/ARCHITECTURE.md`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The names written in backticks in a cell, without a trailing slash. */
const named = (cell: string) => [...cell.matchAll(/`([\w-]+)\/?`/g)].map(([, name]) => name).sort();

describe("docs/ARCHITECTURE.md's layer tables", () => {
  it("draws the worker's layers as the lint holds them", () => {
    const drawn = table("layer").map(([layer, folders]) => [Number(layer), named(folders)]);
    expect(drawn).toEqual(LAYERS.map((folders, layer) => [layer, [...folders].sort()]));
  });

  it("draws the web's features and what each imports as the lint holds them", () => {
    const drawn = Object.fromEntries(
      table("feature").map(([feature, , imports]) => [
        named(feature)[0],
        imports
          ? imports
              .split(",")
              .map((name) => name.trim())
              .sort()
          : [],
      ]),
    );
    const held = Object.fromEntries(
      Object.entries(FEATURE_DEPENDENCIES).map(([feature, imports]) => [feature, [...imports].sort()]),
    );
    expect(drawn).toEqual(held);
  });
});
