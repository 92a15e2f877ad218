-- The twin of migrations/sqlite/20261125000000_results.sql: each person's result in each finished
-- game, with the time it finished, for leaderboards of a period.
CREATE TABLE results (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    guild_id    BIGINT NOT NULL,
    kind        TEXT   NOT NULL,
    name        TEXT   NOT NULL,
    won         BIGINT NOT NULL,               -- 1 for a win (a shared one too), else 0
    points      BIGINT NOT NULL,
    best        BIGINT NOT NULL,
    forget_its  BIGINT NOT NULL,
    turns       BIGINT NOT NULL,
    finished_ms BIGINT NOT NULL,               -- unix ms
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_by_time ON results (kind, finished_ms);
