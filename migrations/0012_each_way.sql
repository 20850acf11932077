-- Each-way betting (docs/rules/racing.md, "Each-way").
-- An event's terms: none (OFF, as every event made before each-way), the standard terms worked
-- out from the runners (STANDARD), or places and fraction as set (SET).
ALTER TABLE events ADD COLUMN each_way TEXT NOT NULL DEFAULT 'OFF' CHECK (each_way IN ('OFF', 'STANDARD', 'SET'));
ALTER TABLE events ADD COLUMN each_way_places INTEGER CHECK (each_way_places BETWEEN 1 AND 5);
ALTER TABLE events ADD COLUMN each_way_fraction INTEGER CHECK (each_way_fraction BETWEEN 1 AND 10);
-- An outcome's finishing place once settled (ties share a place), and what the place parts of
-- its live and settled bets would pay should it be placed.
ALTER TABLE event_items ADD COLUMN place INTEGER CHECK (place >= 1);
ALTER TABLE event_items ADD COLUMN place_liability_cents INTEGER NOT NULL DEFAULT 0;
-- An each-way bet is a WIN and a PLACE row of the same unit stake on the same outcome, so one
-- punter's bet on an outcome is now unique by part: the table is built again with that key
-- (renamed away first, so the new table keeps its own name in the schema).
ALTER TABLE bets RENAME TO bets_before_each_way;
CREATE TABLE bets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events (id),
  item_id INTEGER NOT NULL REFERENCES event_items (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  stake_cents INTEGER NOT NULL CHECK (stake_cents > 0),
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  status TEXT NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'WON', 'LOST', 'CANCELLED')),
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
INSERT INTO bets (id, event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, status, payout_cents,
  created_at, settled_at, deduction, dead_heat)
  SELECT id, event_id, item_id, user_id, bookmaker_id, stake_cents, odds_num, odds_den, status, payout_cents,
    created_at, settled_at, deduction, dead_heat FROM bets_before_each_way;
DROP TABLE bets_before_each_way;
CREATE INDEX bets_event ON bets (event_id, status);
CREATE INDEX bets_punter_history ON bets (bookmaker_id, user_id, created_at);
CREATE INDEX bets_bookmaker_settled ON bets (bookmaker_id, settled_at);
CREATE INDEX bets_user_event ON bets (user_id, event_id);
CREATE INDEX bets_each_way ON bets (each_way_of) WHERE each_way_of IS NOT NULL;
