-- Each person's result in each finished game, with the time it finished: what leaderboards of a
-- period (the last week, the last month) count. `player_stats` keeps the lifetime sums. Games
-- finished before this migration get their rows when the bot next starts (it replays them).
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    -- The name the person used in that server.
    name        TEXT    NOT NULL,
    won         INTEGER NOT NULL,              -- 1 for a win (a shared one too), else 0
    points      INTEGER NOT NULL,
    best        INTEGER NOT NULL,
    forget_its  INTEGER NOT NULL,
    turns       INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,              -- unix ms
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_by_time ON results (kind, finished_ms);
