-- Any game: a game's kind is its own name (`games.kind`), which the code that reads it checks,
-- not a list here, so that adding a game adds no migration; and each game's feat (what its
-- statistics count beside wins, points, best and turns: a game declares what it is) has a
-- column of that name, `feats`. As migrations/sqlite/20261130000000_any_game.sql.

ALTER TABLE games DROP CONSTRAINT games_kind_check;
ALTER TABLE player_stats RENAME COLUMN forget_its TO feats;
ALTER TABLE results RENAME COLUMN forget_its TO feats;
