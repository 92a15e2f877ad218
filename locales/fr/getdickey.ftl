# Get Dickey : la salle d'attente, les tours, les feuilles de score, la fin, les règles et les
# refus.

game-getdickey = Get Dickey
gd-closed-description = Cette table a été annulée avant qu'un tour soit joué.
gd-lobby-waiting = En attente d'un joueur.
gd-lobby-description = Cinq dés, trois lancers, treize cases : le total le plus élevé après { $rounds } manches gagne.
gd-started-description = { $rounds } manches ; à chacune, chaque joueur joue un tour, dans l'ordre des places.
gd-footer = Le total le plus élevé après { $rounds } manches gagne.

## Le tour

gd-turn-yours = { $who }, à vous de jouer ! Manche { $round } sur { $rounds }.
gd-last-round-need = ⏳ Dernière manche : il manque **{ $points }** points à { $name } pour passer en tête.
gd-last-round-lead = ⏳ Dernière manche : { $name } mène de **{ $lead }** points.
gd-turn-title = Manche { $round } sur { $rounds } · { $name }
gd-roll-of = Lancer { $n } sur { $max }
gd-scorecard = Feuille de score · { $name }
gd-prompt-bot-first = Le robot va lancer.
gd-prompt-first = Lancez les cinq dés pour commencer le tour.
gd-prompt-must-score = Plus de lancer possible : inscrivez le lancer dans une case libre.
gd-prompt-bot = Le robot choisit quoi garder, ou où marquer.
gd-prompt-hold = Gardez les dés voulus et relancez les autres ({ $n } { $n ->
        [one] lancer restant
       *[other] lancers restants
    }), ou marquez le lancer maintenant.
gd-dickey = 🎉 Cinq dés pareils : un **Dickey** ! { $points } dans la case Dickey.
gd-joker-forced = 🃏 Encore cinq dés pareils : un **joker**, qui doit aller dans **{ $box_name }**.
gd-joker-any = 🃏 Encore cinq dés pareils : un **joker**, pour n'importe quelle case libre : { gd-box-full-house } 25, { gd-box-small-straight } 30, { gd-box-large-straight } 40.
gd-joker-bonus = 🎉 Le marquer rapporte le bonus Dickey de **+{ $bonus }**.
gd-joker-no-bonus = Pas de bonus Dickey : la case Dickey vaut 0.
gd-button-no-rolls = Plus de lancer
gd-button-roll-dice = Lancer { $n } { $n ->
        [one] dé
       *[other] dés
    } (reste { $left })
gd-button-roll = Lancer (reste { $left })
gd-score-in = Marquer dans…
gd-button-odds = Chances
gd-odds-title = 📊 Chances · manche { $round } · tour { DE($name) }
gd-odds-intro = Score final espéré de la feuille pour chaque choix, en jouant au mieux ensuite :
gd-odds-intro-win = La chance de gagner pour chaque choix, en jouant au mieux ensuite :
gd-odds-hold = garder { $dice }
gd-odds-hold-nothing = relancer les cinq
gd-odds-best-score = { $asker ->
        [self] Marquer en **{ $box_name }**.
       *[other] Le meilleur coup { DE($name) } : marquer en **{ $box_name }**.
    }
gd-odds-best-hold = { $asker ->
        [self] Garder **{ $dice }** et relancer.
       *[other] Le meilleur coup { DE($name) } : garder **{ $dice }** et relancer.
    }
gd-odds-best-roll = { $asker ->
        [self] Relancer les cinq.
       *[other] Le meilleur coup { DE($name) } : relancer les cinq.
    }
