# Columns, the tests' toy game: its texts, and its slash command's.

game-columns = Columns
col-lobby-about = Three columns each: a die in each, worth the die times the column's number.
col-column = Column
col-your-turn = pick a column for your die.
col-error-full = That column is full.
col-rules-intro = { $min } players, three columns each.
col-rules-turn = Your turn
col-rules-turn-text = Pick a free column: a die is rolled and placed there, worth the die times the column's number. The highest total wins; equal totals, the higher die in column 3.
col-rules-time-text = When your time runs out, the die goes to your first free column; after { $n } timeouts in a row you leave the game.

# The slash command.
cmd-columns = columns
cmd-columns-description = Play Columns, the tests' toy game.
