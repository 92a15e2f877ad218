# Get Dickey: the lobby, turns, scorecards, the end, the rules and refusals.

game-getdickey = Get Dickey
gd-closed-description = This table was cancelled before a turn was played.
gd-lobby-waiting = Waiting for a player.
gd-lobby-description = Five dice, three rolls, thirteen boxes: the highest total after { $rounds } rounds wins.
gd-started-description = { $rounds } rounds; in each, every player has one turn, in seating order.
gd-footer = The highest total after { $rounds } rounds wins.

## The turn

gd-turn-yours = { $who }, your turn! Round { $round } of { $rounds }.
gd-last-round-need = ⏳ Last round: { $name } needs **{ $points }** more to pass the leader.
gd-last-round-lead = ⏳ Last round: { $name } leads by **{ $lead }**.
gd-turn-title = Round { $round } of { $rounds } · { $name }
gd-roll-of = Roll { $n } of { $max }
gd-scorecard = Scorecard · { $name }
gd-prompt-bot-first = The bot is about to roll.
gd-prompt-first = Roll all five dice to start the turn.
gd-prompt-must-score = No rolls left: score the roll in an open box.
gd-prompt-bot = The bot chooses what to hold, or where to score.
gd-prompt-hold = Hold the dice to keep and roll the rest ({ $n } { $n ->
        [one] roll
       *[other] rolls
    } left), or score the roll now.
gd-dickey = 🎉 Five alike: a **Dickey**! { $points } in the Dickey box.
gd-joker-forced = 🃏 Five alike again: a **joker**, which must go in **{ $box_name }**.
gd-joker-any = 🃏 Five alike again: a **joker**, for any open box: { gd-box-full-house } 25, { gd-box-small-straight } 30, { gd-box-large-straight } 40.
gd-joker-bonus = 🎉 Scoring it earns the **+{ $bonus }** Dickey bonus.
gd-joker-no-bonus = No Dickey bonus: the Dickey box holds 0.
gd-button-no-rolls = No rolls left
gd-button-roll-dice = Roll { $n } { $n ->
        [one] die
       *[other] dice
    } ({ $left } left)
gd-button-roll = Roll ({ $left } left)
gd-score-in = Score in…
gd-button-odds = Odds
gd-odds-title = 📊 Odds · round { $round } · { $name }'s turn
gd-odds-intro = The expected final score of the card for each choice, with the best play from then on:
gd-odds-intro-win = The chance of winning for each choice, with the best play from then on:
gd-odds-hold = hold { $dice }
gd-odds-hold-nothing = roll all five
gd-odds-best-score = { $asker ->
        [self] Score in **{ $box_name }**.
       *[other] { $name }'s best play: score in **{ $box_name }**.
    }
gd-odds-best-hold = { $asker ->
        [self] Hold **{ $dice }** and roll again.
       *[other] { $name }'s best play: hold **{ $dice }** and roll again.
    }
gd-odds-best-roll = { $asker ->
        [self] Roll all five again.
       *[other] { $name }'s best play: roll all five again.
    }
gd-odds-footer = Only you see this. Alone, only the score counts: expected scores assume the optimal solitaire play from here on, the bot seats' own.
gd-odds-footer-win = Only you see this. Against other cards only winning counts, and the bot seats play for it, as do these odds: the chance of ending with the highest total (a shared win counts its share), each other card played for points. Exact over the last three rounds; before, the rest of each card is taken as its expected score and spread.
gd-odds-footer-hopeless = Only you see this. No play can win from here any more: these odds are in expected final score, which still counts for the leaderboards, as the bot seats play then.
gd-note-joker-upper = Joker: five alike must fill their upper box
gd-note-joker-zero = Joker: scores 0 here
gd-note-joker-as = Joker: five alike score as { $box_name }
gd-note-scratch = Scratch: scores 0
gd-option-bonus = (+{ $bonus } Dickey bonus)

## The end of a turn

gd-left = 🚪 { $name } left the game.
gd-scratched = scratched **{ $box_name }**: 0 points
gd-scored = scored **{ $points }** in **{ $box_name }**
gd-with-joker = { $what } with a joker
gd-timed-out = ⏰ Time's up! The bot played for { $name } and { $what }.
gd-played = ✅ { $name } { $what }.
gd-another-dickey = 🎉 Another Dickey: **+{ $bonus }** bonus!
gd-upper-bonus = ⬆️ The upper boxes reach { $upper }: **+{ $bonus }** bonus!
gd-total = Total: **{ $total }** · { $upper }
gd-result-round = Round { $round } of { $rounds }

## The end of the game, scorecards

gd-over-solo = 🏁 { $who } finished a game of **Get Dickey** with **{ $points }** points!
gd-over-solo-scored = 🏁 { $who } scored **{ $points }** points.
gd-rounds-played = { $rounds } rounds played.
gd-cancelled-before-turn = This game was cancelled before a turn was played.
gd-cancelled-standing = This game was cancelled. The totals as they stood:
gd-scorecards = Scorecards
gd-scorecards-round = Scorecards · round { $round } of { $rounds }
gd-seat-left = 🚪 { $name } · { $total } (left)
gd-lower = lower { $total }
gd-upper-earned = upper { $upper } +{ $bonus }
gd-upper-progress = upper { $upper }/{ $at }

