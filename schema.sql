-- The schema as it stands after every migration in migrations/ (a test keeps the two equal).
-- Change the schema with a new migration, then bring this file in line.


-- A Telegram user; the id is Telegram's own user id.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- His language: the one he chose (NULL: Telegram's), and Telegram's as one of ours (NULL: none).
  language TEXT CHECK (language IN ('en', 'es', 'pt-BR', 'ru', 'fr', 'tr', 'id', 'ar')),
  telegram_language TEXT CHECK (telegram_language IN ('en', 'es', 'pt-BR', 'ru', 'fr', 'tr', 'id', 'ar'))
);
CREATE INDEX users_username ON users (username COLLATE NOCASE);

-- A bookmaker profile; one per user. Names are unique whatever their case, and no two look alike.
CREATE TABLE bookmakers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  name TEXT NOT NULL,
  terms TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  -- bumped with every change to its punters as its owner sees them (triggers below)
  version INTEGER NOT NULL DEFAULT 0,
  -- Limits, in cents (docs/rules/limits.md, "Limits"): the punters' defaults, NULL = none;
  -- what the book's open multiples may owe added up, NULL = the default of 10,000 coins.
  max_stake_cents INTEGER CHECK (max_stake_cents > 0),
  max_payout_per_event_cents INTEGER CHECK (max_payout_per_event_cents > 0),
  max_multiples_payout_cents INTEGER CHECK (max_multiples_payout_cents > 0),
  -- Cash out: offered or not, and the book's margin in hundredths (5 is 0.05).
  cashout_enabled INTEGER NOT NULL DEFAULT 0 CHECK (cashout_enabled IN (0, 1)),
  cashout_margin_pct INTEGER NOT NULL DEFAULT 5 CHECK (cashout_margin_pct BETWEEN 0 AND 50),
  -- The name's look (common/look-alike.ts, migration 0022): no two books' names look alike. NULL
  -- only for a book whose name already looked like an older book's when looks came in.
  name_skeleton TEXT
);
CREATE UNIQUE INDEX bookmakers_name ON bookmakers (name COLLATE NOCASE);
CREATE UNIQUE INDEX bookmakers_name_skeleton ON bookmakers (name_skeleton);

-- A punter's join request and, once approved, his membership.
CREATE TABLE memberships (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'APPROVED', 'DECLINED')),
  note TEXT NOT NULL DEFAULT '',
  requested_at TEXT NOT NULL,
  approved_at TEXT,
  -- the punter's own limits, in cents; NULL = the book's default
  max_stake_cents INTEGER CHECK (max_stake_cents > 0),
  max_payout_per_event_cents INTEGER CHECK (max_payout_per_event_cents > 0),
  UNIQUE (bookmaker_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id, status);
CREATE INDEX memberships_bookmaker_status ON memberships (bookmaker_id, status);

-- Coin accounts. The pool ("My coins") belongs to the user who owns, or will own, a
-- bookmaker profile, so a subscription paid before the profile exists can carry its grant.
-- A punter account is per (pool owner, punter) and can never go below zero: an overdraft
-- aborts the whole batch it is part of. A counter ticket's punter is a user of its own (0020);
-- the book's CASH account holds what the counter paid out.
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('POOL', 'PUNTER', 'CASH')),
  pool_owner_id INTEGER NOT NULL REFERENCES users (id),
  punter_id INTEGER REFERENCES users (id),
  balance_cents INTEGER NOT NULL DEFAULT 0,
  CHECK ((kind = 'PUNTER') = (punter_id IS NOT NULL)),
  CHECK (kind = 'POOL' OR balance_cents >= 0)
);
CREATE UNIQUE INDEX accounts_pool ON accounts (pool_owner_id) WHERE kind = 'POOL';
CREATE UNIQUE INDEX accounts_punter ON accounts (pool_owner_id, punter_id) WHERE kind = 'PUNTER';
CREATE INDEX accounts_of_punter ON accounts (punter_id) WHERE kind = 'PUNTER';
CREATE UNIQUE INDEX accounts_cash ON accounts (pool_owner_id) WHERE kind = 'CASH';

