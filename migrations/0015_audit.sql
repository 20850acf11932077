-- The audit log (docs/rules/audit.md, "Audit"): one append-only row per change a bookmaker or the
-- system makes, written in the same batch as the change, and every price an outcome was offered
-- at (action 'PRICE', after = {"num", "den"}). actor_id NULL is the system (an alarm, retention,
-- the equalizer). before/after are JSON text. Rows are never changed; retention deletes a
-- lapsed book's rows with the book.
CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers(id),
  actor_id INTEGER,
  action TEXT NOT NULL,
  event_id INTEGER,
  item_id INTEGER,
  user_id INTEGER,
  before TEXT,
  after TEXT,
  note TEXT,
  at TEXT NOT NULL
);
-- GET /audit: one book's rows over a period, newest first.
CREATE INDEX audit_book_at ON audit (bookmaker_id, at);
-- One event's rows, and its price history.
CREATE INDEX audit_event ON audit (event_id, action, id);
-- The last price recorded for an outcome, read whenever prices are written.
CREATE INDEX audit_item_price ON audit (item_id, id) WHERE action = 'PRICE';
CREATE TRIGGER audit_kept BEFORE UPDATE ON audit BEGIN
  SELECT RAISE(ABORT, 'audit rows are never changed');
END;
