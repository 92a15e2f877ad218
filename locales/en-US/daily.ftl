# The daily deal: the same dice for everyone, each decision judged against exact play.

daily-title = { $game } daily #{ $number }
daily-points = { $n } { $n ->
        [one] point
       *[other] points
    }
daily-turns = { $n } { $n ->
        [one] turn
       *[other] turns
    }
daily-amount-points = { $n } points
daily-amount-turns = { $n } turns
daily-score = **Score:** { $score }
daily-accuracy = **Accuracy:** { $accuracy } (perfect play expects { $expected }; your choices cost { $lost })
daily-luck-points-good = **Luck:** the dice gave you { $luck } more than your choices were expected to make
daily-luck-points-bad = **Luck:** the dice gave you { $luck } less than your choices were expected to make
daily-luck-turns-good = **Luck:** the dice saved you { $luck }
daily-luck-turns-bad = **Luck:** the dice cost you { $luck }
daily-decisions = Decisions that cost
daily-no-mistakes = None: every choice was perfect play's, or within a point of it.
daily-mistake = Turn { $turn }: { $chosen } → better { $best } (−{ $cost })
daily-footer = 🟩 perfect · 🟨 small loss · 🟥 blunder. Accuracy: how much of perfect play's expected score your choices kept. Luck: what the dice added or took.
daily-share = Share
daily-shared-by = shared by { $name }
daily-ended-midnight = This deal was not finished when its day ended, so it ended as it stood.
daily-played = You have played today's deal. The next deal is in { $next }.
daily-exact = Yesterday's { $deal }: the bot played it for { $score }.
daily-midnight-note = Your { $deal } was not finished at midnight: it ended as it stood ({ $score }, { $accuracy }).
daily-gone = This deal's day is over. Run the daily command again for today's.
daily-not-yours = This deal is someone else's: run the daily command to play your own.
daily-not-over = Finish the deal first: then you can share it and see its review.
daily-unknown = That button does nothing here.
daily-none = { $game } has no daily deal.
daily-board-title = Today's board · { $deal }
daily-board-empty = Nobody here has played today's deal yet.
daily-board-midnight = ended at midnight
daily-stats-title = { $game } daily · { $name }
daily-stats-none = No { $game } daily deal played yet.
daily-stats-played = **Deals played:** { $n }
daily-stats-streak = **Streak:** { $current } { $current ->
        [one] day
       *[other] days
    } (best { $best })
daily-stats-accuracy = **Average accuracy:** { $week } over 7 days · { $month } over 30 days
daily-chart-title = Accuracy, deal by deal
daily-chart-deal = Deal
daily-chart-accuracy = Accuracy (%)
daily-chart-alt = { $name }'s accuracy over { $n } daily deals; the last { $last }.
daily-board-no-server = A board is a server's: run this in a server.
daily-stats-field = Daily deal
daily-percent = { $n }%
daily-turn-of = Turn { $turn } of { $of }
daily-turn = Turn { $turn }
daily-score-turns = **Score:** 100 reached in { $n } { $n ->
        [one] turn
       *[other] turns
    } (fewer is better)
daily-more-mistakes = and { $n } smaller { $n ->
        [one] one
       *[other] ones
    }
daily-shared = Shared ✓
daily-next = The next deal is in { $next }.
daily-board-footer = By accuracy, then score.
daily-form-forgetit = Ten turns alone, the same dice for everyone today; your choices are judged against perfect play.
daily-form-getdickey = A whole card alone, the same dice for everyone today; your choices are judged against perfect play.
daily-form-pig = Reach 100 alone in as few turns as you can, the same die for everyone today; your choices are judged against perfect play.
daily-review = Review
daily-review-title = Review · { $deal }
daily-review-turn-points = { $square } **Turn { $turn }** · { $points } { $points ->
        [one] point
       *[other] points
    }
daily-review-turn = { $square } **Turn { $turn }**
daily-review-decision = └ { $chosen } → better { $best } (−{ $cost })
