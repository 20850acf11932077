// The worker's import boundaries, for eslint.config.js (docs/ARCHITECTURE.md, "The worker's
// folders"). Three rules, each a no-restricted-imports pattern, so a wrong import fails
// `npm run lint` by name:
//
// 1. Folders import downward only. Each worker folder sits in a layer; a module imports folders
//    of lower layers, never its own layer's other folders nor a higher one, so no two folders
//    import each other, directly or round a circle.
// 2. Edges on top. The HTTP routes, the webhook and the bot's commands answer the outside world:
//    they may call any folder's modules, but no module imports an edge, and no edge another.
// 3. Inside events/: the event's vocabulary (state.ts, bet-request.ts, room-result.ts, schemas.ts,
//    catalog.ts at its root) < rules/ (pure lifecycle guards and the book's arithmetic) < room/
//    (the Durable Object) and read/ (lists and views from D1, which never wake a room) < http/.
//
// Tests and their helpers (worker/test/) may import anything: they drive the worker from outside.

import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Lowest first. env.ts and contract.ts (the bindings and the answers' types) sit below all. */
export const LAYERS = [
  ["lib"],
  ["audit", "idempotency"],
  ["identity", "limits", "subscriptions"],
  ["ledger", "bookmakers", "telegram", "staff"],
  ["bets"],
  ["memberships", "notifications", "multiples", "counter"],
  // Cash out works on bets and multiples: a multiple cashed out is its answer. A price request
  // is asked and answered beside the room, whose bet desk writes its take.
  ["cashout", "price-requests"],
  ["events"],
  // Sharing makes cards of bets, multiples and events.
  ["figures", "payments", "schedule", "sharing"],
  ["config", "dev"],
  // The document gathers every folder's answers (openapi/answers.ts).
  ["openapi"],
];

/** Folders that hold no module the rules govern: tests' helpers, the bot's words, the schema's test. */
const UNLAYERED = ["test", "locales", "db"];

// A folder left out of LAYERS would be governed by nothing: every folder takes its place.
for (const entry of readdirSync(join(import.meta.dirname), { withFileTypes: true }))
  if (entry.isDirectory() && !UNLAYERED.includes(entry.name) && !LAYERS.flat().includes(entry.name))
    throw new Error(`worker/eslint.boundaries.js: put worker/${entry.name}/ in a layer of LAYERS`);

/** The edges: a file of these names, anywhere in the worker, or anything under events/http/. */
const EDGE_FILES = ["routes", "*-routes", "webhook", "commands"];
const EDGES = ["worker/**/http/**/*.ts", ...EDGE_FILES.map((name) => `worker/**/${name}.ts`)];
const EDGE_IMPORT = "(^|/)(routes|[\\w-]+-routes|webhook|commands|http/.*)$";
/** Another folder's edge (the webhook calls its own folder's commands). */
const OTHER_EDGE_IMPORT = "^(\\.\\./)+(.+/)?(routes|[\\w-]+-routes|webhook|commands|http/.*)$";

/** The events/ layers, lowest first ("." is its root). */
const EVENT_LAYERS = [["."], ["rules"], ["room", "read"], ["http"]];

const TESTS = ["worker/**/*.test.ts", "worker/test/**"];

const layerOf = (layers, folder) => layers.findIndex((layer) => layer.includes(folder));

/** The folders `folder` may not import: its layer's others and every higher layer's. */
const above = (layers, folder) =>
  layers
    .slice(layerOf(layers, folder))
    .flat()
    .filter((other) => other !== folder);

const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

/** A module `depth` folders below worker/ in `folder`: "../" × depth leads back to worker/. */
const folderRule = (folder, depth, extra = []) => ({
  files: [`worker/${folder}/${"*/".repeat(depth - 1)}*.ts`],
  ignores: [...TESTS, ...EDGES],
  rules: restrict([
    {
      regex: `^(\\.\\./){${depth}}(${above(LAYERS, folder).join("|")})(/|$)`,
      message: `worker/${folder}/ imports only folders of lower layers (worker/eslint.boundaries.js): move what both need down, or call it from above.`,
    },
    {
      regex: EDGE_IMPORT,
      message:
        "No module imports a route, the webhook or the bot's commands: they call the worker's modules, never the other way round.",
    },
    ...extra,
  ]),
});

/** Inside events/: a module of `sub` ("." the root) imports no events/ folder of its layer or above. */
const eventsRule = (sub) => {
  const barred = above(EVENT_LAYERS, sub).filter((other) => other !== ".");
  const prefix = sub === "." ? "\\./" : "\\.\\./";
  return {
    regex: `^${prefix}(${barred.join("|")})(/|$)`,
    message: `events/${sub === "." ? "" : `${sub}/`} imports only the events/ layers below it (worker/eslint.boundaries.js).`,
  };
};

const FOLDERS = LAYERS.flat().filter((folder) => folder !== "events");

export const workerBoundaries = [
  ...FOLDERS.flatMap((folder) => [1, 2].map((depth) => folderRule(folder, depth))),
  folderRule("events", 1, [eventsRule(".")]),
  ...["rules", "room", "read"].map((sub) => ({
    ...folderRule("events", 2, [eventsRule(sub)]),
    files: [`worker/events/${sub}/*.ts`],
  })),
  {
    files: EDGES,
    ignores: TESTS,
    rules: restrict([
      {
        regex: OTHER_EDGE_IMPORT,
        message:
          "An edge (route, webhook, the bot's commands) imports no other edge: app.ts mounts them all; share a module below them.",
      },
    ]),
  },
];
