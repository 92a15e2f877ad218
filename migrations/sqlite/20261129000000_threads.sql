-- Games in threads: a server's setting (1 on, 0 off, NULL the default: off), and for a game moved
-- to the thread its Start opened, the channel that still holds its lobby message (its
-- `channel_id` is then the thread's).
ALTER TABLE guild_settings ADD COLUMN threads INTEGER;
ALTER TABLE games ADD COLUMN lobby_channel_id INTEGER;
