// The mini-app's folder boundaries (docs/ARCHITECTURE.md, "The shape", web/), as
// `no-restricted-imports` patterns: bulletproof-react's `import/no-restricted-paths` zones,
// without a plugin. Layers, bottom up: the shared folders, the features, the app's shell
// (start/, App.tsx, routes.tsx, main.tsx). test/ builds the whole app for tests and may import
// anything. Dynamic `import()` is not checked by the rule; only the shell uses it for screens.
import { readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The features (web/src/features/<feature>/) each feature may import, besides its own files.
 * Checked below to name every feature folder and to hold no circle, so a feature can be read,
 * changed or removed with only what it lists underneath it.
 */
export const FEATURE_DEPENDENCIES = {
  market: [],
  notifications: [],
  limits: [],
  figures: [],
  sharing: [],
  profile: ["market"],
  results: ["market", "sharing"],
  bookies: ["profile"],
  betting: ["bookies", "market", "results", "sharing"],
  cashout: ["betting"],
  history: ["bookies", "cashout", "figures", "results", "sharing"],
  changes: ["figures"],
  "price-requests": ["profile"],
  "event-editing": ["market", "price-requests", "profile", "results"],
  "event-lists": ["event-editing", "profile"],
  liability: ["event-editing"],
  punters: ["limits", "profile", "results"],
  book: ["limits", "market", "notifications", "price-requests", "profile", "punters", "sharing"],
  home: ["market", "notifications", "profile"],
  counter: ["price-requests", "profile"],
};

/** Folders every feature builds on; they import no feature and nothing of the shell. */
const SHARED = ["api", "ui", "store", "telegram", "navigation", "styles"];

const FEATURES = Object.keys(FEATURE_DEPENDENCIES);
const FOLDERS = readdirSync(join(import.meta.dirname, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

for (const folder of FOLDERS)
  if (!FEATURES.includes(folder))
    throw new Error(`web/eslint.boundaries.js: add features/${folder}/ to FEATURE_DEPENDENCIES`);
for (const feature of FEATURES) {
  if (!FOLDERS.includes(feature)) throw new Error(`web/eslint.boundaries.js: no features/${feature}/ folder`);
  for (const dependency of FEATURE_DEPENDENCIES[feature])
    if (!FEATURES.includes(dependency))
      throw new Error(`web/eslint.boundaries.js: ${feature} names no feature ${dependency}`);
}

/** The first circle in the table as a path ("a → b → a"), or null. */
function circleIn(table) {
  const done = new Set();
  const visit = (feature, path) => {
    if (path.includes(feature)) return [...path.slice(path.indexOf(feature)), feature].join(" → ");
    if (done.has(feature)) return null;
    for (const dependency of table[feature]) {
      const circle = visit(dependency, [...path, feature]);
      if (circle) return circle;
    }
    done.add(feature);
    return null;
  };
  for (const feature of Object.keys(table)) {
    const circle = visit(feature, []);
    if (circle) return circle;
  }
  return null;
}
const circle = circleIn(FEATURE_DEPENDENCIES);
if (circle) throw new Error(`web/eslint.boundaries.js: features import in a circle: ${circle}`);

const restrict = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });
const FILES = "*.{ts,tsx}";

/**
 * A feature's files at `depth` folders below its own: other features only as listed, each by
 * "@/features/<name>"; no "../" out of the feature; nothing of the shell but routes.tsx, whose
 * preloadOn starts loading a screen by its path.
 */
const featureBoundary = (feature, depth, files = FILES, extra = []) => {
  const allowed = [feature, ...FEATURE_DEPENDENCIES[feature]].join("|");
  const listed = FEATURE_DEPENDENCIES[feature].join(", ") || "none";
  return restrict(
    [`web/src/features/${feature}/${"*/".repeat(depth - 1)}${files}`],
    [
      ...extra,
      {
        regex: `^@/features/(?!(${allowed})(/|$))`,
        message: `features/${feature}/ imports only the features FEATURE_DEPENDENCIES in web/eslint.boundaries.js lists for it (${listed}); what two features share belongs lower down.`,
      },
      {
        regex: `^(\\.\\./){${depth},}`,
        message: "A feature reaches outside its folder by @/ (another feature, or a shared folder), never by ../.",
      },
      {
        regex: "^@/(App|main|start)(/|$)",
        message: "A feature imports nothing of the app's shell (start/, App.tsx); the shell imports features.",
      },
    ],
  );
};

/** The shared folders' files: no feature, no shell. */
const sharedBoundary = restrict(
  SHARED.map((folder) => `web/src/${folder}/**/${FILES}`),
  [
    {
      regex: "^(@/|(\\.\\./)+)features(/|$)",
      message:
        "A shared folder imports no feature: move what it needs from the feature down here, or the code up into it.",
    },
    {
      regex: "^(@/|(\\.\\./)+)(App|main|routes|start)(/|$)",
      message: "A shared folder imports nothing of the app's shell (start/, App.tsx, routes.tsx).",
    },
  ],
);

/**
 * A component talks to the server through its feature's module (api.ts, or the feature's reads
 * module), never with the API client itself: the calls, their keys and what each write
 * refreshes stay in one place per feature. Its tests may call the client to set up.
 */
const COMPONENT_CALLS = {
  regex: "^@/api/call$",
  message:
    "A component does not call the API itself: put the call in its feature's api.ts (with what it refreshes) and import that.",
};

export const webBoundaries = [
  ...FEATURES.flatMap((feature) =>
    [1, 2, 3].flatMap((depth) => [
      featureBoundary(feature, depth),
      // After the one above, so for components its patterns and this one hold together.
      { ...featureBoundary(feature, depth, "*.tsx", [COMPONENT_CALLS]), ignores: ["**/*.test.tsx"] },
    ]),
  ),
  sharedBoundary,
];
