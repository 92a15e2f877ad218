-- Leaderboards show the name a person uses in that server; boards across servers show mentions,
-- so no server's name for a person is shown elsewhere.
ALTER TABLE player_stats ADD COLUMN name TEXT NOT NULL DEFAULT '';
UPDATE player_stats SET name = COALESCE((SELECT name FROM players p WHERE p.user_id = player_stats.user_id), '');
DROP TABLE players;