gd-odds-footer = Vous seul voyez ceci. Seul, seul le score compte : les scores espérés supposent le meilleur jeu en solitaire à partir de maintenant, celui des robots.
gd-odds-footer-win = Vous seul voyez ceci. Contre d'autres feuilles, seule la victoire compte, et les robots jouent pour elle, comme ces chances : la chance de finir avec le plus haut total (une victoire partagée compte pour sa part), chaque autre feuille jouée pour les points. Exact sur les trois dernières manches ; avant, le reste de chaque feuille est pris comme son score espéré et sa dispersion.
gd-odds-footer-hopeless = Vous seul voyez ceci. Plus aucun coup ne peut gagner à partir d'ici : ces chances sont en score final espéré, qui compte toujours pour les classements, comme jouent alors les robots.
gd-note-joker-upper = Joker : cinq dés pareils vont dans leur case du haut
gd-note-joker-zero = Joker : rapporte 0 ici
gd-note-joker-as = Joker : cinq dés pareils comptent comme { $box_name }
gd-note-scratch = Barrer : rapporte 0
gd-option-bonus = (+{ $bonus } de bonus Dickey)

## La fin d'un tour

gd-left = 🚪 { $name } a quitté la partie.
gd-scratched = barre **{ $box_name }** : 0 point
gd-scored = marque **{ $points }** en **{ $box_name }**
gd-with-joker = { $what } avec un joker
gd-timed-out = ⏰ Temps écoulé ! Le robot a joué pour { $name }, qui { $what }.
gd-played = ✅ { $name } { $what }.
gd-another-dickey = 🎉 Encore un Dickey : bonus de **+{ $bonus }** !
gd-upper-bonus = ⬆️ Les cases du haut atteignent { $upper } : bonus de **+{ $bonus }** !
gd-total = Total : **{ $total }** · { $upper }
gd-result-round = Manche { $round } sur { $rounds }

## La fin de la partie, les feuilles de score

gd-over-solo = 🏁 { $who } a terminé une partie de **Get Dickey** avec **{ $points }** points !
gd-over-solo-scored = 🏁 { $who } a marqué **{ $points }** points.
gd-rounds-played = { $rounds } manches jouées.
gd-cancelled-before-turn = Cette partie a été annulée avant qu'un tour soit joué.
gd-cancelled-standing = Cette partie a été annulée. Les totaux au moment de l'annulation :
gd-scorecards = Feuilles de score
gd-scorecards-round = Feuilles de score · manche { $round } sur { $rounds }
gd-seat-left = 🚪 { $name } · { $total } (parti)
gd-lower = bas { $total }
gd-upper-earned = haut { $upper } +{ $bonus }
gd-upper-progress = haut { $upper }/{ $at }

## Les cases : le seul nom de chaque case, le même sur la feuille de score, dans le menu
## « Marquer dans… », dans le résultat d'un tour, dans les chances, les analyses et les règles (qui
## renvoient à ces messages). 6 caractères au plus pour une case du haut et 14 pour une du bas, pour
## que la feuille garde 32 caractères de large ; les autres libellés de la feuille de même.

gd-box-ones = As
gd-box-twos = Deux
gd-box-threes = Trois
gd-box-fours = Quatre
gd-box-fives = Cinq
gd-box-sixes = Six
gd-box-three-of-a-kind = Brelan
gd-box-four-of-a-kind = Carré
gd-box-full-house = Full
gd-box-small-straight = Petite suite
gd-box-large-straight = Grande suite
gd-box-dickey = Dickey
gd-box-chance = Chance
gd-card-upper = Haut
gd-card-bonus = Bonus
gd-card-dickey-bonus = Bonus Dickey
gd-card-total = Total

## Règles

