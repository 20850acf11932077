-- A bookmaker's staff (docs/ARCHITECTURE.md and docs/decisions/events.md, "Staff"): a user the
-- owner added by username as CLERK or MANAGER. A user works for one book at most, and is never a
-- punter of it (the staff and memberships inserts each refuse the other).
CREATE TABLE staff (
  bookmaker_id INTEGER NOT NULL REFERENCES bookmakers (id),
  user_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  role TEXT NOT NULL CHECK (role IN ('CLERK', 'MANAGER')),
  since TEXT NOT NULL,
  PRIMARY KEY (bookmaker_id, user_id)
);
