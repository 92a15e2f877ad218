-- Charts on game-over messages: a server's setting (1 on, 0 off, NULL the default: on).
ALTER TABLE guild_settings ADD COLUMN charts INTEGER;
