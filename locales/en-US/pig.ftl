# Pig: its texts (docs/RULES.md, P1–P5), and its slash command's.

game-pig = Pig
pig-lobby-target = One die: roll as often as you dare, hold to bank your turn, and a 1 loses it. First to **{ $target }** points wins.
pig-rolloff = **Roll-off**: the highest number goes first.
pig-goes-first = **{ $name }** goes first.
pig-button-roll = Roll
pig-button-hold = Hold { $points }
pig-button-odds = Odds
pig-turn-title = Round { $round } · { $who }
pig-turn-first = Roll to start your turn.
pig-turn-total = Turn: **{ $points }** · holding makes **{ $total }** of { $target }
pig-rolled = Rolled a **{ $n }**.
pig-held = { $name } held **{ $points }**. Total: **{ $total }**.
pig-reached = 🏁 { $name } reached **{ $total }** and wins!
pig-pigged = 💥 { $name } rolled a 1 and lost { $lost } { $lost ->
    [one] point
   *[other] points
}.
pig-pigged-nothing = 💥 { $name } rolled a 1 at once: nothing this turn.
pig-timed-out = ⏰ Time's up: { $held }
pig-left = 🚪 { $name } left the game, losing { $lost } { $lost ->
    [one] point
   *[other] points
} of the turn.
pig-result-round = Round { $n }
pig-odds-roll = **{ $button }** once more, then play on well: **{ $chance }%** chance of winning.
pig-odds-hold = **{ $button }** now: **{ $chance }%** chance of winning.
pig-odds-roll-first = A turn starts with a roll: there is nothing to hold yet.
pig-odds-best-hold = Best: hold.
pig-odds-best-roll = Best: roll.
pig-odds-footer = Only you see this. Chances assume both players play optimally from here, as the bot seats play.
pig-odds-footer-many = Only you see this. With four players or more, chances are the exact three-player ones against the two leading opponents; with a target above 100, the two-player ones against the leading opponent; every player playing optimally from here, as the bot seats play.
pig-odds-footer-three = Only you see this. Chances are exact for the three players, each playing optimally from here for their own chance, as the bot seats play.
pig-error-roll-first = Roll first: a turn starts with a roll.
pig-error-bad-target = The target must be between { $min } and { $max }.
pig-error-rolloff = The roll-off stayed tied too long: start the game again.
pig-rules-title = 🐷 How to play Pig
pig-rules-intro = One die, push your luck. Play to the target: **{ $target }** points, unless the table picks another ({ $min_target } to { $max_target }).
pig-rules-start = Players and order
pig-rules-start-text = { $min } to { $max } players (a bot counts as one). Everyone rolls the die: the highest goes first (ties roll again), then play goes round the table.
pig-rules-turn = Your turn
pig-rules-turn-text = Roll at least once. A 2 to 6 adds to your turn total; then roll again or **hold** to add the turn total to your score. A **1** ends your turn at once and its total is lost.
pig-rules-goal = Winning
pig-rules-goal-text = The moment your score and turn total reach the target, you win: the game ends at once.
pig-rules-bot = The bot
pig-rules-bot-text = A bot seat plays to win: exactly with two or three players, and against the two leaders when there are more. **Odds** shows your chance if you hold and if you roll once more.
pig-rules-time-text = When your time runs out, the bot holds your turn total for you; after { $n } timeouts in a row you leave the game. Leaving gives up your turn.
review-pig-roll = roll on at { $points }
review-pig-hold = hold { $points }
pig-review-note = Pig: the bot seats play to win, and so is your play judged: chances of winning in percentage points, both sides playing their best (against the leader when there are more).

# The slash command.
cmd-pig = pig
cmd-pig-description = Play Pig: one die, roll or hold, and a 1 loses your turn's points.
cmd-pig-rules-description = How Pig is played.

# The game-over chart's moments.
pig-moment-won = { $name } reached { $total } in round { $round }
