-- Racing rules. An event may apply Tattersalls Rule 4 to late non-runners and the dead-heat
-- rule to shared first places (both off for events made before these rules existed).
ALTER TABLE events ADD COLUMN rule4 INTEGER NOT NULL DEFAULT 0 CHECK (rule4 IN (0, 1));
ALTER TABLE events ADD COLUMN dead_heat INTEGER NOT NULL DEFAULT 0 CHECK (dead_heat IN (0, 1));
-- A non-runner's deduction (pence in the pound, 0 without Rule 4) and when it was withdrawn.
ALTER TABLE event_items ADD COLUMN deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90);
ALTER TABLE event_items ADD COLUMN withdrawn_at TEXT;
-- A bet's Rule 4 deductions for runners withdrawn after it (at most 90), and how many winners
-- it shared first place with (1: none).
ALTER TABLE bets ADD COLUMN deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90);
ALTER TABLE bets ADD COLUMN dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat >= 1);
