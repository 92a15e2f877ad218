-- Skill ratings (Weng-Lin) per game kind, of people and of bot seats (marked as bots), per server
-- and across servers (guild_id 0). A rating's mu and sigma are kept in whole millionths.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,              -- 0: every server
    kind        TEXT    NOT NULL,
    player_kind TEXT    NOT NULL CHECK (player_kind IN ('person', 'bot')),
    player_id   INTEGER NOT NULL,              -- Discord user id, or the bot seat's number
    -- The name used in that server ('' across servers).
    name        TEXT    NOT NULL,
    mu          INTEGER NOT NULL,
    sigma       INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, player_kind, player_id)
);
