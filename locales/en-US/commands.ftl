# Slash commands: names and descriptions, shown by Discord in the user's language.
# cmd-<command path> is the name, cmd-<path>-description its description; options follow the same
# pattern under their command (cmd-forgetit-start-target), and choices are choice-<choice>.
# Names: 1 to 32 lowercase letters, digits, - or _. Descriptions: 1 to 100 characters.

cmd-forgetit = forgetit
cmd-forgetit-description = Play For Get It: nine dice, push your luck, don't spell FORGET IT.
cmd-forgetit-start = start
cmd-forgetit-start-description = Open a table in this channel; friends join with the Join button.
cmd-forgetit-start-target = target
cmd-forgetit-start-target-description = Points to reach (default 500)
cmd-forgetit-start-bots = bots
cmd-forgetit-start-bots-description = Bot seats to add now (0 to 9)
cmd-forgetit-join = join
cmd-forgetit-join-description = Take a seat at the table in this channel.
cmd-forgetit-leave = leave
cmd-forgetit-leave-description = Leave the table in this channel (in a game, your seat is skipped from then on).
cmd-forgetit-scores = scores
cmd-forgetit-scores-description = Show the scores of the game in this channel.
cmd-forgetit-rules = rules
cmd-forgetit-rules-description = How For Get It is played.
cmd-forgetit-leaderboard = leaderboard
cmd-forgetit-leaderboard-description = The lifetime leaderboard.
cmd-forgetit-leaderboard-scope = scope
cmd-forgetit-leaderboard-scope-description = This server (default) or every server
cmd-forgetit-leaderboard-by = by
cmd-forgetit-leaderboard-by-description = Rank by wins (default), points or best turn
cmd-forgetit-stats = stats
cmd-forgetit-stats-description = Lifetime statistics: yours, or another player's.
cmd-forgetit-stats-user = user
cmd-forgetit-stats-user-description = Whose statistics (default: yours)
cmd-forgetit-stats-scope = scope
cmd-forgetit-stats-scope-description = This server (default) or every server
cmd-forgetit-cancel = cancel
cmd-forgetit-cancel-description = Cancel the game in this channel (the host, or a member who can manage messages).
cmd-forgetit-kick = kick
cmd-forgetit-kick-description = Remove a player from the game in this channel (the host, or a member who can manage messages).
cmd-forgetit-kick-user = user
cmd-forgetit-kick-user-description = The player to remove

cmd-getdickey = getdickey
cmd-getdickey-description = Play Get Dickey: five dice, three rolls, thirteen boxes to fill.
cmd-getdickey-start = start
cmd-getdickey-start-description = Open a table of Get Dickey in this channel (one player may play alone).
cmd-getdickey-start-bots = bots
cmd-getdickey-start-bots-description = Bot seats to add now (0 to 9)
cmd-getdickey-join = join
cmd-getdickey-join-description = Take a seat at the table in this channel.
cmd-getdickey-leave = leave
cmd-getdickey-leave-description = Leave the table in this channel (in a game, your seat is skipped from then on).
cmd-getdickey-scores = scores
cmd-getdickey-scores-description = Show the scorecards of the game in this channel.
cmd-getdickey-rules = rules
cmd-getdickey-rules-description = How Get Dickey is played.
cmd-getdickey-leaderboard = leaderboard
cmd-getdickey-leaderboard-description = The lifetime Get Dickey leaderboard.
cmd-getdickey-leaderboard-scope = scope
cmd-getdickey-leaderboard-scope-description = This server (default) or every server
cmd-getdickey-leaderboard-by = by
cmd-getdickey-leaderboard-by-description = Rank by wins (default), points or best game
cmd-getdickey-stats = stats
cmd-getdickey-stats-description = Lifetime Get Dickey statistics: yours, or another player's.
cmd-getdickey-stats-user = user
cmd-getdickey-stats-user-description = Whose statistics (default: yours)
cmd-getdickey-stats-scope = scope
cmd-getdickey-stats-scope-description = This server (default) or every server
cmd-getdickey-cancel = cancel
cmd-getdickey-cancel-description = Cancel the game in this channel (the host, or a member who can manage messages).
cmd-getdickey-kick = kick
cmd-getdickey-kick-description = Remove a player from the game in this channel (the host, or a member who can manage messages).
cmd-getdickey-kick-user = user
cmd-getdickey-kick-user-description = The player to remove

choice-this-server = this server
choice-global = global
choice-wins = wins
choice-points = points
choice-best-turn-or-game = best turn or game
