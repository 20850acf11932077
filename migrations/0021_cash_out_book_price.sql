-- A cash-out is priced from the bookmaker's own prices (docs/decisions/events.md, "Cash out: the book's
-- own prices"): a bet counts at its price, but never above his price when it was struck, since
-- the equalizer lengthens an outcome's price as the others are backed. `book_num`/`book_den` keep
-- that price, for a single's rows and for a multiple's legs, written by the insert from the
-- outcome's row in the same statement.
ALTER TABLE bets ADD COLUMN book_num INTEGER CHECK (book_num > 0);
ALTER TABLE bets ADD COLUMN book_den INTEGER CHECK (book_den > 0);
ALTER TABLE multiple_legs ADD COLUMN book_num INTEGER CHECK (book_num > 0);
ALTER TABLE multiple_legs ADD COLUMN book_den INTEGER CHECK (book_den > 0);
-- Rows struck before: their own price (what they were cashed out at until now).
UPDATE bets SET book_num = odds_num, book_den = odds_den;
UPDATE multiple_legs SET book_num = odds_num, book_den = odds_den;
