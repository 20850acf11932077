-- Multiples and full-cover bets (docs/rules/multiples.md, "Multiples"). A multiple spans events, so
-- no room owns it: it is placed by one guarded D1 batch and settled by its events' rooms, each
-- settling its legs in its own settlement batch and completing the multiples whose last open leg
-- that was (`settled_event_id`, `settled_at` say which settlement, so an undo takes back exactly that).
CREATE TABLE multiples (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('DOUBLE', 'TREBLE', 'ACCUMULATOR', 'TRIXIE', 'PATENT', 'YANKEE', 'LUCKY15')),
  legs INTEGER NOT NULL CHECK (legs BETWEEN 2 AND 8),
  lines INTEGER NOT NULL CHECK (lines >= 1),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  -- Every line winning at the odds struck: what the book's cap on open multiples adds up.
  potential_cents INTEGER NOT NULL CHECK (potential_cents > 0),
  status TEXT NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'WON', 'LOST', 'CANCELLED')),
  payout_cents INTEGER NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  created_at TEXT NOT NULL,
  settled_at TEXT,
  settled_event_id INTEGER REFERENCES events (id)
);
CREATE INDEX multiples_user ON multiples (bookmaker_id, user_id, created_at);
CREATE INDEX multiples_open ON multiples (bookmaker_id, status);
CREATE INDEX multiples_settled ON multiples (settled_event_id, settled_at);

-- One selection each, in the order the punter gave them (leg_no 0…). A leg settles with its
-- event: WON (factor = its odds less Rule 4, over a dead heat), LOST (0), VOID (1).
CREATE TABLE multiple_legs (
  multiple_id INTEGER NOT NULL REFERENCES multiples (id),
  leg_no INTEGER NOT NULL CHECK (leg_no BETWEEN 0 AND 7),
  event_id INTEGER NOT NULL REFERENCES events (id),
  item_id INTEGER NOT NULL REFERENCES event_items (id),
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90),
  dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat >= 1),
  result TEXT NOT NULL DEFAULT 'PENDING' CHECK (result IN ('PENDING', 'WON', 'LOST', 'VOID')),
  factor REAL,
  settled_at TEXT,
  PRIMARY KEY (multiple_id, leg_no),
  UNIQUE (multiple_id, event_id)
);
CREATE INDEX multiple_legs_event ON multiple_legs (event_id, result);
CREATE INDEX multiple_legs_item ON multiple_legs (item_id);

-- The lines each kind makes over its legs, as bit masks of leg_no (common/multiples.ts linesOf
-- makes the same; a test holds the two equal): settlement multiplies a line's legs' factors.
CREATE TABLE multiple_lines (
  kind TEXT NOT NULL,
  legs INTEGER NOT NULL,
  mask INTEGER NOT NULL,
  PRIMARY KEY (kind, legs, mask)
);
-- (One statement per kind: D1 allows few terms in a compound SELECT.)
INSERT INTO multiple_lines (kind, legs, mask) VALUES ('DOUBLE', 2, 3), ('TREBLE', 3, 7);
WITH RECURSIVE masks (mask) AS (SELECT 1 UNION ALL SELECT mask + 1 FROM masks WHERE mask < 255),
  bits (mask, n) AS (
    SELECT mask, (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)
      + (mask >> 5 & 1) + (mask >> 6 & 1) + (mask >> 7 & 1) FROM masks)
INSERT INTO multiple_lines (kind, legs, mask) SELECT 'ACCUMULATOR', n, mask FROM bits WHERE n BETWEEN 4 AND 8 AND mask = (1 << n) - 1;
WITH RECURSIVE masks (mask) AS (SELECT 1 UNION ALL SELECT mask + 1 FROM masks WHERE mask < 255),
  bits (mask, n) AS (
    SELECT mask, (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)
      + (mask >> 5 & 1) + (mask >> 6 & 1) + (mask >> 7 & 1) FROM masks)
INSERT INTO multiple_lines (kind, legs, mask) SELECT 'TRIXIE', 3, mask FROM bits WHERE mask < 8 AND n >= 2;
WITH RECURSIVE masks (mask) AS (SELECT 1 UNION ALL SELECT mask + 1 FROM masks WHERE mask < 255),
  bits (mask, n) AS (
    SELECT mask, (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)
      + (mask >> 5 & 1) + (mask >> 6 & 1) + (mask >> 7 & 1) FROM masks)
INSERT INTO multiple_lines (kind, legs, mask) SELECT 'PATENT', 3, mask FROM bits WHERE mask < 8;
WITH RECURSIVE masks (mask) AS (SELECT 1 UNION ALL SELECT mask + 1 FROM masks WHERE mask < 255),
  bits (mask, n) AS (
    SELECT mask, (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)
      + (mask >> 5 & 1) + (mask >> 6 & 1) + (mask >> 7 & 1) FROM masks)
INSERT INTO multiple_lines (kind, legs, mask) SELECT 'YANKEE', 4, mask FROM bits WHERE mask < 16 AND n >= 2;
WITH RECURSIVE masks (mask) AS (SELECT 1 UNION ALL SELECT mask + 1 FROM masks WHERE mask < 255),
  bits (mask, n) AS (
    SELECT mask, (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1)
      + (mask >> 5 & 1) + (mask >> 6 & 1) + (mask >> 7 & 1) FROM masks)
INSERT INTO multiple_lines (kind, legs, mask) SELECT 'LUCKY15', 4, mask FROM bits WHERE mask < 16;
