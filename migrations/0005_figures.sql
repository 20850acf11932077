-- Figures sum each punter account's ledger rows by time and kind, and read a book's ledger by
-- time and its bets by when they were settled. The per-account indexes now carry the time,
-- kind and amount, so a week of a book with 100,000 rows is read from the indexes alone;
-- they still serve every lookup by account the old ones did.
DROP INDEX ledger_from;
DROP INDEX ledger_to;
CREATE INDEX ledger_from_time ON ledger (from_account, created_at, kind, amount_cents);
CREATE INDEX ledger_to_time ON ledger (to_account, created_at, kind, amount_cents);
CREATE INDEX ledger_pool_owner_time ON ledger (pool_owner_id, created_at);
CREATE INDEX bets_bookmaker_settled ON bets (bookmaker_id, settled_at);
