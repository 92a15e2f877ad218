# Text shared by every game: lobby, buttons, notices, errors, leaderboards and statistics.

and = and
or = or
points-lost = ({ $n } { $n ->
        [one] point
       *[other] points
    } lost)

## Lobby

lobby-footer = Join to play, or add a bot to play against. The host starts the game.
playing-order = Playing order
lobby-waiting = Waiting for { $n } { $n ->
        [one] more player
       *[other] more players
    } to start.
lobby-full = The table is full: the host can start.
lobby-ready = Ready: the host can start, and up to { $n } more can join.
lobby-seat = { $n }. { $name }
lobby-seat-host = { $n }. { $name } 👑 host
lobby-players = Players ({ $seated }/{ $max })
footer-target = First to { $target } points wins.
bot-name = Bot { $n }

## Every game's own messages, unless the game has its own (`{code}-lobby-title`...): each names
## the game ($game) and starts with its emoji ($emoji).

game-lobby-title = { $emoji } { $game } · new table
game-lobby-content = { $emoji } A table of **{ $game }** is open: press **Join** to play!
game-closed-title = { $emoji } { $game } · table closed
game-closed-description = This table was cancelled before the game started.
game-started-title = { $emoji } { $game } · the game is on!
game-started-content = { $emoji } The game of **{ $game }** has started!
game-over-content = 🏁 The game of **{ $game }** is over.
game-over-winner = 🏆 { $who } wins **{ $game }**!
game-over-title = 🏆 { $game } · game over
game-cancelled-content = The game of **{ $game }** was cancelled.
game-cancelled-title = { $emoji } { $game } · cancelled
game-rules-title = { $emoji } How to play { $game }
game-rules-time = Time and leaving

## Buttons

button-join = Join
button-leave = Leave
button-add-bot = Add bot
button-start = Start
button-cancel = Cancel
button-rematch = Rematch
button-roll = Roll
button-previous = ◀ Previous
button-next = Next ▶

## Turns and the end

turn-yours = { $who }, your turn!
turn-bot = 🤖 { $who } is playing.
left-after-timeouts = 🚪 { $name } left the game after { $n } timeouts in a row.
over-nobody = Nobody is left at the table to win.
over-winner = 🏆 { $who } wins with **{ $points }** points!
over-shared = 🏆 { $who } share the win!
over-shared-points = 🏆 { $who } share the win with **{ $points }** points!
cancelled-before-start = This game was cancelled before it started.
cancelled-standing = This game was cancelled. The scores as they stood:
scores-title = Scores
score-left = 🚪 ~~{ $name }~~ · { $total } (left)

## Refusals of the rules

error-already-started = This game has already started.
error-not-started = The game hasn't started yet.
error-game-over = This game is over.
error-already-seated = You're already at this table.
error-table-full = The table is full ({ $max } seats).
error-not-seated = You're not playing at this table.
error-too-few-players = You need at least { $min } players to start: wait for someone to join, or click **{ $add_bot }**.
error-not-your-turn = It's not your turn.
error-not-your-turn-named = It's **{ $player }**'s turn, not yours.
error-see-turn = [Go to the turn]({ $link }).
error-empty-name = A seat needs a name.

## Notices: short private answers