gd-rules-intro = Cinq dés, trois lancers par tour, treize cases à remplir. Après { $rounds } manches, le total le plus élevé gagne ; les totaux égaux se partagent la victoire.
gd-rules-players = Joueurs et manches
gd-rules-players-text = De { $min } à { $max } joueurs (un robot compte comme un joueur ; on peut jouer seul). À chacune des { $rounds } manches, chacun joue un tour, dans l'ordre des places.
gd-rules-turn = Votre tour
gd-rules-turn-text = Lancez les cinq dés. Puis, deux fois au plus, gardez les dés voulus et relancez les autres. Après n'importe quel lancer, vous pouvez marquer ; après le troisième, vous le devez : inscrivez le lancer dans une seule case libre.
gd-rules-upper = Cases du haut
gd-rules-upper-text = { gd-box-ones } à { gd-box-sixes } : la somme des dés qui montrent cette face (trois 5 en { gd-box-fives } : 15). Quand les six cases du haut totalisent { $at } ou plus, vous gagnez un bonus de { $bonus }.
gd-rules-lower = Cases du bas
gd-rules-lower-text = { gd-box-three-of-a-kind }, { gd-box-four-of-a-kind } (au moins trois, quatre dés pareils) : la somme des cinq dés. { gd-box-full-house } (trois d'une face et deux d'une autre) : 25. { gd-box-small-straight } (quatre qui se suivent) : 30. { gd-box-large-straight } (cinq qui se suivent) : 40. { gd-box-dickey } (cinq pareils) : { $dickey }. { gd-box-chance } : la somme des cinq dés.
gd-rules-scratch = Barrer
gd-rules-scratch-text = Tout lancer peut aller dans n'importe quelle case libre ; il rapporte 0 là où il ne convient pas.
gd-rules-dickeys = 🃏 Encore des Dickeys
gd-rules-dickeys-text = Encore cinq dés pareils quand votre case Dickey est remplie : si elle vaut { $dickey }, vous gagnez un bonus de **+{ $dickey_bonus }**. Dans tous les cas le lancer est un **joker** et doit remplir une case : la case du haut de sa face si elle est libre ; sinon n'importe quelle case libre, où le { gd-box-full-house } vaut 25, la { gd-box-small-straight } 30, la { gd-box-large-straight } 40, le { gd-box-three-of-a-kind }, le { gd-box-four-of-a-kind } et la { gd-box-chance } la somme, et une case du haut 0.
gd-rules-total = Le total
gd-rules-total-text = Cases du haut + bonus du haut + cases du bas + bonus Dickey.
gd-rules-time-text = Quand votre temps est écoulé, le robot inscrit votre lancer dans la case libre qui rapporte le plus (en lançant pour vous d'abord si besoin) ; après { $n } délais dépassés d'affilée, vous quittez la partie. Un joueur qui part ne peut pas gagner.

## Refus

gd-error-roll-first = Lancez d'abord les dés.
gd-error-no-rolls-left = Vous avez lancé { $max } fois : inscrivez le lancer dans une case libre.
gd-error-all-held = Les cinq dés sont gardés : libérez-en un pour lancer, ou marquez le lancer.
gd-error-no-such-die = Ce dé n'existe pas : il y en a cinq.
gd-error-box-filled = Votre case { $box_name } est déjà remplie.
gd-error-joker-upper = Cinq dés pareils avec votre case Dickey remplie font un joker : il doit aller en { $box_name } tant que cette case est libre.
gd-error-card-full = Toutes les cases de votre feuille de score sont remplies.

# Analyses de Get Dickey : décisions, et la note au pied d'une analyse.
review-gd-reroll = garder { $keep } et relancer
review-gd-reroll-all = relancer les cinq
review-gd-score = marquer { $box_name } ({ $points })
gd-review-note = Get Dickey : une nouvelle feuille vaut 254,6 points en moyenne avec le meilleur jeu, quoi que fassent les autres.

# Les moments du graphique de fin de partie.
gd-moment-dickey = Dickey { DE($name) } à la manche { $round }
gd-moment-upper-bonus = { $name } obtient le bonus du haut à la manche { $round }

# La commande (les textes de ses sous-commandes sont dans commands.ftl, sauf ce qui est propre à ce jeu).
cmd-getdickey = getdickey
cmd-getdickey-description = Jouer à Get Dickey : cinq dés, trois lancers, treize cases à remplir.
cmd-getdickey-start-description = Ouvrir une table de Get Dickey dans ce salon (on peut jouer seul).
cmd-getdickey-scores-description = Afficher les feuilles de score de la partie de ce salon.
cmd-getdickey-leaderboard-by-description = Classer par victoires (par défaut), points, meilleure partie ou niveau

## Ses dés en toutes lettres (avec `dice-reading`) : un dé gardé

dice-held = { $face } gardé