-- Append-only double-entry ledger: every balance change is one row here, written in the
-- same batch as the balance update. Coins enter only through GRANT and PURCHASE (no source),
-- cash only through CASH_IN (a counter ticket's stake) and leaves as CASH_PAID (0020).
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
CREATE INDEX ledger_pool_owner ON ledger (pool_owner_id, id);
-- By account with time, kind and amount: a punter's figures are read from these alone (0005).
CREATE INDEX ledger_from_time ON ledger (from_account, created_at, kind, amount_cents);
CREATE INDEX ledger_to_time ON ledger (to_account, created_at, kind, amount_cents);
CREATE INDEX ledger_pool_owner_time ON ledger (pool_owner_id, created_at);
-- A grant is given once per user, whatever happens to deliveries.
CREATE UNIQUE INDEX ledger_one_grant ON ledger (pool_owner_id) WHERE kind = 'GRANT';

-- An event; a draft is an event in status CREATED. Written only by its EventRoom.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'READY_FOR_BETS', 'WAITING_FOR_RESULT', 'FINISHED',
    'WAITING_FOR_CALCULATION', 'CALCULATED', 'CANCELLED', 'ABANDONED', 'SUSPENDED')),
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  start_date2 TEXT,
  start_date3 TEXT,
  start_date4 TEXT,
  start_date5 TEXT,
  max_total_payout_cents INTEGER NOT NULL CHECK (max_total_payout_cents > 0),
  -- return for punters in hundredths: 1, or 50 to 95
  return_pct INTEGER NOT NULL CHECK (return_pct = 1 OR return_pct BETWEEN 50 AND 95),
  bot_equalizer INTEGER NOT NULL DEFAULT 0 CHECK (bot_equalizer IN (0, 1)),
  -- bumped on every write, so polled lists can answer 304 without waking the room
  version INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  settled_at TEXT,
  -- when the event was first published; punters see only published events
  published_at TEXT,
  -- the id of the room's admin operation that wrote last (read back after an unknown outcome)
  last_op TEXT,
  -- racing rules: Tattersalls Rule 4 for late non-runners, the dead-heat rule for shared wins
  rule4 INTEGER NOT NULL DEFAULT 0 CHECK (rule4 IN (0, 1)),
  dead_heat INTEGER NOT NULL DEFAULT 0 CHECK (dead_heat IN (0, 1)),
  -- each-way terms: none (OFF), standard by the runners at settlement (STANDARD), or as set (SET)
  each_way TEXT NOT NULL DEFAULT 'OFF' CHECK (each_way IN ('OFF', 'STANDARD', 'SET')),
  each_way_places INTEGER CHECK (each_way_places BETWEEN 1 AND 5),
  each_way_fraction INTEGER CHECK (each_way_fraction BETWEEN 1 AND 10),
  -- SP bets taken, and best odds guaranteed: frozen once a bet is struck (0018)
  sp INTEGER NOT NULL DEFAULT 0 CHECK (sp IN (0, 1)),
  bog INTEGER NOT NULL DEFAULT 0 CHECK (bog IN (0, 1))
);
CREATE INDEX events_bookmaker_start ON events (bookmaker_id, start_date);
CREATE INDEX events_bookmaker_status ON events (bookmaker_id, status, settled_at);

-- An outcome of an event. `odds_*` are the bookmaker's, `curr_*` those bets are taken at.
CREATE TABLE event_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events (id),
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  curr_num INTEGER NOT NULL CHECK (curr_num > 0),
  curr_den INTEGER NOT NULL CHECK (curr_den > 0),
  status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'NR', 'WINNER', 'LOSER')),
  -- a non-runner's Rule 4 deduction (pence in the pound) and when it was withdrawn
  deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90),
  withdrawn_at TEXT,
  -- stakes and would-be payout of its live and settled bets (ACCEPTED, WON, LOST), kept by the room
  stake_cents INTEGER NOT NULL DEFAULT 0,
  liability_cents INTEGER NOT NULL DEFAULT 0,
  -- its finishing place once settled (ties share a place), and what the place parts of its
  -- live and settled bets would pay should it be placed
  place INTEGER CHECK (place >= 1),
  place_liability_cents INTEGER NOT NULL DEFAULT 0,
  -- its starting price, set by the result for a running outcome (0018)
  sp_num INTEGER CHECK (sp_num > 0),
  sp_den INTEGER CHECK (sp_den > 0),
  UNIQUE (event_id, position)
);

