-- Figures read a book's ledger by time and its bets by when they were settled; these keep a
-- week of a book with 100,000 ledger rows an index range away.
CREATE INDEX ledger_pool_owner_time ON ledger (pool_owner_id, created_at);
CREATE INDEX bets_bookmaker_settled ON bets (bookmaker_id, settled_at);
