-- The twin of migrations/sqlite/20261125000001_ratings.sql: skill ratings per game kind, of
-- people and bot seats, per server and across servers (guild_id 0), mu and sigma in millionths.
CREATE TABLE ratings (
    guild_id    BIGINT NOT NULL,               -- 0: every server
    kind        TEXT   NOT NULL,
    player_kind TEXT   NOT NULL CHECK (player_kind IN ('person', 'bot')),
    player_id   BIGINT NOT NULL,               -- Discord user id, or the bot seat's number
    name        TEXT   NOT NULL,
    mu          BIGINT NOT NULL,
    sigma       BIGINT NOT NULL,
    games       BIGINT NOT NULL,
    updated_ms  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, kind, player_kind, player_id)
);
