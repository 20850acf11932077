-- Each outcome's stakes and what its bets would pay should it win, counted over live and
-- settled bets (ACCEPTED, WON, LOST), kept by the event's room with every bet and every change,
-- so the polled lists never sum an event's bets when they are read.
ALTER TABLE event_items ADD COLUMN stake_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE event_items ADD COLUMN liability_cents INTEGER NOT NULL DEFAULT 0;
UPDATE event_items SET
  stake_cents = COALESCE((SELECT SUM(b.stake_cents) FROM bets b WHERE b.item_id = event_items.id AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0),
  liability_cents = COALESCE((SELECT SUM(b.stake_cents * (b.odds_den * 100 + b.odds_num * (100 - b.deduction)) / (b.odds_den * 100 * b.dead_heat))
    FROM bets b WHERE b.item_id = event_items.id AND b.status IN ('ACCEPTED', 'WON', 'LOST')), 0);
-- A punter's own bets on the listed events, read with every poll of his events.
CREATE INDEX bets_user_event ON bets (user_id, event_id);
