-- Each person's rating after each rated game, per server and across servers (guild_id 0), for
-- the rating chart of `stats`: mu and sigma in whole millionths, as in `ratings`.
CREATE TABLE rating_history (
    guild_id    INTEGER NOT NULL,              -- 0: every server
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    mu          INTEGER NOT NULL,
    sigma       INTEGER NOT NULL,
    at_ms       INTEGER NOT NULL,              -- unix ms
    PRIMARY KEY (guild_id, kind, user_id, game_id)
);