notice-done = Done.
notice-joined = You joined the table.
notice-left = You left the table.
notice-kicked = They have been removed from the table.
notice-cancelled = The game is cancelled.
notice-channel-busy = There is already { $game } in { $channel }: join it, wait for it to end, or start yours { $elsewhere }.
notice-busy-game = a game of **{ $game }**
notice-busy-a-game = a game
notice-busy-seated = You're already playing { $game } in { $channel }: carry on there.
notice-busy-this-channel = this channel
notice-busy-another-channel = in another channel
notice-busy-in = in { $channels }
notice-busy-threads = With threads on (`config set threads`), each game has a thread of its own and a channel holds several.
notice-no-game = There is no game in this channel: start one with { $starts }.
notice-other-game = This channel's game is played with `/{ $command }`: use `/{ $command }` commands for it.
notice-game-over = That game is over.
notice-rematch-players-only = Only the players of that game can ask for its rematch: start a game of your own with { $starts }.
notice-stale = That button is out of date: use the latest turn message.
notice-already-done = Already done: your click before this one counted, and the message shows it.
notice-host-only = Only the host can do that.
notice-host-or-moderator = Only the host or a moderator can do that.
notice-host-only-named = Only the host ({ $host }) can do that.
notice-host-or-moderator-named = Only the host ({ $host }) or a moderator can do that.
notice-no-settings-here = Settings are made in a server the bot is a member of. Games here use the defaults.
notice-no-turn = No turn is being played right now.
notice-unknown-button = That button doesn't work any more.
notice-not-saved = That couldn't be saved, so nothing happened: please try again.
notice-shutting-down = The bot is restarting: please try again in a moment.
notice-failed = Something went wrong: please try again.
notice-preparing = ⏳ The strategy table is being prepared (the bot just started): your answer will appear here in a moment.
notice-not-prepared = The strategy table is still being prepared: please try again in a few minutes.
notice-option-range = **{ $option }** takes a whole number from { $min } to { $max }, such as { $examples }: nothing was done.
notice-option-at-least = **{ $option }** takes a whole number of at least { $min }, such as { $examples }: nothing was done.
notice-option-given = You entered { $given }.
notice-option-choice = **{ $option }** takes one of { $choices }: nothing was done.
notice-option-member = **{ $option }** takes a member of this server: nothing was done.
notice-option-value = **{ $option }** doesn't take that value: nothing was done.
notice-option-unknown = This command has no option **{ $option }**: nothing was done.
notice-option-missing = This command needs its option **{ $option }**: nothing was done.
notice-options-bad = The bot couldn't read this command's options: nothing was done.
notice-unknown-command = The bot has no such command (Discord may be showing an old one): use { $commands }.
notice-subcommand-needed = Say what to do after `/{ $command }`: { $subcommands }.
notice-command-moved = `/{ $old }` is now `/{ $new }`: the server's settings, privacy and forget-me are under the bot's own command, for every game. (Discord may still list the old one for a while.)

## Leaderboards and statistics

leaderboard-title = 🏆 { $game } · { $scope } · by { $by }
leaderboard-empty = Nobody is on this board yet: finish a game of { $game } to be the first!
leaderboard-page = Page { $page } of { $pages }
leaderboard-people-only = Bot seats are not ranked
leaderboard-scope-server = this server
leaderboard-scope-global = all servers
leaderboard-scope-chat = this chat
leaderboard-period-week = last 7 days
leaderboard-period-month = last 30 days
leaderboard-by-wins = wins
leaderboard-by-points = points
leaderboard-by-rating = rating
leaderboard-elsewhere = a player of another server
leaderboard-rating-note = A rating starts at 1500 and moves with each finished game, by place, more against stronger players; it shows a skill the player very likely has, so it also rises as games make it surer.
leaderboard-rating-no-period = Ratings are as they stand now: a period does not apply to them.
leaderboard-by-best-turn = best turn
leaderboard-by-best-game = best game
stats-title = 📊 { $name } · { $game }
stats-none = No games played yet.
stats-games = Games
stats-wins = Wins
stats-points = Points
stats-turns = Turns
stats-points-per-turn = Points per turn
stats-points-per-game = Points per game
stats-best-turn = Best turn
stats-best-game = Best game
stats-dickeys = Dickeys
stats-forget-its = FORGET ITs
stats-of-turns = { $n } ({ $percent } of turns)
stats-percent = { $percent }%

## Privacy (`privacy` and `forget-me`, the same for every game)

privacy-title = 🔒 Privacy: what the bot keeps, and for how long
privacy-stored = What is stored
privacy-stored-text = • The games played in each server: the channel, each seat's Discord id and the name the player had in that server, the scores, and the game's log of events (every move and die; the joins name the players too).
    • Lifetime statistics per server and game (games, wins, points, best turn or game, turns), with the name you use in that server, for its leaderboards; your result in each finished game with the time it finished, for the leaderboards of the last 7 and 30 days; and your skill rating per game, in each server and across servers, with its value after each rated game (for the chart of `stats`).
    • Your daily deals: each day's moves and dice, your name, score, accuracy and luck, and the servers you played or shared them in (for their boards of the day), for your streaks and averages.
    • Nothing else: no messages, no profile, no other server data.
privacy-why = Why
privacy-why-text = To play the games (an open game is rebuilt from its log after a restart), and to show scores, statistics and leaderboards.
privacy-how-long = For how long
privacy-how-long-text = As long as the bot is in the server. When the bot is removed from a server, that server's games and statistics are deleted 30 days later, unless the bot is added back before then.
privacy-forget = Forget me
privacy-forget-text = { $command } deletes your statistics, results, ratings and daily deals in every server at once, and replaces your name in the stored games with “a former player”. Your Discord id stays in those games' records, with no name, so that they and the other players' results stay as they were played. Messages already posted in channels are not changed.
former-player = a former player
forget-prompt = **Forget you?** This deletes your statistics and ratings in every server, for every game, and replaces your name in every stored game with “a former player”. The other players' results stay as they are. It cannot be undone.
forget-button-yes = Forget me
forget-button-no = Keep my data
forget-done = Done: your statistics are deleted and your name is gone from the stored games.
forget-kept = Nothing was deleted.
forget-seated = You have a seat at a game that is still open, in { $channel }: leave it (or wait for it to end), then ask again. Nothing was deleted.
forget-not-yours = Only the person who asked to be forgotten can answer this: run the forget-me command yourself.