-- A bet keeps the odds it was accepted at. One bet per punter per outcome (an each-way bet is that one bet, in two parts).
CREATE TABLE bets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events (id),
  item_id INTEGER NOT NULL REFERENCES event_items (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  stake_cents INTEGER NOT NULL CHECK (stake_cents > 0),
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  status TEXT NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'WON', 'LOST', 'CANCELLED', 'CASHED_OUT')),
  payout_cents INTEGER NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  created_at TEXT NOT NULL,
  settled_at TEXT,
  -- Rule 4 deductions for runners withdrawn after the bet (at most 90p), and the number of
  -- winners it shared first place with (1: none)
  deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90),
  dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat >= 1),
  -- an each-way bet is a WIN and a PLACE row of one unit stake; the PLACE row names the WIN row
  part TEXT NOT NULL DEFAULT 'WIN' CHECK (part IN ('WIN', 'PLACE')),
  each_way_of INTEGER,
  -- a PLACE row's terms (paying places, the fraction of the odds it pays at), its places dead heat
  -- (paid on stake × share ÷ dead_heat), and the win part's dead heat (0: the win part lost)
  place_places INTEGER CHECK (place_places BETWEEN 1 AND 5),
  place_fraction INTEGER NOT NULL DEFAULT 1 CHECK (place_fraction BETWEEN 1 AND 10),
  dead_heat_share INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat_share >= 1),
  win_dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (win_dead_heat >= 0),
  -- a bet at SP (its odds follow its outcome's price until the result), the Rule 4 its SP takes
  -- (late withdrawals only), and the SP it is paid at (NULL: paid at its price) (0018)
  at_sp INTEGER NOT NULL DEFAULT 0 CHECK (at_sp IN (0, 1)),
  sp_deduction INTEGER NOT NULL DEFAULT 0 CHECK (sp_deduction BETWEEN 0 AND 90),
  sp_num INTEGER CHECK (sp_num > 0),
  sp_den INTEGER CHECK (sp_den > 0),
  -- the bookmaker's own price when it was struck: the most its cash-out counts it at (0021)
  book_num INTEGER CHECK (book_num > 0),
  book_den INTEGER CHECK (book_den > 0),
  UNIQUE (item_id, user_id, part)
);
CREATE INDEX bets_event ON bets (event_id, status);
CREATE INDEX bets_punter_history ON bets (bookmaker_id, user_id, created_at);
CREATE INDEX bets_bookmaker_settled ON bets (bookmaker_id, settled_at);
CREATE INDEX bets_user_event ON bets (user_id, event_id);
CREATE INDEX bets_each_way ON bets (each_way_of) WHERE each_way_of IS NOT NULL;

-- Multiples and full-cover bets (0014): placed by one guarded batch, settled leg by leg by the
-- rooms of their events; `settled_event_id` and `settled_at` name the settlement that completed one.
CREATE TABLE multiples (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('DOUBLE', 'TREBLE', 'ACCUMULATOR', 'TRIXIE', 'PATENT', 'YANKEE', 'LUCKY15')),
  legs INTEGER NOT NULL CHECK (legs BETWEEN 2 AND 8),
  lines INTEGER NOT NULL CHECK (lines >= 1),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  -- Every line winning at the odds struck: what the book's cap on open multiples adds up.
  potential_cents INTEGER NOT NULL CHECK (potential_cents > 0),
  status TEXT NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'WON', 'LOST', 'CANCELLED', 'CASHED_OUT')),
  payout_cents INTEGER NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  created_at TEXT NOT NULL,
  settled_at TEXT,
  settled_event_id INTEGER REFERENCES events (id)
);
CREATE INDEX multiples_user ON multiples (bookmaker_id, user_id, created_at);
CREATE INDEX multiples_open ON multiples (bookmaker_id, status);
CREATE INDEX multiples_settled ON multiples (settled_event_id, settled_at);

