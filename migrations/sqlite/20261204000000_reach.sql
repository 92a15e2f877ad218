-- How the bot reaches a game's channel: 0 a server's channel where it is a member (it posts and
-- edits messages), 1 a server where only people installed the app, 2 a DM or a group DM (whose
-- games keep the chat's channel id as their server's). In 1 and 2 it only answers interactions.
ALTER TABLE games ADD COLUMN reach INTEGER NOT NULL DEFAULT 0;
