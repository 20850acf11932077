-- The market's catalogue, priced in Telegram Stars (docs/decisions/market.md, "Market prices").
-- BOOKMAKER's first period costs half; the price here is the full one.
INSERT INTO subscriptions (type, name, price_stars, period_days, coins_cents) VALUES
  ('BOOKMAKER', 'Bookmaker', 1000, 30, NULL),
  ('WHAT_IF', 'What if?', 250, 30, NULL),
  ('FRACTAL_ODDS', 'Fractional Odds', 150, 30, NULL),
  ('ADD_BALANCE_1000', '1,000 coins', 100, NULL, 100000),
  ('ADD_BALANCE_5000', '5,000 coins', 450, NULL, 500000),
  ('ADD_BALANCE_10000', '10,000 coins', 800, NULL, 1000000),
  ('ADD_BALANCE_50000', '50,000 coins', 2500, NULL, 5000000);

-- When Telegram next charges the holder for this type by itself (a Stars subscription);
-- a manual renewal is refused until then, so nobody pays twice for one period.
ALTER TABLE user_subscriptions ADD COLUMN renews_at TEXT;
