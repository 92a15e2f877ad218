-- A server's open games, counted when a game starts (limits.tables_per_server and
-- limits.lobbies_per_person).
CREATE INDEX games_open_by_guild ON games (guild_id) WHERE status IN ('lobby', 'playing');