## Boxes: each box's one name, said alike on the scorecard, in the "Score in…" menu, in a turn's
## result, in Odds, in reviews and in the rules (which refer to these messages). At most 6
## characters for an upper box and 14 for a lower one, so the scorecard stays 32 characters wide;
## the card's other labels likewise.

gd-box-ones = Ones
gd-box-twos = Twos
gd-box-threes = Threes
gd-box-fours = Fours
gd-box-fives = Fives
gd-box-sixes = Sixes
gd-box-three-of-a-kind = 3 of a kind
gd-box-four-of-a-kind = 4 of a kind
gd-box-full-house = Full house
gd-box-small-straight = Small straight
gd-box-large-straight = Large straight
gd-box-dickey = Dickey
gd-box-chance = Chance
gd-card-upper = Upper
gd-card-bonus = Bonus
gd-card-dickey-bonus = Dickey bonus
gd-card-total = Total

## Rules

gd-rules-intro = Five dice, three rolls a turn, thirteen boxes to fill. After { $rounds } rounds the highest total wins; equal totals share the win.
gd-rules-players = Players and rounds
gd-rules-players-text = { $min } to { $max } players (a bot counts as one; you may play alone). In each of the { $rounds } rounds everyone has one turn, in seating order.
gd-rules-turn = Your turn
gd-rules-turn-text = Roll all five dice. Then, up to two more times, hold the dice you want to keep and roll the rest. After any roll you may score, and after the third you must: put the roll in exactly one open box.
gd-rules-upper = Upper section
gd-rules-upper-text = { gd-box-ones } to { gd-box-sixes }: the sum of the dice showing that face (three 5s in { gd-box-fives }: 15). When the six upper boxes add up to { $at } or more, you get a bonus of { $bonus }.
gd-rules-lower = Lower section
gd-rules-lower-text = { gd-box-three-of-a-kind }, { gd-box-four-of-a-kind } (at least three, four dice alike): the sum of all five dice. { gd-box-full-house } (three of one face and two of another): 25. { gd-box-small-straight } (four in a row): 30. { gd-box-large-straight } (five in a row): 40. { gd-box-dickey } (five alike): { $dickey }. { gd-box-chance }: the sum of all five dice.
gd-rules-scratch = Scratching
gd-rules-scratch-text = Any roll may go in any open box; it scores 0 where it doesn't fit.
gd-rules-dickeys = 🃏 More Dickeys
gd-rules-dickeys-text = Five alike again when your Dickey box is filled: if it holds { $dickey }, you get a **+{ $dickey_bonus }** bonus. Either way the roll is a **joker** and must still fill a box: the upper box of its face if that is open; otherwise any open box, where { gd-box-full-house } scores 25, { gd-box-small-straight } 30, { gd-box-large-straight } 40, { gd-box-three-of-a-kind }, { gd-box-four-of-a-kind } and { gd-box-chance } the sum, and an upper box 0.
gd-rules-total = The total
gd-rules-total-text = Upper boxes + upper bonus + lower boxes + Dickey bonuses.
gd-rules-time-text = When your time runs out, the bot scores your roll in the open box worth most (rolling for you first if you hadn't); after { $n } timeouts in a row you leave the game. A player who leaves can't win.

## Refusals

gd-error-roll-first = Roll the dice first.
gd-error-no-rolls-left = You've rolled { $max } times: score the roll in an open box.
gd-error-all-held = All five dice are held: release one to roll, or score the roll.
gd-error-no-such-die = There's no such die: there are five.
gd-error-box-filled = Your { $box_name } box is already filled.
gd-error-joker-upper = Five alike with your Dickey box filled is a joker: it must go in { $box_name } while that is open.
gd-error-card-full = Every box of your scorecard is filled.

# Reviews of Get Dickey: decisions, and the note at the foot of a review.
review-gd-reroll = hold { $keep } and roll
review-gd-reroll-all = roll all five
review-gd-score = score { $box_name } ({ $points })
gd-review-note = Get Dickey: a new scorecard is worth 254.6 points on average with the best play, whatever the others do.

# The game-over chart's moments.
gd-moment-dickey = { $name }'s Dickey in round { $round }
gd-moment-upper-bonus = { $name } earned the upper bonus in round { $round }

# The command (its subcommands' texts are in commands.ftl, but for what is this game's own).
cmd-getdickey = getdickey
cmd-getdickey-description = Play Get Dickey: five dice, three rolls, thirteen boxes to fill.
cmd-getdickey-start-description = Open a table of Get Dickey in this channel (one player may play alone).
cmd-getdickey-scores-description = Show the scorecards of the game in this channel.
cmd-getdickey-leaderboard-by-description = Rank by wins (default), points, best game or skill rating

## Its dice in words (beside `dice-reading`): a held die

dice-held = { $face } held
