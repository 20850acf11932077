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
  created_at TEXT NOT NULL
);
CREATE INDEX bot_messages_user ON bot_messages (user_id, kind, id);
