-- Any game: a game's kind is its own name (`games.kind`), which the code that reads it checks,
-- not a list here, so that adding a game adds no migration; and each game's feat (what its
-- statistics count beside wins, points, best and turns: a game declares what it is) has a
-- column of that name, `feats`.
--
-- SQLite cannot drop a CHECK: `games` is rebuilt (SQLite's procedure for other changes,
-- https://www.sqlite.org/lang_altertable.html#otheralter). The store runs its migrations on a
-- connection without foreign keys (src/store/sqlite.rs), so dropping the old table deletes none
-- of its seats, events and results; their references name `games`, the rebuilt table.

CREATE TEMP TABLE games_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'games';

CREATE TABLE games_rebuilt (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    kind             TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    settings         TEXT    NOT NULL,          -- JSON, the game's own settings
    version          INTEGER NOT NULL,          -- = the seq of the last event in the log
    lobby_message_id INTEGER,
    turn_message_id  INTEGER,
    deadline_ms      INTEGER,                   -- the turn's deadline, unix ms; NULL when none runs
    created_ms       INTEGER NOT NULL,
    updated_ms       INTEGER NOT NULL,
    finished_ms      INTEGER,
    lang             TEXT    NOT NULL DEFAULT 'en-US',
    shown_version    INTEGER,
    turn_timeout_ms  INTEGER,
    bot_pace_ms      INTEGER,
    rematch_of       INTEGER,
    lobby_channel_id INTEGER
);

INSERT INTO games_rebuilt (id, guild_id, channel_id, kind, status, settings, version,
    lobby_message_id, turn_message_id, deadline_ms, created_ms, updated_ms, finished_ms, lang,
    shown_version, turn_timeout_ms, bot_pace_ms, rematch_of, lobby_channel_id)
SELECT id, guild_id, channel_id, kind, status, settings, version, lobby_message_id,
    turn_message_id, deadline_ms, created_ms, updated_ms, finished_ms, lang, shown_version,
    turn_timeout_ms, bot_pace_ms, rematch_of, lobby_channel_id
FROM games;

DROP TABLE games;
ALTER TABLE games_rebuilt RENAME TO games;

-- Ids are never given twice, as before: the sequence goes on from where it was.
DELETE FROM sqlite_sequence WHERE name = 'games';
INSERT INTO sqlite_sequence (name, seq) SELECT 'games', seq FROM temp.games_sequence;
DROP TABLE temp.games_sequence;

-- At most one open game per channel, whichever kind.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_open ON games (status) WHERE status IN ('lobby', 'playing');

ALTER TABLE player_stats RENAME COLUMN forget_its TO feats;
ALTER TABLE results RENAME COLUMN forget_its TO feats;