-- One selection each, in the order the punter gave them (leg_no 0…). A leg settles with its
-- event: WON (factor = its odds less Rule 4, over a dead heat), LOST (0), VOID (1).
CREATE TABLE multiple_legs (
  multiple_id INTEGER NOT NULL REFERENCES multiples (id),
  leg_no INTEGER NOT NULL CHECK (leg_no BETWEEN 0 AND 7),
  event_id INTEGER NOT NULL REFERENCES events (id),
  item_id INTEGER NOT NULL REFERENCES event_items (id),
  odds_num INTEGER NOT NULL CHECK (odds_num > 0),
  odds_den INTEGER NOT NULL CHECK (odds_den > 0),
  deduction INTEGER NOT NULL DEFAULT 0 CHECK (deduction BETWEEN 0 AND 90),
  dead_heat INTEGER NOT NULL DEFAULT 1 CHECK (dead_heat >= 1),
  result TEXT NOT NULL DEFAULT 'PENDING' CHECK (result IN ('PENDING', 'WON', 'LOST', 'VOID')),
  factor REAL,
  settled_at TEXT,
  -- a leg at SP, and the Rule 4 its SP takes (0018)
  at_sp INTEGER NOT NULL DEFAULT 0 CHECK (at_sp IN (0, 1)),
  sp_deduction INTEGER NOT NULL DEFAULT 0 CHECK (sp_deduction BETWEEN 0 AND 90),
  -- the bookmaker's own price when it was struck, as a single's (0021)
  book_num INTEGER CHECK (book_num > 0),
  book_den INTEGER CHECK (book_den > 0),
  PRIMARY KEY (multiple_id, leg_no),
  UNIQUE (multiple_id, event_id)
);
CREATE INDEX multiple_legs_event ON multiple_legs (event_id, result);
CREATE INDEX multiple_legs_item ON multiple_legs (item_id);

-- The lines each kind makes over its legs, as bit masks of leg_no (common/multiples.ts linesOf
-- makes the same; a test holds the two equal): settlement multiplies a line's legs' factors.
CREATE TABLE multiple_lines (
  kind TEXT NOT NULL,
  legs INTEGER NOT NULL,
  mask INTEGER NOT NULL,
  PRIMARY KEY (kind, legs, mask)
);
-- (0014 fills multiple_lines: DOUBLE 3; TREBLE 7; ACCUMULATOR 15…255; TRIXIE, YANKEE every mask of
-- 2 legs or more; PATENT, LUCKY15 every mask.)

-- The market's catalogue, in Telegram Stars. Coin packages carry `coins_cents`.
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  price_stars INTEGER NOT NULL CHECK (price_stars > 0),
  period_days INTEGER CHECK (period_days IS NULL OR period_days > 0),
  coins_cents INTEGER CHECK (coins_cents IS NULL OR coins_cents > 0)
);

-- What a user holds of a subscription type: one row per type, extended on renewal.
CREATE TABLE user_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id),
  type TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  start_date TEXT NOT NULL,
  end_date TEXT,
  -- when Telegram next charges for it by itself (a Stars subscription), if it does
  renews_at TEXT,
  UNIQUE (user_id, type)
);

-- An invoice we asked Telegram to show; `id` is the opaque payload sent with it.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
  price_stars INTEGER NOT NULL CHECK (price_stars > 0),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'PAID', 'CANCELLED')),
  created_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE INDEX invoices_user ON invoices (user_id, status);

-- A payment Telegram reported; applied exactly once per charge id.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  invoice_id TEXT NOT NULL REFERENCES invoices (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  telegram_payment_charge_id TEXT NOT NULL UNIQUE,
  amount_stars INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

-- Bot updates already handled, so a redelivery changes nothing.
CREATE TABLE telegram_updates (
  update_id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL
);

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

-- What a user wants the bot to tell him, and whether it may write to him (docs/decisions/bot.md,
-- "The bot's messages"). Keyed by Telegram id without a reference to users: /start may come from
-- someone who never opened the app.
CREATE TABLE notification_settings (
  user_id INTEGER PRIMARY KEY,
  join_requests INTEGER NOT NULL DEFAULT 1 CHECK (join_requests IN (0, 1)),
  results INTEGER NOT NULL DEFAULT 1 CHECK (results IN (0, 1)),
  coins INTEGER NOT NULL DEFAULT 1 CHECK (coins IN (0, 1)),
  new_events INTEGER NOT NULL DEFAULT 0 CHECK (new_events IN (0, 1)),
  -- a bookmaker is told of a stake above this; NULL: never
  big_bets_over_cents INTEGER CHECK (big_bets_over_cents IS NULL OR big_bets_over_cents >= 0),
  -- consent: init data's allows_write_to_pm (or write access granted), or he sent /start
  allows_write INTEGER NOT NULL DEFAULT 0 CHECK (allows_write IN (0, 1)),
  started_at TEXT,
  -- Telegram answered 403 (he blocked the bot): nothing is sent until his next /start
  blocked_at TEXT,
  updated_at TEXT NOT NULL
);

-- The bot's messages that did not go to Telegram: with the dev bot token every message lands
-- here (the dev outbox, GET /dev/outbox); otherwise a message dead-lettered after 5 tries.
CREATE TABLE bot_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  chat_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('OUTBOX', 'DEAD')),
  text TEXT NOT NULL,
  -- JSON {text, url} of the button that opens the mini-app, or NULL
  button TEXT,
  created_at TEXT NOT NULL,
  -- JSON [{text, url?, callbackData?}]: every button (a price request's carry callback data)
  buttons TEXT,
  -- When the bot last edited the message (an answered or expired price request)
  edited_at TEXT
);
CREATE INDEX bot_messages_user ON bot_messages (user_id, kind, id);

