-- Starting price and best odds guaranteed (docs/ARCHITECTURE.md and docs/decisions/events.md, "SP and BOG").
-- An event takes SP bets (`sp`) and pays bets struck at a price at the SP when it returns more (`bog`).
ALTER TABLE events ADD COLUMN sp INTEGER NOT NULL DEFAULT 0 CHECK (sp IN (0, 1));
ALTER TABLE events ADD COLUMN bog INTEGER NOT NULL DEFAULT 0 CHECK (bog IN (0, 1));
-- Each running outcome's starting price, set by the result (NULL before it, and for a non-runner).
ALTER TABLE event_items ADD COLUMN sp_num INTEGER CHECK (sp_num > 0);
ALTER TABLE event_items ADD COLUMN sp_den INTEGER CHECK (sp_den > 0);
-- A bet struck at SP (`at_sp`: its odds columns follow its outcome's price until the result, which
-- is what limits and liability count); the Rule 4 its SP takes (`sp_deduction`: late withdrawals
-- only); and the SP it is paid at (`sp_num`/`sp_den`: set by the result for an SP bet, and for a
-- BOG bet whose SP returns more; NULL for a bet paid at its price). The one payout expression
-- (worker/ledger/settlement.ts) reads the SP and its deduction where they are set.
ALTER TABLE bets ADD COLUMN at_sp INTEGER NOT NULL DEFAULT 0 CHECK (at_sp IN (0, 1));
ALTER TABLE bets ADD COLUMN sp_deduction INTEGER NOT NULL DEFAULT 0 CHECK (sp_deduction BETWEEN 0 AND 90);
ALTER TABLE bets ADD COLUMN sp_num INTEGER CHECK (sp_num > 0);
ALTER TABLE bets ADD COLUMN sp_den INTEGER CHECK (sp_den > 0);
-- A multiple's leg at SP, as a single's.
ALTER TABLE multiple_legs ADD COLUMN at_sp INTEGER NOT NULL DEFAULT 0 CHECK (at_sp IN (0, 1));
ALTER TABLE multiple_legs ADD COLUMN sp_deduction INTEGER NOT NULL DEFAULT 0 CHECK (sp_deduction BETWEEN 0 AND 90);
