import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { workerSources, writersOf } from "../test/sources";

// One gate into an event (docs/ARCHITECTURE.md, "One gate"): the event's room is the only writer
// of its tables, and its changes reach D1 through one method, commit, which takes the change's
// audit row. These hold the source to that, so a route or timer that writes an event by another
// way fails here before it ships.

const sources = workerSources();

/** A statement that writes one of an event's tables. */
const WRITES_EVENT = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(events|event_items|bets|multiple_legs)\b/i;

/**
 * The modules that may hold such statements, and why. The room's own statements; multiples'
 * legs, settled inside the rooms' batches; a multiple's placement, a guarded batch that inserts
 * its legs (no room owns a multiple: its events' rooms settle it); retention, which deletes a
 * lapsed book's rows after its open events were abandoned through their rooms.
 */
const WRITERS = new Set([
  "events/room/statements.ts",
  "events/room/bet-group.ts",
  "events/room/cash-group.ts",
  "multiples/settlement.ts",
  "multiples/placement.ts",
  "schedule/retention.ts",
]);

/** The room's writing modules, which only the room's own modules (events/room/) import. */
const ROOM_WRITES = new Set([
  "events/room/statements.ts",
  "events/room/changes.ts",
  "events/room/bet-group.ts",
  "events/room/cash-group.ts",
]);

/** The modules a source imports for their values (an `import type` carries no code), by path from worker/. */
const valueImports = (source: { path: string; text: string }) =>
  [...source.text.matchAll(/^import (?!type )[^;]*from "(\.{1,2}\/[^"]+)";/gm)].map(
    ([, spec]) => `${join(dirname(source.path), spec)}.ts`,
  );

describe("the one gate into an event", () => {
  it("finds the modules it checks", () => {
    expect(sources.some((s) => s.path === "events/room/room.ts")).toBe(true);
    expect(sources.length).toBeGreaterThan(50);
  });

  it("no module but the room's writes an event's tables", () => {
    expect(writersOf(sources, WRITES_EVENT).filter((path) => !WRITERS.has(path))).toEqual([]);
  });

  it("no route, timer or other module imports the room's writes", () => {
    const importers = sources
      .filter((s) => !s.path.startsWith("events/room/"))
      .filter((s) => valueImports(s).some((path) => ROOM_WRITES.has(path)))
      .map((s) => s.path);
    expect(importers).toEqual([]);
    // The check sees the room's own imports of them, so it would see anyone else's.
    expect(valueImports(sources.find((s) => s.path === "events/room/room.ts")!)).toContain("events/room/changes.ts");
  });

  it("the room writes a change only in commit, with the change's audit part", () => {
    const room = sources.find((s) => s.path === "events/room/room.ts")!.text;
    // One batch call, in commit.
    expect(room.match(/runBatch\(|\.batch\(/g)).toEqual(["runBatch("]);
    const commit = room.slice(room.indexOf("private async commit("));
    expect(commit.indexOf("runBatch(")).toBeGreaterThan(0);
    expect(commit.slice(0, commit.indexOf("runBatch("))).toMatch(/audit: audit\.AuditPart/);
  });

  it("every audit row is written by audit/record.ts", () => {
    expect(writersOf(sources, /INSERT\s+INTO\s+audit\b/i)).toEqual(["audit/record.ts"]);
  });
});
