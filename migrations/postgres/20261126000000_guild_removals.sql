-- The twin of migrations/sqlite/20261126000000_guild_removals.sql: when the bot was removed from
-- a server (GUILD_DELETE, not an outage): that server's games and statistics are deleted 30 days
-- later, unless the bot comes back first (GUILD_CREATE clears the row).
CREATE TABLE guild_removals (
    guild_id   BIGINT PRIMARY KEY,
    removed_ms BIGINT NOT NULL                  -- unix ms
);
