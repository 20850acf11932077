-- Cash out (docs/rules/cash-out.md, "Cash out"): the book's switch and margin, and a bet or
-- multiple settled early at its cash-out value (status CASHED_OUT, payout_cents the value,
-- settled_at when). The margin is in hundredths (5 is 0.05).
ALTER TABLE bookmakers ADD COLUMN cashout_enabled INTEGER NOT NULL DEFAULT 0 CHECK (cashout_enabled IN (0, 1));
ALTER TABLE bookmakers ADD COLUMN cashout_margin_pct INTEGER NOT NULL DEFAULT 5 CHECK (cashout_margin_pct BETWEEN 0 AND 50);

-- A status CHECK cannot be altered in SQLite: both tables are built again with the new status.
-- Nothing references bets, so it is renamed away first (as 0012 did) and keeps its name in the
-- schema. multiple_legs references multiples, and D1 enforces foreign keys: the legs are kept
-- aside while the new table is built beside the old one and takes its name, then put back.

ALTER TABLE bets RENAME TO bets_before_cash_out;
CREATE TABLE bets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events (id),
  item_id INTEGER NOT NULL REFERENCES event_items (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  stake_cents INTEGER NOT NULL CHECK (stake_cents > 0),
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  status TEXT NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'WON', 'LOST', 'CANCELLED', 'CASHED_OUT')),
  payout_cents INTEGER NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  created_at TEXT NOT NULL,
  settled_at TEXT,
  deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90),
  dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat >= 1),
  part TEXT NOT NULL DEFAULT 'WIN' CHECK (part IN ('WIN', 'PLACE')),
  each_way_of INTEGER,
  place_places INTEGER CHECK (place_places BETWEEN 1 AND 5),
  place_fraction INTEGER NOT NULL DEFAULT 1 CHECK (place_fraction BETWEEN 1 AND 10),
  dead_heat_share INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat_share >= 1),
  win_dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (win_dead_heat >= 0),
  UNIQUE (item_id, user_id, part)
);
INSERT INTO bets SELECT * FROM bets_before_cash_out;
DROP TABLE bets_before_cash_out;
CREATE INDEX bets_event ON bets (event_id, status);
CREATE INDEX bets_punter_history ON bets (bookmaker_id, user_id, created_at);
CREATE INDEX bets_bookmaker_settled ON bets (bookmaker_id, settled_at);
CREATE INDEX bets_user_event ON bets (user_id, event_id);
CREATE INDEX bets_each_way ON bets (each_way_of) WHERE each_way_of IS NOT NULL;

CREATE TABLE multiples_with_cash_out (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('DOUBLE', 'TREBLE', 'ACCUMULATOR', 'TRIXIE', 'PATENT', 'YANKEE', 'LUCKY15')),
  legs INTEGER NOT NULL CHECK (legs BETWEEN 2 AND 8),
  lines INTEGER NOT NULL CHECK (lines >= 1),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  potential_cents INTEGER NOT NULL CHECK (potential_cents > 0),
  status TEXT NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'WON', 'LOST', 'CANCELLED', 'CASHED_OUT')),
  payout_cents INTEGER NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  created_at TEXT NOT NULL,
  settled_at TEXT,
  settled_event_id INTEGER REFERENCES events (id)
);
INSERT INTO multiples_with_cash_out SELECT * FROM multiples;
CREATE TABLE multiple_legs_aside AS SELECT * FROM multiple_legs;
DELETE FROM multiple_legs;
DROP TABLE multiples;
ALTER TABLE multiples_with_cash_out RENAME TO multiples;
INSERT INTO multiple_legs SELECT * FROM multiple_legs_aside;
DROP TABLE multiple_legs_aside;
CREATE INDEX multiples_user ON multiples (bookmaker_id, user_id, created_at);
CREATE INDEX multiples_open ON multiples (bookmaker_id, status);
CREATE INDEX multiples_settled ON multiples (settled_event_id, settled_at);
