-- Price requests (docs/rules/price-requests.md): a bet the box refused, asked of the book. Nothing
-- is staked while it waits. PENDING until answered (expires_at: 5 minutes), OFFERED until taken
-- or offer_expires_at (60 s), DECLINED, TAKEN (bet_id) or EXPIRED. Odds as the bets keep them.
CREATE TABLE price_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  event_id INTEGER NOT NULL REFERENCES events (id),
  item_id INTEGER NOT NULL REFERENCES event_items (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  stake_cents INTEGER NOT NULL CHECK (stake_cents > 0),
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  each_way INTEGER NOT NULL CHECK (each_way IN (0, 1)),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'OFFERED', 'DECLINED', 'TAKEN', 'EXPIRED')),
  expires_at TEXT NOT NULL,
  offer_stake_cents INTEGER CHECK (offer_stake_cents > 0),
  offer_num INTEGER CHECK (offer_num > 0),
  offer_den INTEGER CHECK (offer_den > 0),
  offer_expires_at TEXT,
  answered_by INTEGER REFERENCES users (id),
  bet_id INTEGER REFERENCES bets (id),
  created_at TEXT NOT NULL,
  CHECK ((status = 'TAKEN') = (bet_id IS NOT NULL))
);
-- One open request per punter and outcome.
CREATE UNIQUE INDEX price_requests_open ON price_requests (user_id, item_id) WHERE status IN ('PENDING', 'OFFERED');
-- A book's requests, newest first; the open ones due to expire.
CREATE INDEX price_requests_book ON price_requests (bookmaker_id, id);
CREATE INDEX price_requests_punter ON price_requests (user_id, id);
CREATE INDEX price_requests_due ON price_requests (expires_at) WHERE status IN ('PENDING', 'OFFERED');
-- The guard of a take, in the bet's own batch: `offered` is read as 1 only while the offer
-- stands, else NULL, so a take after it (or of a request never offered) breaks NOT NULL and rolls
-- the bet back; the primary key refuses a second take.
CREATE TABLE price_request_takes (
  request_id INTEGER PRIMARY KEY REFERENCES price_requests (id),
  offered INTEGER NOT NULL
);
-- The bot's messages about a request, one per recipient, edited when it is answered or expires.
CREATE TABLE price_request_messages (
  request_id INTEGER NOT NULL REFERENCES price_requests (id),
  user_id INTEGER NOT NULL,
  chat_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  PRIMARY KEY (request_id, user_id)
);
-- The dev outbox keeps every button (a price request's carry callback data) and the last edit.
ALTER TABLE bot_messages ADD COLUMN buttons TEXT;
ALTER TABLE bot_messages ADD COLUMN edited_at TEXT;
