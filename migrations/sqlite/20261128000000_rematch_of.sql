-- The finished game a game is the rematch of (its Rematch button opened it), so that the other
-- players' Rematch clicks seat them at that table and at no other lobby open in the channel.
ALTER TABLE games ADD COLUMN rematch_of INTEGER;
