import { join } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The worker's import boundaries (worker/eslint.boundaries.js) as `npm run lint` applies them:
// each import below is linted as if written in the file named, and must be refused or let be.

const eslint = new ESLint({ cwd: join(import.meta.dirname, "..") });

// The first lint loads the config and its plugins (seconds on a busy machine): once, before the
// cases, under the hook's budget, so each case times one lint of two lines.
beforeAll(() => eslint.lintText("export {};\n", { filePath: "worker/ledger/accounts.ts" }), 120_000);

async function refusals(filePath: string, from: string) {
  const [result] = await eslint.lintText(`import { x } from "${from}";\nexport const y = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the worker's import boundaries", () => {
  it.each([
    ["upward: the ledger reaching into events", "worker/ledger/accounts.ts", "../events/state"],
    [
      "sideways, a circle waiting: limits and subscriptions share a layer",
      "worker/limits/limits.ts",
      "../subscriptions/activity",
    ],
    ["upward from two folders down", "worker/events/room/memory.ts", "../../figures/queries"],
    ["a rule reaching into the room", "worker/events/rules/guards.ts", "../room/rooms"],
    ["the room reaching into the reads", "worker/events/room/room.ts", "../read/views"],
    ["the event's vocabulary reaching into its rules", "worker/events/state.ts", "./rules/guards"],
    ["a module importing a route", "worker/ledger/queries.ts", "./routes"],
    ["a route importing another folder's route", "worker/bets/routes.ts", "../multiples/routes"],
    ["a module importing the events' http", "worker/figures/queries.ts", "../events/http/routes"],
    ["an answer from a folder of its own layer", "worker/staff/answers.ts", "../bookmakers/answers"],
  ])("refuses %s", async (_, file, from) => {
    expect(await refusals(file, from)).toHaveLength(1);
  });

  it.each([
    ["downward: events into the ledger", "worker/events/room/changes.ts", "../../ledger/transfer"],
    ["the room into the rules", "worker/events/room/room.ts", "../rules/guards"],
    ["a route into any folder", "worker/ledger/routes.ts", "../memberships/queries"],
    ["the webhook into its own commands", "worker/telegram/webhook.ts", "./commands"],
    ["a test into anything", "worker/ledger/balances.test.ts", "../events/http/routes"],
    ["a route's words into a lower folder's answers", "worker/cashout/docs.ts", "../multiples/answers"],
    ["the document gathering every folder's answers", "worker/openapi/answers.ts", "../dev/answers"],
  ])("lets be %s", async (_, file, from) => {
    expect(await refusals(file, from)).toEqual([]);
  });
});
