-- A server's settings (`/forgetit config`), used over the config file's defaults: NULL where the
-- server set none. The target is For Get It's (Get Dickey has none); the others apply to every
-- game of the server.
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    default_target    INTEGER,                 -- a For Get It game started without a target
    turn_timeout_secs INTEGER,                 -- time for each move
    bot_pace_ms       INTEGER,                 -- a bot seat's wait before each move
    lang              TEXT,                    -- a new table's language, unless chosen at start
    updated_ms        INTEGER NOT NULL         -- unix ms
);

-- The channels of a server where games may start; none listed: every channel.
CREATE TABLE guild_channels (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

-- The clocks a game started with, from its server's settings (NULL: the config file's, as they
-- stand), so that a game keeps them across a restart and a later change of the settings.
ALTER TABLE games ADD COLUMN turn_timeout_ms INTEGER;
ALTER TABLE games ADD COLUMN bot_pace_ms INTEGER;