-- Lapsed books whose owner was told of their deletion (docs/ARCHITECTURE.md, "Retention"), once per subscription
-- end: a bookmaker who renews and lapses again is told again. Deleted with the book.
CREATE TABLE retention_warnings (
  bookmaker_id INTEGER NOT NULL,
  subscription_end TEXT NOT NULL,
  warned_at TEXT NOT NULL,
  PRIMARY KEY (bookmaker_id, subscription_end)
) WITHOUT ROWID;

-- Versions for the polled lists of books and bookmakers (migration 0011): triggers bump them in
-- the same transaction as every write that changes what those lists show.
-- Versions of lists that span every book; one row, 'directory': every bookmaker's name, terms,
-- subscribers and BOOKMAKER subscription.
CREATE TABLE list_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO list_versions (name) VALUES ('directory');

-- A punter's accounts in every book (his coins in the directory), and the next BOOKMAKER
-- subscription to run out (a directory entry that goes inactive with no write).
CREATE INDEX user_subscriptions_ending ON user_subscriptions (type, active, end_date);

-- A book's version counts its approved punters only: a join request is not in its balances.
CREATE TRIGGER memberships_added AFTER INSERT ON memberships BEGIN
  UPDATE bookmakers SET version = version + 1 WHERE id = NEW.bookmaker_id AND NEW.status = 'APPROVED';
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;
CREATE TRIGGER memberships_changed AFTER UPDATE ON memberships BEGIN
  UPDATE bookmakers SET version = version + 1 WHERE id IN (OLD.bookmaker_id, NEW.bookmaker_id) AND 'APPROVED' IN (OLD.status, NEW.status);
END;
-- The directory shows join statuses and subscribers, not the owner's notes.
CREATE TRIGGER memberships_status_changed AFTER UPDATE OF status ON memberships WHEN OLD.status <> NEW.status BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;
CREATE TRIGGER memberships_removed AFTER DELETE ON memberships BEGIN
  UPDATE bookmakers SET version = version + 1 WHERE id = OLD.bookmaker_id AND OLD.status = 'APPROVED';
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;

CREATE TRIGGER bookmakers_added AFTER INSERT ON bookmakers BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;
CREATE TRIGGER bookmakers_changed AFTER UPDATE OF name, terms ON bookmakers BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;
CREATE TRIGGER bookmakers_removed AFTER DELETE ON bookmakers BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;

CREATE TRIGGER bookmaker_subscriptions_added AFTER INSERT ON user_subscriptions WHEN NEW.type = 'BOOKMAKER' BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;
CREATE TRIGGER bookmaker_subscriptions_changed AFTER UPDATE ON user_subscriptions WHEN NEW.type = 'BOOKMAKER' OR OLD.type = 'BOOKMAKER' BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;
CREATE TRIGGER bookmaker_subscriptions_removed AFTER DELETE ON user_subscriptions WHEN OLD.type = 'BOOKMAKER' BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'directory';
END;

-- A punter's new Telegram username shows in the lists of every book he belongs to.
CREATE TRIGGER users_renamed AFTER UPDATE OF username ON users WHEN OLD.username <> NEW.username BEGIN
  UPDATE bookmakers SET version = version + 1 WHERE id IN (SELECT bookmaker_id FROM memberships WHERE user_id = NEW.id AND status = 'APPROVED');
END;

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

-- A bookmaker's staff (0019): a user the owner added as CLERK or MANAGER; one book at most, and
-- never a punter of it.
CREATE TABLE staff (
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  user_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  role TEXT NOT NULL CHECK (role IN ('CLERK', 'MANAGER')),
  since TEXT NOT NULL,
  PRIMARY KEY (bookmaker_id, user_id)
);

-- A counter bet's ticket (0020): its code (10 characters of 32, no 0/O/1/I: 50 bits), its bet
-- and the ticket's own user (an id below 0), who took it, and when it was paid and by whom (once).
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
