-- When the bot was removed from a server (GUILD_DELETE, not an outage): that server's games and
-- statistics are deleted 30 days later, unless the bot comes back first (GUILD_CREATE clears
-- the row).
CREATE TABLE guild_removals (
    guild_id   INTEGER PRIMARY KEY,
    removed_ms INTEGER NOT NULL                 -- unix ms
);
