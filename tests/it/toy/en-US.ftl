# Columns, the tests' toy game: its texts, and its slash command's.

game-columns = Columns
col-lobby-title = 🎲 Columns · new table
col-lobby-about = Three columns each: a die in each, worth the die times the column's number.
col-lobby-waiting = Waiting for a second player.
col-lobby-content = 🎲 A table of **Columns** is open: press **Join** to play!
col-closed-title = 🎲 Columns · table closed
col-closed-description = This table was cancelled before the game started.
col-started = 🎲 The game of **Columns** has started!
col-column = Column
col-your-turn = pick a column for your die.
col-error-full = That column is full.
col-over-content = 🏁 The game of **Columns** is over.
col-over-winner = 🏆 { $who } wins **Columns**!
col-over-title = 🏆 Columns · game over
col-cancelled-content = The game of **Columns** was cancelled.
col-cancelled-title = 🎲 Columns · cancelled
col-rules-title = 🎲 How to play Columns
col-rules-intro = { $min } players, three columns each.
col-rules-turn = Your turn
col-rules-turn-text = Pick a free column: a die is rolled and placed there, worth the die times the column's number.
col-rules-time = Time and leaving
col-rules-time-text = When your time runs out, the die goes to your first free column; after { $n } timeouts in a row you leave the game.

# The slash command.
cmd-columns = columns
cmd-columns-description = Play Columns, the tests' toy game.