## Server settings (`config`, the same for every game)

language-name = English
settings-title = ⚙️ Server settings
settings-intro = Used for the games started in this server from now on, over the bot's defaults. A game keeps the settings it started with.
settings-target = Default target ({ $game })
settings-turn-timeout = Time for each move
settings-bot-pace = Bot seats' pace
settings-language = Tables' language
settings-channels = Channels where games may start
settings-threads = Games in threads
settings-charts = Charts at the end
# A game started with threads on, when no thread could be opened; and its lobby once it is over.
thread-no-permission = { $host } 🧵 This game stays in the channel: the bot may not start threads here. A server admin can give it the **Create Public Threads** permission, or turn threads off in the server's settings (`config set threads`).
thread-failed = { $host } 🧵 This game stays in the channel: Discord did not open a thread for it.
thread-played-in = 🧵 Played in [its thread]({ $link }).
thread-gone = 🧵 { $why ->
    [deleted] This game's thread was deleted
    [locked] This game's thread was locked
   *[other] The bot can no longer post in this game's thread
}: the game goes on here.
thread-gone-busy = 🧵 { $why ->
    [deleted] This game's thread was deleted
    [locked] This game's thread was locked
   *[other] The bot can no longer post in this game's thread
}, and another game is open in this channel: the game ends here, cancelled.
game-on-lobby = ⚠️ The bot may not post in this channel: the game goes on on this message.
game-unshown = ⚠️ The bot can't show this game at the moment: click one of its buttons to see it as it is.
settings-on = on
settings-off = off
settings-set-here = { $value } (set here)
settings-default = { $value } (default)
# Durations, as the settings show them.
duration-ms = { $n } ms
duration-s = { $n } s
duration-min = { $n } min
duration-h = { $n } h
duration-d = { $n } d
settings-server-language = the server's language
settings-every-channel = every channel
settings-footer = Members with Manage Server change them with { $command } set, reset, add-channel and remove-channel.
settings-saved = Saved. The games started from now on play with these settings; a game under way keeps its own.
notice-channel-not-allowed = Games can't start in this channel: this server lets them start in { $channels }.
notice-manage-server-only = Only members with the **Manage Server** permission can change the server's settings: nothing was changed.
notice-nothing-to-set = Give at least one setting to change ({ $options }): nothing was changed.
notice-too-many-channels = A server can list at most { $max } channels where games may start: remove one first. Nothing was changed.
notice-option-channel = **{ $option }** takes a text channel of this server: nothing was done.
notice-option-duration = **{ $option }** takes a duration from { $min } to { $max }, such as { $examples }: nothing was done.

