-- The language a table's public messages are written in (a Discord locale code, e.g. 'en-US' or
-- 'fr'), chosen when the game is created: timers and bot moves edit those messages with no
-- interaction to take a locale from. Games created before it are English.
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en-US';
