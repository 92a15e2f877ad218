-- A server's settings as one row each, named by the setting's declaration (src/settings.rs), so
-- that a new setting takes no new column and no SQL of its own. The columns of
-- 20261127000000_guild_settings.sql (and of threads and charts) become rows: a column a server set
-- (not NULL) is a row, its value as the declaration writes it (a number in its unit; 1 or 0; a
-- language's code). A server that set nothing keeps no row, as before.
CREATE TABLE guild_setting_rows (
    guild_id   INTEGER NOT NULL,
    name       TEXT NOT NULL,              -- the setting's name: target, turn-timeout, ...
    value      TEXT NOT NULL,              -- its value, as its declaration writes it
    updated_ms INTEGER NOT NULL,              -- unix ms
    PRIMARY KEY (guild_id, name)
);

INSERT INTO guild_setting_rows (guild_id, name, value, updated_ms)
    SELECT guild_id, 'target', CAST(default_target AS TEXT), updated_ms FROM guild_settings
    WHERE default_target IS NOT NULL;
INSERT INTO guild_setting_rows (guild_id, name, value, updated_ms)
    SELECT guild_id, 'turn-timeout', CAST(turn_timeout_secs AS TEXT), updated_ms FROM guild_settings
    WHERE turn_timeout_secs IS NOT NULL;
INSERT INTO guild_setting_rows (guild_id, name, value, updated_ms)
    SELECT guild_id, 'bot-pace', CAST(bot_pace_ms AS TEXT), updated_ms FROM guild_settings
    WHERE bot_pace_ms IS NOT NULL;
INSERT INTO guild_setting_rows (guild_id, name, value, updated_ms)
    SELECT guild_id, 'language', lang, updated_ms FROM guild_settings
    WHERE lang IS NOT NULL;
INSERT INTO guild_setting_rows (guild_id, name, value, updated_ms)
    SELECT guild_id, 'threads', CASE WHEN threads = 0 THEN '0' ELSE '1' END, updated_ms
    FROM guild_settings WHERE threads IS NOT NULL;
INSERT INTO guild_setting_rows (guild_id, name, value, updated_ms)
    SELECT guild_id, 'charts', CASE WHEN charts = 0 THEN '0' ELSE '1' END, updated_ms
    FROM guild_settings WHERE charts IS NOT NULL;

DROP TABLE guild_settings;
ALTER TABLE guild_setting_rows RENAME TO guild_settings;
