import { describe, expect, it } from "vitest";
import { workerSources, writersOf } from "../test/sources";

// The ledger is the only writer of coins (docs/ARCHITECTURE.md, "Money"): one movement through
// transfer.ts, a set of them through moves.ts. Held on the source, so a module that writes a
// ledger row or a balance of its own fails here, whatever its tests say of the coins.

const sources = workerSources();

/** A statement that writes a ledger row or an account's balance. */
const WRITES_COINS = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO\s+(?:ledger|accounts)|UPDATE\s+accounts)\b/i;

describe("the ledger, the only writer of coins", () => {
  it("no module outside ledger/ writes a ledger row, an account or a balance", () => {
    // accounts.ts opens accounts (a balance of 0); the other two move coins.
    expect(writersOf(sources, WRITES_COINS).sort()).toEqual([
      "ledger/accounts.ts",
      "ledger/moves.ts",
      "ledger/transfer.ts",
    ]);
  });

  it("only retention deletes them, a lapsed book's with the whole book", () => {
    expect(writersOf(sources, /\bDELETE\s+FROM\s+(?:ledger|accounts)\b/i)).toEqual(["schedule/retention.ts"]);
  });
});
