import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One gate into an event (docs/ARCHITECTURE.md, "One gate"): the event's room is the only writer
// of its tables, and its changes reach D1 through one method, commit, which takes the change's
// audit row. These hold the source to that, so a route or timer that writes an event by another
// way fails here before it ships.

const WORKER = join(import.meta.dirname, "..");

/** The worker's own modules (tests and their helpers aside), by path from worker/. */
const sources = readdirSync(WORKER, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.startsWith("test/"))
  .map((path) => ({ path, text: readFileSync(join(WORKER, path), "utf8") }));

/** A statement that writes one of an event's tables. */
const WRITES_EVENT = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(events|event_items|bets|multiple_legs)\b/i;

/**
 * The modules that may hold such statements, and why. The room's own statements; multiples'
 * legs, settled inside the rooms' batches; a multiple's placement, a guarded batch that inserts
 * its legs (no room owns a multiple: its events' rooms settle it); retention, which deletes a
 * lapsed book's rows after its open events were abandoned through their rooms.
 */
const WRITERS = new Set([
  "events/statements.ts",
  "events/bet-group.ts",
  "multiples/settlement.ts",
  "multiples/placement.ts",
  "bookmakers/retention.ts",
]);

/** The room's writing modules, which only the room's own modules import. */
const ROOM_WRITES = ["./statements", "./changes", "./bet-group", "../events/statements", "../events/changes"];
const ROOM_MODULES = new Set([
  "events/room.ts",
  "events/changes.ts",
  "events/memory.ts",
  "events/prices.ts",
  "events/bet-desk.ts",
  "events/bet-writer.ts",
  "events/bet-group.ts",
  "events/access.ts",
  "events/audit.ts",
]);

describe("the one gate into an event", () => {
  it("finds the modules it checks", () => {
    expect(sources.some((s) => s.path === "events/room.ts")).toBe(true);
    expect(sources.length).toBeGreaterThan(50);
  });

  it("no module but the room's writes an event's tables", () => {
    const writers = sources.filter((s) => WRITES_EVENT.test(s.text)).map((s) => s.path);
    expect(writers.filter((path) => !WRITERS.has(path))).toEqual([]);
  });

  it("no route, timer or other module imports the room's writes", () => {
    const importers = sources
      .filter((s) =>
        ROOM_WRITES.some((m) =>
          new RegExp(`^import (?!type )[^;]*from "${m.replace(/[./]/g, "\\$&")}";`, "m").test(s.text),
        ),
      )
      .map((s) => s.path);
    expect(importers.filter((path) => !ROOM_MODULES.has(path))).toEqual([]);
  });

  it("the room writes a change only in commit, with the change's audit part", () => {
    const room = sources.find((s) => s.path === "events/room.ts")!.text;
    // One batch call, in commit.
    expect(room.match(/runBatch\(|\.batch\(/g)).toEqual(["runBatch("]);
    const commit = room.slice(room.indexOf("private async commit("));
    expect(commit.indexOf("runBatch(")).toBeGreaterThan(0);
    expect(commit.slice(0, commit.indexOf("runBatch("))).toMatch(/audit: audit\.AuditPart/);
  });
});
