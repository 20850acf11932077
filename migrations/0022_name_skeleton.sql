-- Book names in any script (docs/decisions/languages.md, "Names and texts in any script"): a book may not
-- take a name that looks like another book's. `name_skeleton` is the name's look
-- (common/look-alike.ts), written with the name by every door that sets one (register, rename),
-- and unique. NULL only for a book whose name already looked like an older book's (below).
ALTER TABLE bookmakers ADD COLUMN name_skeleton TEXT;
-- Names so far were printable ASCII, whose look SQL can work out as the code does: lower case,
-- 0 read as o; 1, i and | as l; "rn" as m; runs of spaces as one (names are trimmed and at most 16
-- characters, so four halvings do). worker/bookmakers/any-script.test.ts holds it equal to
-- the code.
UPDATE bookmakers SET name_skeleton =
  replace(replace(replace(replace(
    replace(replace(replace(replace(replace(lower(name), '0', 'o'), '1', 'l'), 'i', 'l'), '|', 'l'), 'rn', 'm'),
  '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')
WHERE name_skeleton IS NULL;
-- Books whose names already looked alike keep them; the oldest holds the look.
UPDATE bookmakers SET name_skeleton = NULL
WHERE id NOT IN (SELECT MIN(id) FROM bookmakers GROUP BY name_skeleton);
CREATE UNIQUE INDEX bookmakers_name_skeleton ON bookmakers (name_skeleton);
