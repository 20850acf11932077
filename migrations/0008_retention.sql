-- Lapsed books whose owner was told of their deletion (docs/ARCHITECTURE.md, "Retention"), once per subscription
-- end: a bookmaker who renews and lapses again is told again. Deleted with the book.
CREATE TABLE retention_warnings (
  bookmaker_id INTEGER NOT NULL,
  subscription_end TEXT NOT NULL,
  warned_at TEXT NOT NULL,
  PRIMARY KEY (bookmaker_id, subscription_end)
) WITHOUT ROWID;
