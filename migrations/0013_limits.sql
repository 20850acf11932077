-- The book's risk desk: limits (docs/rules/limits.md, "Limits"). All in cents; NULL means no
-- limit of the book's own, or on a membership the book's default.
ALTER TABLE bookmakers ADD COLUMN max_stake_cents INTEGER CHECK (max_stake_cents > 0);
ALTER TABLE bookmakers ADD COLUMN max_payout_per_event_cents INTEGER CHECK (max_payout_per_event_cents > 0);
-- What the book's open multiples may owe at most, added up; NULL is the default of 10,000 coins.
ALTER TABLE bookmakers ADD COLUMN max_multiples_payout_cents INTEGER CHECK (max_multiples_payout_cents > 0);
ALTER TABLE memberships ADD COLUMN max_stake_cents INTEGER CHECK (max_stake_cents > 0);
ALTER TABLE memberships ADD COLUMN max_payout_per_event_cents INTEGER CHECK (max_payout_per_event_cents > 0);