# Reviews: one person's play in a finished game against the optimal policy (privately).
button-review = Review
over-game-id = Game #{ $id }
review-title = 🔍 Review · { $name } · { $game } #{ $id }
review-score = **Score { $points }** in { $turns ->
    [one] one round
   *[other] { $turns } rounds
}.
review-expected = 📈 The best play would have scored **{ $expected }** on average.
review-expected-some = 📈 In your { $rounds ->
    [one] round
   *[other] { $rounds } rounds
} played for points, the best play would have scored **{ $expected }** on average.
review-luck = 🎲 Your dice: **{ $luck }** points against average dice.
review-lost = 🧠 Your decisions cost **{ $lost }** points on average.
review-forfeited = ⏰ Timeouts and leaving cost **{ $forfeited }** points on average.
review-start-chance = 📈 Your chance of winning at your first turn: **{ $chance }%**.
review-luck-chance = 🎲 Luck: **{ $luck }** percentage points (your dice { $dice }, the others' turns { $others }).
review-lost-chance = 🧠 Your decisions cost **{ $lost }** percentage points.
review-forfeited-chance = ⏰ Timeouts and leaving cost **{ $forfeited }** percentage points.
review-end-chance = 🏁 { $start }% { $terms } = **{ $end }%** at the end: { $result ->
    [won] you won.
    [shared] a shared win.
   *[lost] you lost.
}
review-played-to-win = 🏁 { $n ->
    [one] Round { $rounds } was played to win, as the bot seats play it: it is judged by your chance of winning, not counted in the points above.
   *[other] Rounds { $rounds } were played to win, as the bot seats play them: they are judged by your chance of winning, not counted in the points above.
}
review-all-played-to-win = 🏁 { $n ->
    [one] Your round was played to win, as the bot seats play it: it is judged by your chance of winning.
   *[other] All your rounds were played to win, as the bot seats play them: they are judged by your chance of winning.
}
review-rounds = Rounds that mattered
review-no-mistakes = None: every decision was the best one. 🎯
review-no-mistakes-close = None: every decision was within { $threshold } { $unit ->
    [chance] percentage point
   *[points] point
} of the best one. 🎯
review-round-head = **Round { $round }** · { $points } pts
review-round-to-win = 🏁 chance of winning: { $before }% at the start, { $terms }: { $after }% at the end
review-term-luck = your dice { $value }
review-term-decisions = decisions { $value }
review-term-timeouts = timeouts { $value }
review-round-best = every decision was the best one
review-round-close = every decision was within { $threshold } { $unit ->
    [chance] percentage point
   *[points] point
} of the best one
review-mistake = you chose to { $chosen }; better: { $best } (**−{ $cost }** pts)
review-mistake-chance = you chose to { $chosen } (**{ $chosen_chance }%** to win); better: { $best } ({ $best_chance }%, **−{ $cost }** pts)
review-mistake-on = with { $dice }, { $mistake }
review-more-decisions = …and { $n ->
    [one] one more decision
   *[other] { $n } more decisions
} (−{ $cost }).
review-more-mistakes = …and { $n ->
    [one] one more round, costing
   *[other] { $n } more rounds, costing
} { $cost } points in all.
review-more-mistakes-to-win = …and { $n ->
    [one] one more round played to win, costing
   *[other] { $n } more rounds played to win, costing
} { $cost } percentage points in all.
review-timed-out = ⏰ timed out
review-left = 🚪 left
review-unfinished = the game ended
review-more-turns = …and { $n } more.
review-footer = Only you see this. Each decision is compared with the best play from that point on, the bot seats' own.
review-unknown = There is no game #{ $id }.
review-other-server = Game #{ $id } was not played in this server: review it where it was played.
review-other-game = Game #{ $id } is played with `/{ $command }`: use `/{ $command } review`.
review-not-finished = Game #{ $id } is not finished: it can be reviewed once it is over.
review-cancelled = Game #{ $id } was cancelled: only a finished game can be reviewed.
review-not-played = You did not play in game #{ $id }: only its players can review it.
review-pruned = Game #{ $id } ended long ago and its moves are no longer kept, so it has no review or rematch any more. Its result still counts.
review-no-games = You have no finished game of { $game } in this server to review: play one, then `/{ $command } review`.

## Dice in words: every message with dice says them in its text too (notifications and screen
## readers read an emoji as its name)

dice-reading = { $what } — { $dice }
notice-limit-lobbies = You already host { $max ->
    [one] an open lobby
   *[other] { $max } open lobbies
} on this server, the most one person may: start { $max ->
    [one] it
   *[other] one
} or close { $max ->
    [one] it
   *[other] one
} first. Nothing was done.
notice-limit-tables = This server has { $max } open games, the most it may: finish or cancel one first. Nothing was done.
notice-limit-clicks = Slow down: at most { $max } clicks a minute. Nothing was done; click again in a moment.

# The game-over chart (its labels, and its alt text).
chart-title = Round by round
chart-rounds = Round
chart-points = Points
chart-target = Target { $target }
chart-last-round = Last round
chart-bot = { $name } (bot)
chart-alt-led = { $name } led from round { $round }
chart-alt-totals = final totals: { $totals }

# The review's chart.
review-chart-title = Your game, round by round
review-chart-points = Points
review-chart-chance = Chance of winning (%)
review-chart-deltas = Each round
review-chart-deltas-chance = Each round, in percentage points
review-chart-you = { $name }
review-chart-optimal = optimal play would expect
review-chart-luck = luck
review-chart-dice = your dice
review-chart-cost = decisions
review-chart-alt = { $name }'s score round by round against what optimal play would expect, with each round's luck and what the decisions cost: { $turns }
review-chart-alt-chance = { $name }'s chance of winning after each of their turns against the chance optimal decisions would have kept, with each round's luck and what the decisions cost: { $turns }
review-chart-turn = round { $round } { $luck } luck, { $lost } decisions
review-chart-turn-to-win = round { $round } played to win

# The rating chart of `stats`.
rating-chart-title = Rating over the last { $n } games
rating-chart-games = Game
rating-chart-rating = Rating
rating-chart-alt = { $name }'s rating over their last { $n } games: from { $first } to { $last }, highest { $best }.

# Odds, in every game: an expected score, a chance of winning.
odds-expected = expected **{ $points }**
odds-to-win = **{ $percent }%** to win
