-- The counter (docs/rules/staff.md, "The counter"): bets taken
-- at the pitch for cash, each a ticket. A ticket is a punter that is not a person: a user of its
-- own (an id below 0, never a Telegram user's) with an account in the book, so the room strikes
-- and settles its bet like any other. Cash enters the ledger only as CASH_IN (from outside into
-- the ticket, which then stakes it) and leaves only as CASH_PAID (a paid ticket's return, into
-- the book's CASH account, which counts what the counter paid out); coins never move to or from
-- either, so coins and cash never mix.

-- accounts takes the kind CASH and ledger the kinds CASH_IN and CASH_PAID: a CHECK cannot be
-- altered in SQLite, so both are built again. ledger references accounts, and D1 enforces
-- foreign keys: both are copied aside, dropped (ledger first), built and filled again.
CREATE TABLE accounts_kept AS SELECT * FROM accounts;
CREATE TABLE ledger_kept AS SELECT * FROM ledger;
DROP TABLE ledger;
DROP TABLE accounts;

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('POOL', 'PUNTER', 'CASH')),
  pool_owner_id INTEGER NOT NULL REFERENCES users (id),
  punter_id INTEGER REFERENCES users (id),
  balance_cents INTEGER NOT NULL DEFAULT 0,
  CHECK ((kind = 'PUNTER') = (punter_id IS NOT NULL)),
  CHECK (kind = 'POOL' OR balance_cents >= 0)
);
INSERT INTO accounts (id, kind, pool_owner_id, punter_id, balance_cents)
  SELECT id, kind, pool_owner_id, punter_id, balance_cents FROM accounts_kept;
CREATE UNIQUE INDEX accounts_pool ON accounts (pool_owner_id) WHERE kind = 'POOL';
CREATE UNIQUE INDEX accounts_punter ON accounts (pool_owner_id, punter_id) WHERE kind = 'PUNTER';
CREATE INDEX accounts_of_punter ON accounts (punter_id) WHERE kind = 'PUNTER';
CREATE UNIQUE INDEX accounts_cash ON accounts (pool_owner_id) WHERE kind = 'CASH';

CREATE TABLE ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  pool_owner_id INTEGER NOT NULL REFERENCES users (id),
  from_account INTEGER REFERENCES accounts (id),
  to_account INTEGER NOT NULL REFERENCES accounts (id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  kind TEXT NOT NULL CHECK (kind IN ('GRANT', 'PURCHASE', 'ALLOCATE', 'WITHDRAW', 'STAKE', 'PAYOUT', 'REFUND', 'CASH_IN', 'CASH_PAID')),
  ref TEXT,
  created_at TEXT NOT NULL,
  CHECK ((from_account IS NULL) = (kind IN ('GRANT', 'PURCHASE', 'CASH_IN'))),
  CHECK (from_account IS NULL OR from_account <> to_account)
);
INSERT INTO ledger (id, pool_owner_id, from_account, to_account, amount_cents, kind, ref, created_at)
  SELECT id, pool_owner_id, from_account, to_account, amount_cents, kind, ref, created_at FROM ledger_kept;
CREATE INDEX ledger_pool_owner ON ledger (pool_owner_id, id);
CREATE INDEX ledger_from_time ON ledger (from_account, created_at, kind, amount_cents);
CREATE INDEX ledger_to_time ON ledger (to_account, created_at, kind, amount_cents);
CREATE INDEX ledger_pool_owner_time ON ledger (pool_owner_id, created_at);
CREATE UNIQUE INDEX ledger_one_grant ON ledger (pool_owner_id) WHERE kind = 'GRANT';

DROP TABLE ledger_kept;
DROP TABLE accounts_kept;

-- A counter bet's ticket: its code (10 characters of 32, no 0/O/1/I: 50 bits), its bet and the
-- ticket's user, who took it, and when it was paid and by whom (once).
CREATE TABLE tickets (
  code TEXT PRIMARY KEY,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  event_id INTEGER NOT NULL REFERENCES events (id),
  bet_id INTEGER NOT NULL UNIQUE REFERENCES bets (id),
  user_id INTEGER NOT NULL UNIQUE REFERENCES users (id) CHECK (user_id < 0),
  taken_by INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  paid_at TEXT,
  paid_by INTEGER REFERENCES users (id),
  CHECK ((paid_at IS NULL) = (paid_by IS NULL))
) WITHOUT ROWID;
CREATE INDEX tickets_event ON tickets (event_id, created_at);
CREATE INDEX tickets_book_time ON tickets (bookmaker_id, created_at);
