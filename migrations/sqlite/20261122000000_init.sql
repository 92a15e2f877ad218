-- forgetit's schema: games, their seats and append-only event logs, and lifetime statistics.
-- Discord snowflakes are stored as INTEGER (SQLite's 64-bit signed integer, bit for bit).

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    kind             TEXT    NOT NULL CHECK (kind IN ('for_get_it', 'get_dickey')),
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    settings         TEXT    NOT NULL,          -- JSON, the game's own settings
    version          INTEGER NOT NULL,          -- = the seq of the last event in the log
    lobby_message_id INTEGER,
    turn_message_id  INTEGER,
    deadline_ms      INTEGER,                   -- the turn's deadline, unix ms; NULL when none runs
    created_ms       INTEGER NOT NULL,
    updated_ms       INTEGER NOT NULL,
    finished_ms      INTEGER
);

-- At most one open game per channel, whichever kind.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_open ON games (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,               -- seating (join) order, from 0
    player_kind TEXT    NOT NULL CHECK (player_kind IN ('person', 'bot')),
    player_id   INTEGER NOT NULL,               -- Discord user id, or the bot seat's number
    name        TEXT    NOT NULL,
    total       INTEGER NOT NULL,
    playing     INTEGER NOT NULL CHECK (playing IN (0, 1)),
    PRIMARY KEY (game_id, position)
);

CREATE TABLE events (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,                -- 1 for the `created` event
    event      TEXT    NOT NULL,                -- JSON, the engine's event with its dice
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Lifetime statistics of people (not bot seats), per server and game kind. Global figures are
-- sums over servers.
CREATE TABLE player_stats (
    guild_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    points     INTEGER NOT NULL DEFAULT 0,
    best       INTEGER NOT NULL DEFAULT 0,      -- best turn (For Get It), best game (Get Dickey)
    forget_its INTEGER NOT NULL DEFAULT 0,
    turns      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, user_id)
);

-- The name a person was last seen with, for leaderboards.
CREATE TABLE players (
    user_id    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    updated_ms INTEGER NOT NULL
);
