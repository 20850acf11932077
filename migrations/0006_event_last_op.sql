-- Which admin operation of the event's room wrote last. After a write whose outcome is
-- unknown (a lost connection), the room reads it back to learn whether its change landed.
ALTER TABLE events ADD COLUMN last_op TEXT;
