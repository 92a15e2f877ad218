-- The twin of migrations/sqlite/20261207000000_daily.sql: the daily deal, each person's private
-- solo play of a game's deal of the day. Days are numbered as days since 1970-01-01 UTC.

-- The deployment's one key for the day's dice, made once: the deal of `first_day` is the #1.
CREATE TABLE daily_key (
    id         BIGINT NOT NULL PRIMARY KEY,    -- always 1
    secret     TEXT   NOT NULL,                -- 32 bytes, as 64 hexadecimal digits
    first_day  BIGINT NOT NULL                 -- days since 1970-01-01 UTC
);

-- A person's deal of a game of a day: its event log (opaque JSON), and once it ended, its result.
CREATE TABLE daily_deals (
    user_id    BIGINT NOT NULL,
    kind       TEXT   NOT NULL,                -- the game's key (games.kind)
    day        BIGINT NOT NULL,                -- days since 1970-01-01 UTC
    name       TEXT   NOT NULL,                -- the person's display name
    lang       TEXT   NOT NULL,                -- the language's code (games.lang)
    events     TEXT   NOT NULL,                -- a JSON array: the deal's event log
    version    BIGINT NOT NULL,                -- how many events
    ended      TEXT,                           -- NULL in progress, 'played' or 'midnight'
    score      BIGINT,
    accuracy   DOUBLE PRECISION,               -- a share, 0 to 1
    luck       DOUBLE PRECISION,
    squares    TEXT,
    started_ms BIGINT NOT NULL,                -- unix ms
    updated_ms BIGINT NOT NULL,                -- unix ms
    PRIMARY KEY (user_id, kind, day)
);

-- The servers a person played or shared a deal in: its place on their boards of that day.
CREATE TABLE daily_places (
    user_id    BIGINT NOT NULL,
    kind       TEXT   NOT NULL,
    day        BIGINT NOT NULL,
    guild_id   BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind, day, guild_id)
);
CREATE INDEX daily_places_by_guild ON daily_places (guild_id, kind, day);
