# For Get It: the lobby, turns, odds, the end, the rules and refusals.
# Dice words (FOR, GET, IT, FORGET IT) are never translated.

game-forgetit = For Get It
fgi-lobby-target = First to **{ $target }** points wins.
fgi-rolloff = **Roll-off**: the highest number goes first, a word loses.
fgi-rolloff-skipped = … { $n } { $n ->
        [one] tied round
       *[other] tied rounds
    } …
fgi-rolloff-word = *word*
fgi-rolloff-round = Round { $n }: { $rolls }
fgi-goes-first = **{ $name }** goes first.

## The turn

fgi-button-keep = Keep { $n }s
fgi-button-bank = Bank { $points }
fgi-button-bank-short = Bank { $points } · not enough
fgi-button-bank-ties = Bank { $points } · ties
fgi-button-odds = Odds
fgi-button-roll-all = Roll all nine
fgi-button-roll-dice = Roll { $n } { $n ->
        [one] die
       *[other] dice
    }
fgi-turn-title = Round { $n } · { $name }
fgi-turn-title-set = Round { $n } · { $name } · set { $set }
fgi-none-yet = none yet
fgi-words = Words set aside
fgi-words-set = Words set aside (set { $set })
fgi-point-bonus = { $dice } · ×{ $m } bonus
fgi-roll-number = Roll #{ $n }
fgi-point-dice = Point dice
fgi-in-hand = In hand
fgi-in-hand-none = none: all nine set aside
fgi-turn-score = Turn score
fgi-prompt-first = Roll all nine dice to start the turn.
fgi-prompt-no-pair = No number showed on two dice: roll the { $n } { $n ->
        [one] die
       *[other] dice
    } in hand again.
fgi-prompt-number = **{ $n }s**
fgi-prompt-choose = Choose the point number: keep the { $options }.
fgi-prompt-all-aside = All nine dice set aside! Bank **{ $points }**, or roll all nine to start set { $set }.
fgi-prompt-bank-or-roll = Bank **{ $points }**, or roll the { $n } { $n ->
        [one] die
       *[other] dice
    } in hand.
fgi-note-new-set = The next roll starts set { $set }: these words stop counting.
fgi-note-danger = ⚠️ One **{ $word }** now spells FORGET IT!
fgi-note-safe = 🛡️ No { $word } die in hand: this set is safe.
fgi-last-turn-need = ⏳ Last turn: { $name } needs **{ $win }** to win, { $tie } to tie.

## The end of a turn

fgi-banked = { $name } banked **{ $points }**. Total: **{ $total }**.
fgi-forget-it = 💥 **FORGET IT!** { $name } scores 0 this turn{ $lost }.
fgi-timed-out-banked = ⏰ Time's up: { $banked }
fgi-timed-out-nothing = ⏰ Time's up for { $name }, with no point number: the turn scores 0.
# The finished turn in two lines: "Round 3 · ✅ alice banked 12…", then its rolls, the point dice
# in bold, the words each roll showed, and where the point number was kept.
fgi-result-round = Round { $n }
fgi-story-keep = → { $n }s
fgi-story-set = set { $set }:
fgi-left = 🚪 { $name } left the game{ $lost }.
fgi-last-turns = ⏳ **Last turns!** { $name } reached the target with { $total }: everyone else gets one more turn.

## The end of the game

fgi-played-to = Played to { $target } points.

## Odds

odds-title = 📊 Odds · round { $round } · { $name }'s turn
odds-first-roll = The turn starts with a roll of all nine dice.
odds-no-point = No point number yet: the dice in hand must be rolled again.
odds-chance-this = **Chance this roll spells FORGET IT:** { $chance }
odds-chance-next = **Chance the next roll spells FORGET IT:** { $chance }
odds-expected-turn = Expected score of the turn
odds-choose = { $asker ->
        [self] Choose the point number.
       *[other] { $name } chooses the point number.
    } Expected score of the turn for each choice, and the chance that the roll after it spells FORGET IT:
odds-next = FORGET IT next: { $chance }
odds-new-set = All nine dice are set aside: the next roll starts a new set of nine.
odds-best = The best play
odds-best-button = { $asker ->
        [self] Click **{ $button }**.
       *[other] { $name }'s best play is **{ $button }**.
    }
odds-footer = Only you see this. Expected scores assume the best play from here on, as the bot seats play, and count this turn only: no one is near the target yet, so points are what count.
odds-chance-none = 0% (no die in hand can spell it)
odds-chance = { $percent }% (1 in { $one_in })
odds-win-turn = Chance of winning from here
odds-choose-win = { $asker ->
        [self] Choose the point number. Your chance of winning for each choice
       *[other] { $name } chooses the point number. { $name }'s chance of winning for each choice
    }, and the chance that the roll after it spells FORGET IT:
odds-goal-last-turn = { $asker ->
        [self] **Your last turn:**
       *[other] **{ $name }'s last turn:**
    } banking **{ $need }** points or more beats { $leader }'s { $total }.
