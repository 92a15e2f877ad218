-- The version of the game its Discord message was last seen to show (written in batches, and at
-- a clean stop): a restart shows again only the games whose message may be behind their log.
-- NULL: unknown, so shown again.
ALTER TABLE games ADD COLUMN shown_version INTEGER;
