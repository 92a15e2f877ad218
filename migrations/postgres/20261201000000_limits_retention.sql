-- A server's open games, counted when a game starts (limits.tables_per_server and
-- limits.lobbies_per_person).
CREATE INDEX games_open_by_guild ON games (guild_id) WHERE status IN ('lobby', 'playing');

-- When the move log of a finished game was deleted (retention.game_logs_days): its result,
-- ratings and statistics stay; its review is gone.
ALTER TABLE games ADD COLUMN log_pruned_ms BIGINT;
CREATE INDEX games_to_prune ON games (finished_ms)
    WHERE log_pruned_ms IS NULL AND status IN ('finished', 'cancelled');
