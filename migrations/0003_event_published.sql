-- When an event was first published. Punters see only published events: a draft that was
-- never started is the bookmaker's alone, while a live event moved back to draft for
-- editing stays visible to them as suspended.
ALTER TABLE events ADD COLUMN published_at TEXT;