odds-goal-later = { $after } still { $count ->
        [one] plays a last turn
       *[other] play their last turns
    } after.
odds-judged-to-win = Every choice is judged by the chance of winning the game.
odds-goal-race = **The target is within reach:** the first to { $target } starts the last turns ({ $totals }).
odds-race-total = { $name }: { $total }
odds-race-reaches = Banking { $points } reaches { $target }: { $others } then get a last turn each to beat { $total }.
odds-bank-wins = **wins:** beats { $leader }'s { $total }
odds-bank-beats = **beats** { $leader }'s { $total }
odds-bank-ties = **ties** with { $leader }'s { $total }
odds-bank-short = **cannot win:** { $points } does not beat { $leader }'s { $total }
odds-footer-last-turn = Only you see this. In a last turn the bot seats play to win, and so do these odds: the chance of ending the game on top, a shared win counting its share, with the best play from here, and each player still to play after playing to beat the best total before them.
odds-footer-race = Only you see this. Near the target the bot seats play to win, and so do these odds: the chance of winning the game with the best play from here, by a model of the race against every other player (each playing for points until someone reaches the target).
odds-footer-hopeless = Only you see this. No play can win from here any more: these odds are in expected points, which still count for the leaderboards.

## Rules

fgi-rules-intro = Nine dice, push your luck, and don't spell **FORGET IT**. Play to the target: **{ $target }** points, unless the table picks another.
fgi-rules-dice = The dice
fgi-rules-dice-text = Three FOR dice (red), three GET dice (white) and three IT dice (blue). Each shows 1 to 5, or its own word.
fgi-rules-start = Who starts
fgi-rules-start-text = { $min } to { $max } players; a bot counts as one. Everyone rolls one die: the highest number goes first (any number beats a word), ties roll again. Then play goes round the table in joining order; each time round the table is a round, as the turn messages number them.
fgi-rules-turn = Your turn
fgi-rules-turn-text = Roll all nine dice. Every word is set aside. Then keep a number that shows on at least two dice: it is your **point number**, and those dice are set aside. No pair? Roll the rest again until one shows. You can't bank before you have a point number.
fgi-rules-bank = Bank or roll
fgi-rules-bank-text = After each roll, the words and the dice showing your point number are set aside, nothing else. Then **bank** your score, or **roll** the dice still in hand. A roll that sets nothing aside costs nothing.
fgi-rules-forget-it = 💥 FORGET IT
fgi-rules-forget-it-text = If the words set aside in a set include a FOR, a GET and an IT, you have spelled FORGET IT: your turn ends at once and scores 0, losing every point of the turn.
fgi-rules-all-nine = All nine set aside
fgi-rules-all-nine-text = Bank, or roll all nine again to start a new set: the words of the old set stop counting, your point number stays. A FORGET IT in a new set still loses the whole turn.
fgi-rules-scoring = Scoring
fgi-rules-scoring-text = Point dice × point number, doubled for four point dice, tripled for five, quadrupled for six or more. Three 4s score 12; six 3s score 6 × 3 × 4 = 72.
fgi-rules-end = The end
fgi-rules-end-text = Once someone's total reaches the target, everyone else gets one last turn. The highest total wins; equal totals share the win.
fgi-rules-time-text = When your time runs out, your turn is banked if you had a point number, else it scores 0; after { $n } timeouts in a row you leave the game. A player who leaves can't win.

## Refusals

fgi-error-must-choose = Choose your point number first.
fgi-error-no-point = You can't bank yet: roll until a number shows on two dice, and keep it.
fgi-error-nothing-to-choose = There's nothing to choose now: roll first.
fgi-error-not-a-number = { $n } isn't a point number: it's 1 to 5.
fgi-error-not-rolled-twice = You can only keep a number that shows on two dice, and { $n } doesn't.
fgi-error-bad-target = The target must be between 1 and { $max } points.
fgi-error-bad-turns = A game alone has 1 to { $max } turns.
fgi-error-rolloff = The roll-off for who goes first stayed tied: please start again.

# Reviews of For Get It: decisions, and the note at the foot of a review.
review-fgi-roll = roll on at { $points } points
review-fgi-keep = keep the { $n }s
review-fgi-bank = bank { $points }
fgi-review-note = For Get It: a new turn is worth 56.2 points on average with the best play. In a race to the target and in your last turn, the bot seats play to win, and so is your play judged: by your chance of winning.

# The game-over chart's moments.
fgi-moment-forget-it = { $name }'s FORGET IT in round { $round } cost { $lost }
fgi-moment-bank = { $name } banked { $points } in round { $round }

# The command (its subcommands' texts are in commands.ftl, but for what is this game's own).
cmd-forgetit = forgetit
cmd-forgetit-description = Play For Get It: nine dice, push your luck, don't spell FORGET IT.

## Its dice in words (beside `dice-reading`): one kind of die in a roll, "FOR: word, 2, 3"

dice-word = word
dice-kind = { $kind }: { $faces }
