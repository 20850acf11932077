-- Idempotency keys of money calls (POST /balances/add, /balances/subtract, /bets): a retry
-- with the same key answers the first answer again and moves nothing. A key lives 24 hours.
-- `state`: PENDING while an attempt holds the key; COMMITTED once its coins moved (written in
-- the same batch as the movement, with `ref` naming what moved); DONE once the answer is kept.
CREATE TABLE idempotency_keys (
  user_id INTEGER NOT NULL REFERENCES users (id),
  key TEXT NOT NULL,
  -- SHA-256 of method, path and canonical body: the same key with another body is refused
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('PENDING', 'COMMITTED', 'DONE')),
  -- what the committed movement was about, to answer again when the answer was lost
  ref TEXT,
  status INTEGER,
  body TEXT,
  -- the attempt holding the key, and since when: a PENDING claim left 30 s is taken over
  claim TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
