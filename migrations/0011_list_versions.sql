-- Versions for the polled lists of books and bookmakers (what a bookmaker's punters and coins
-- look like, the directory of bookmakers). What they show changes rarely (a join request, an
-- approval, a note, a rename, a subscription), so a poll answers 304 from one small read.
-- Triggers bump the versions in the same transaction as the write that changes them: no
-- route, cron or payment can forget to. Coins need no version: every balance change writes a
-- ledger row, so the newest ledger id of a book is its balances' version.

-- A book's punters as its owner sees them: who is a member, their notes and names.
ALTER TABLE bookmakers ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- Versions of lists that span every book; one row, 'directory': every bookmaker's name, terms,
-- subscribers and BOOKMAKER subscription.
CREATE TABLE list_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO list_versions (name) VALUES ('directory');

-- A punter's accounts in every book (his coins in the directory), and the next BOOKMAKER
-- subscription to run out (a directory entry that goes inactive with no write).
CREATE INDEX accounts_of_punter ON accounts (punter_id) WHERE kind = 'PUNTER';
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
