-- The twin of migrations/sqlite/20261203000000_rating_history.sql: each person's rating after
-- each rated game, per server and across servers (guild_id 0), for the rating chart of `stats`.
CREATE TABLE rating_history (
    guild_id    BIGINT NOT NULL,               -- 0: every server
    kind        TEXT   NOT NULL,
    user_id     BIGINT NOT NULL,
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    mu          BIGINT NOT NULL,
    sigma       BIGINT NOT NULL,
    at_ms       BIGINT NOT NULL,               -- unix ms
    PRIMARY KEY (guild_id, kind, user_id, game_id)
);
