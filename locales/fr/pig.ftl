# Pig : ses textes (docs/RULES.md, P1–P5), et ceux de sa commande.

game-pig = Pig
pig-lobby-target = Un dé : relancez tant que vous l'osez, gardez pour encaisser votre tour, et un 1 le fait perdre. Le premier à **{ $target }** points gagne.
pig-rolloff = **Tirage au sort** : le plus grand nombre commence.
pig-goes-first = **{ $name }** commence.
pig-button-roll = Lancer
pig-button-hold = Garder { $points }
pig-button-odds = Chances
pig-turn-title = Manche { $round } · { $who }
pig-turn-first = Lancez le dé pour commencer votre tour.
pig-turn-total = Tour : **{ $points }** · en gardant, **{ $total }** sur { $target }
pig-rolled = Lancer : **{ $n }**.
pig-held = { $name } garde **{ $points }**. Total : **{ $total }**.
pig-reached = 🏁 { $name } atteint **{ $total }** et gagne !
pig-pigged = 💥 { $name } a fait 1 et perd { $lost } { $lost ->
    [one] point
   *[other] points
}.
pig-pigged-nothing = 💥 { $name } a fait 1 d'entrée : rien pour ce tour.
pig-timed-out = ⏰ Temps écoulé : { $held }
pig-left = 🚪 { $name } a quitté la partie et perd { $lost } { $lost ->
    [one] point
   *[other] points
} du tour.
pig-result-round = Manche { $n }
pig-odds-roll = **{ $button }** encore une fois, puis bien jouer : **{ $chance } %** de chances de gagner.
pig-odds-hold = **{ $button }** maintenant : **{ $chance } %** de chances de gagner.
pig-odds-roll-first = Un tour commence par un lancer : il n'y a encore rien à garder.
pig-odds-best-hold = Le mieux : garder.
pig-odds-best-roll = Le mieux : lancer.
pig-odds-footer = Vous seul voyez ceci. Les chances supposent que les deux joueurs jouent au mieux à partir d'ici, comme jouent les robots.
pig-odds-footer-many = Vous seul voyez ceci. À quatre joueurs ou plus, les chances sont celles, exactes, à trois joueurs contre les deux adversaires en tête ; avec un objectif au-delà de 100, celles à deux joueurs contre l'adversaire en tête ; chacun jouant au mieux à partir d'ici, comme jouent les robots.
pig-odds-footer-three = Vous seul voyez ceci. Les chances sont exactes pour les trois joueurs, chacun jouant au mieux à partir d'ici pour sa propre chance, comme jouent les robots.
pig-error-roll-first = Lancez d'abord : un tour commence par un lancer.
pig-error-bad-target = L'objectif doit être entre { $min } et { $max }.
pig-error-rolloff = Le tirage au sort est resté à égalité trop longtemps : relancez la partie.
pig-rules-title = 🐷 Comment jouer au Pig
pig-rules-intro = Un dé, tentez votre chance. Atteignez l'objectif : **{ $target }** points, sauf si la table en choisit un autre (de { $min_target } à { $max_target }).
pig-rules-start = Joueurs et ordre
pig-rules-start-text = De { $min } à { $max } joueurs (un robot compte pour un). Chacun lance le dé : le plus haut commence (les ex æquo relancent), puis on joue dans l'ordre de la table.
pig-rules-turn = Votre tour
pig-rules-turn-text = Lancez au moins une fois. Un 2 à 6 s'ajoute au total du tour ; relancez ou **gardez** pour l'ajouter à votre score. Un **1** termine aussitôt votre tour et son total est perdu.
pig-rules-goal = Gagner
pig-rules-goal-text = Dès que votre score et le total du tour atteignent l'objectif, vous gagnez : la partie s'arrête aussitôt.
pig-rules-bot = Le robot
pig-rules-bot-text = Un robot joue pour gagner : exactement à deux ou trois joueurs, et contre les deux mieux placés s'il y en a plus. **Chances** montre les vôtres si vous gardez et si vous relancez une fois.
pig-rules-time-text = Quand votre temps est écoulé, le robot garde pour vous le total du tour ; après { $n } délais dépassés d'affilée, vous quittez la partie. Partir abandonne votre tour.
review-pig-roll = relancer à { $points }
review-pig-hold = garder { $points }
pig-review-note = Pig : les robots jouent pour gagner, et votre jeu est jugé de même : chances de gagner en points de pourcentage, chacun jouant au mieux (contre le mieux placé s'il y a plus de deux joueurs).

# La commande.
cmd-pig = pig
cmd-pig-description = Jouer au Pig : un dé, relancer ou garder, et un 1 fait perdre les points du tour.
cmd-pig-rules-description = Les règles du Pig.

# Les moments du graphique de fin de partie.
pig-moment-won = { $name } atteint { $total } à la manche { $round }
