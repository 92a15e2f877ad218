# La donne du jour : les mêmes dés pour tout le monde, chaque décision jugée face au jeu exact.

daily-title = { $game } · donne du jour n° { $number }
daily-points = { $n } { $n ->
        [one] point
       *[other] points
    }
daily-turns = { $n } { $n ->
        [one] tour
       *[other] tours
    }
daily-amount-points = { $n } points
daily-amount-turns = { $n } tours
daily-score = **Score :** { $score }
daily-accuracy = **Précision :** { $accuracy } (le jeu parfait attend { $expected } ; vos choix vous ont coûté { $lost })
daily-luck-points-good = **Chance :** les dés vous ont donné { $luck } de plus que ce que vos choix devaient rapporter
daily-luck-points-bad = **Chance :** les dés vous ont donné { $luck } de moins que ce que vos choix devaient rapporter
daily-luck-turns-good = **Chance :** les dés vous ont fait gagner { $luck }
daily-luck-turns-bad = **Chance :** les dés vous ont coûté { $luck }
daily-decisions = Décisions qui ont coûté
daily-no-mistakes = Aucune : chaque choix était celui du jeu parfait, à un point près.
daily-mistake = Tour { $turn } : { $chosen } → mieux : { $best } (−{ $cost })
daily-footer = 🟩 parfait · 🟨 petite perte · 🟥 grosse erreur. Précision : la part du score attendu du jeu parfait que vos choix ont gardée. Chance : ce que les dés ont ajouté ou retiré.
daily-share = Partager
daily-shared-by = partagé par { $name }
daily-ended-midnight = Cette donne n'était pas finie à la fin de son jour : elle s'est arrêtée là où elle en était.
daily-played = Vous avez joué la donne du jour. La prochaine arrive dans { $next }.
daily-exact = { $deal }, celle d'hier : le robot l'a jouée pour { $score }.
daily-midnight-note = { $deal } : pas finie à minuit, elle s'est arrêtée là où elle en était ({ $score }, { $accuracy }).
daily-gone = Le jour de cette donne est passé. Relancez la commande du jour pour celle d'aujourd'hui.
daily-not-yours = Cette donne est celle de quelqu'un d'autre : lancez la commande du jour pour jouer la vôtre.
daily-not-over = Finissez d'abord la donne : vous pourrez ensuite la partager et voir son analyse.
daily-unknown = Ce bouton ne fait rien ici.
daily-none = { $game } n'a pas de donne du jour.
daily-board-title = Classement du jour · { $deal }
daily-board-empty = Personne ici n'a encore joué la donne du jour.
daily-board-midnight = arrêtée à minuit
daily-stats-title = { $game }, donnes du jour · { $name }
daily-stats-none = Aucune donne du jour du jeu { $game } jouée pour l'instant.
daily-stats-played = **Donnes jouées :** { $n }
daily-stats-streak = **Série :** { $current } { $current ->
        [one] jour
       *[other] jours
    } (record : { $best })
daily-stats-accuracy = **Précision moyenne :** { $week } sur 7 jours · { $month } sur 30 jours
daily-chart-title = Précision, donne par donne
daily-chart-deal = Donne
daily-chart-accuracy = Précision (%)
daily-chart-alt = Précision { DE($name) } sur { $n } donnes du jour ; la dernière : { $last }.
daily-board-no-server = Un classement est celui d'un serveur : lancez ceci dans un serveur.
daily-stats-field = Donne du jour
daily-percent = { $n } %
daily-turn-of = Tour { $turn } sur { $of }
daily-turn = Tour { $turn }
daily-score-turns = **Score :** 100 atteint en { $n } { $n ->
        [one] tour
       *[other] tours
    } (le moins est le mieux)
daily-more-mistakes = et { $n } { $n ->
        [one] autre, plus petite
       *[other] autres, plus petites
    }
daily-shared = Partagé ✓
daily-next = La prochaine donne arrive dans { $next }.
daily-board-footer = Par précision, puis par score.
daily-form-forgetit = Dix tours en solo, les mêmes dés pour tout le monde aujourd'hui ; vos choix sont jugés face au jeu parfait.
daily-form-getdickey = Une feuille entière en solo, les mêmes dés pour tout le monde aujourd'hui ; vos choix sont jugés face au jeu parfait.
daily-form-pig = Atteindre 100 en solo en aussi peu de tours que possible, le même dé pour tout le monde aujourd'hui ; vos choix sont jugés face au jeu parfait.
daily-review = Analyse
daily-review-title = Analyse · { $deal }
daily-review-turn-points = { $square } **Tour { $turn }** · { $points } { $points ->
        [one] point
       *[other] points
    }
daily-review-turn = { $square } **Tour { $turn }**
daily-review-decision = └ { $chosen } → mieux : { $best } (−{ $cost })
