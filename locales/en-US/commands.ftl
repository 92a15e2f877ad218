# Slash commands: names and descriptions, shown by Discord in the user's language.
# A game's command is cmd-<game> (its name) and cmd-<game>-description, in the game's .ftl. Below
# them, a subcommand's, option's or group's texts are written once, here, for every game:
# cmd-<path> is the name, cmd-<path>-description its description, the path going down the command
# (cmd-start-target, cmd-config-set-charts). A game may have its own text for any of them:
# cmd-<game>-<path> in its .ftl is read first. Choices are choice-<choice>.
# The texts may use { $game } (the game's name; under config: the game whose target is the
# server's), { $min }, { $max } and { $default } (its target's) and { $bots } (the most bot seats).
# Names: 1 to 32 lowercase letters, digits, - or _. Descriptions: 1 to 100 characters.

## Each game's subcommands (/forgetit start, /pig start...)

cmd-start = start
cmd-start-description = Open a table in this channel; friends join with the Join button.
cmd-start-target = target
cmd-start-target-description = Points to reach, { $min } to { $max } (default { $default })
cmd-start-bots = bots
cmd-start-bots-description = Bot seats to add now (0 to { $bots })
cmd-start-language = language
cmd-start-language-description = The table's language (default: the server's)
cmd-join = join
cmd-join-description = Take a seat at the table in this channel.
cmd-leave = leave
cmd-leave-description = Leave the table in this channel (in a game, your seat is skipped from then on).
cmd-scores = scores
cmd-scores-description = Show the scores of the game in this channel.
cmd-rules = rules
cmd-rules-description = How { $game } is played.
cmd-leaderboard = leaderboard
cmd-leaderboard-description = The leaderboard: of all time, or of the last 7 or 30 days.
cmd-leaderboard-scope = scope
cmd-leaderboard-scope-description = This server (default) or every server
cmd-leaderboard-by = by
cmd-leaderboard-by-description = Rank by wins (default), points, best turn or skill rating
cmd-leaderboard-period = period
cmd-leaderboard-period-description = The games finished in the last 7 or 30 days, or all (default)
cmd-stats = stats
cmd-stats-description = Lifetime statistics: yours, or another player's.
cmd-stats-user = user
cmd-stats-user-description = Whose statistics (default: yours)
cmd-stats-scope = scope
cmd-stats-scope-description = This server (default) or every server
cmd-daily = daily
cmd-daily-description = Today's { $game } deal: the same dice for everyone, played privately.
cmd-daily-show = show
cmd-daily-show-description = Play today's deal (default), see this server's board, or your daily stats
cmd-cancel = cancel
cmd-cancel-description = Cancel the game in this channel (the host, or a member who can manage messages).
cmd-kick = kick
cmd-kick-description = Remove a player from the game in this channel (the host, or a member who can manage messages).
cmd-kick-user = user
cmd-kick-user-description = The player to remove
cmd-review = review
cmd-review-description = Review your play in a finished game: the decisions that cost points, and your luck.
cmd-review-game = game
cmd-review-game-description = The game's number (default: your latest finished game here)

## The server-wide subcommands, once, under the bot's command (/forgetit config, privacy, forget-me)

cmd-privacy = privacy
cmd-privacy-description = What the bot stores about you, why, and for how long.
cmd-forget-me = forget-me
cmd-forget-me-description = Delete your statistics, ratings and your name from stored games (asks to confirm).

cmd-config = config
cmd-config-description = The server's settings for all its games (changed by members with Manage Server).
cmd-config-show = show
cmd-config-show-description = Show the server's settings.
cmd-config-set = set
cmd-config-set-description = Change the server's settings for the games started from now on.
cmd-config-set-target = target
cmd-config-set-target-description = Default target of a { $game } game ({ $min } to { $max }); other games keep theirs
cmd-config-set-turn-timeout = turn-timeout
cmd-config-set-turn-timeout-description = Time for each move before the turn times out, such as 5m or 1m 30s (30s to 7d)
cmd-config-set-bot-pace = bot-pace
cmd-config-set-bot-pace-description = A bot seat's wait before each move, such as 1.5s or 800ms (0 to 1m)
cmd-config-set-language = language
cmd-config-set-language-description = The language of new tables (a start may still choose another)
cmd-config-set-threads = threads
cmd-config-set-threads-description = Whether Start opens a thread for each game, so a channel may hold several
cmd-config-set-charts = charts
cmd-config-set-charts-description = Whether a game's end shows its chart, round by round
cmd-config-reset = reset
cmd-config-reset-description = Put a setting of the server back to the bot's default.
cmd-config-reset-setting = setting
cmd-config-reset-setting-description = Which setting (all: every one, the channels included)
cmd-config-add-channel = add-channel
cmd-config-add-channel-description = Let games start in a channel (once one is listed, only in the listed ones).
cmd-config-add-channel-channel = channel
cmd-config-add-channel-channel-description = The channel
cmd-config-remove-channel = remove-channel
cmd-config-remove-channel-description = Take a channel off the list where games may start.
cmd-config-remove-channel-channel = channel
cmd-config-remove-channel-channel-description = The channel

choice-this-server = this server
choice-global = global
choice-wins = wins
choice-points = points
choice-best-turn-or-game = best turn or game
choice-last-7-days = last 7 days
choice-last-30-days = last 30 days
choice-all-time = all time
choice-rating = rating
choice-all = all
choice-target = target
choice-turn-timeout = turn timeout
choice-bot-pace = bot pace
choice-language = language
choice-channels = channels
choice-threads = threads
choice-charts = charts
choice-play = play
choice-board = board
choice-my-stats = my stats
