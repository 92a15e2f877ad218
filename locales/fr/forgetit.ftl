# For Get It : la salle d'attente, les tours, les chances, la fin, les règles et les refus.
# Les mots des dés (FOR, GET, IT, FORGET IT) ne se traduisent jamais.

game-forgetit = For Get It
fgi-lobby-target = Le premier à **{ $target }** points gagne.
fgi-rolloff = **Tirage au sort** : le plus grand nombre commence, un mot perd.
fgi-rolloff-skipped = … { $n } { $n ->
        [one] manche à égalité
       *[other] manches à égalité
    } …
fgi-rolloff-word = *mot*
fgi-rolloff-round = Manche { $n } : { $rolls }
fgi-goes-first = **{ $name }** commence.

## Le tour

fgi-button-keep = Garder les { $n }
fgi-button-bank = Encaisser { $points }
fgi-button-bank-short = Encaisser { $points } · insuffisant
fgi-button-bank-ties = Encaisser { $points } · égalité
fgi-button-odds = Chances
fgi-button-roll-all = Relancer les neuf
fgi-button-roll-dice = Lancer { $n } { $n ->
        [one] dé
       *[other] dés
    }
fgi-turn-title = Manche { $n } · { $name }
fgi-turn-title-set = Manche { $n } · { $name } · série { $set }
fgi-none-yet = aucun pour l'instant
fgi-words = Mots mis de côté
fgi-words-set = Mots mis de côté (série { $set })
fgi-point-bonus = { $dice } · bonus ×{ $m }
fgi-roll-number = Lancer n° { $n }
fgi-point-dice = Dés de points
fgi-in-hand = En main
fgi-in-hand-none = aucun : les neuf sont mis de côté
fgi-turn-score = Score du tour
fgi-prompt-first = Lancez les neuf dés pour commencer le tour.
fgi-prompt-no-pair = Aucun nombre n'est sorti sur deux dés : relancez { $n ->
        [one] le dé
       *[other] les { $n } dés
    } en main.
fgi-prompt-number = **{ $n }**
fgi-prompt-choose = Choisissez votre numéro : gardez les { $options }.
fgi-prompt-all-aside = Les neuf dés sont mis de côté ! Encaissez **{ $points }**, ou relancez les neuf pour commencer la série { $set }.
fgi-prompt-bank-or-roll = Encaissez **{ $points }**, ou lancez { $n ->
        [one] le dé
       *[other] les { $n } dés
    } en main.
fgi-note-new-set = Le prochain lancer commence la série { $set } : ces mots ne comptent plus.
fgi-note-danger = ⚠️ Un seul **{ $word }** de plus et c'est FORGET IT !
fgi-note-safe = 🛡️ Aucun dé { $word } en main : cette série ne craint rien.
fgi-last-turn-need = ⏳ Dernier tour : il faut **{ $win }** à { $name } pour gagner, { $tie } pour égaliser.

## La fin d'un tour

fgi-banked = { $name } encaisse **{ $points }**. Total : **{ $total }**.
fgi-forget-it = 💥 **FORGET IT !** { $name } marque 0 ce tour-ci{ $lost }.
fgi-timed-out-banked = ⏰ Temps écoulé : { $banked }
fgi-timed-out-nothing = ⏰ Temps écoulé pour { $name }, sans numéro : le tour ne rapporte rien.
fgi-result-round = Manche { $n }
fgi-story-keep = → les { $n }
fgi-story-set = série { $set } :
fgi-left = 🚪 { $name } a quitté la partie{ $lost }.
fgi-last-turns = ⏳ **Derniers tours !** { $name } a atteint l'objectif avec { $total } : chaque autre joueur a droit à un dernier tour.

## La fin de la partie

fgi-played-to = Partie en { $target } points.

## Chances

odds-title = 📊 Chances · manche { $round } · tour { DE($name) }
odds-first-roll = Le tour commence par un lancer des neuf dés.
odds-no-point = Pas encore de numéro : les dés en main doivent être relancés.
odds-chance-this = **Risque que ce lancer fasse FORGET IT :** { $chance }
odds-chance-next = **Risque que le prochain lancer fasse FORGET IT :** { $chance }
odds-expected-turn = Score espéré du tour
odds-choose = { $asker ->
        [self] Choisissez votre numéro.
       *[other] { $name } choisit son numéro.
    } Score espéré du tour pour chaque choix, et risque que le lancer suivant fasse FORGET IT :
odds-next = FORGET IT au prochain lancer : { $chance }
odds-new-set = Les neuf dés sont mis de côté : le prochain lancer commence une nouvelle série de neuf.
odds-best = Le meilleur coup
odds-best-button = { $asker ->
        [self] Cliquez sur **{ $button }**.
       *[other] Le meilleur coup { DE($name) } : **{ $button }**.
    }
odds-footer = Vous seul voyez ceci. Les scores espérés supposent le meilleur jeu à partir de maintenant, comme jouent les robots, et ne comptent que ce tour : personne n'est encore près de l'objectif, ce sont donc les points qui comptent.
odds-chance-none = 0 % (aucun dé en main ne peut le faire)
odds-chance = { $percent } % (1 sur { $one_in })
odds-win-turn = Chance de gagner à partir d'ici
odds-choose-win = { $asker ->
        [self] Choisissez votre numéro. Votre chance de gagner pour chaque choix
       *[other] { $name } choisit son numéro. La chance de gagner { DE($name) } pour chaque choix
    }, et le risque que le lancer suivant fasse FORGET IT :
odds-goal-last-turn = { $asker ->
        [self] **Votre dernier tour :**
       *[other] **Dernier tour { DE($name) } :**
    } encaisser **{ $need }** points ou plus bat les { $total } { DE($leader) }.
odds-goal-later = { $after } { $count ->
        [one] joue encore son dernier tour
       *[other] jouent encore leur dernier tour
    } après.
odds-judged-to-win = Chaque choix est jugé sur la chance de gagner la partie.
odds-goal-race = **L'objectif est à portée :** le premier à { $target } ouvre les derniers tours ({ $totals }).
odds-race-total = { $name } : { $total }
odds-race-reaches = Encaisser { $points } atteint { $target } : { $others } ont alors chacun un dernier tour pour battre { $total }.
odds-bank-wins = **gagne :** bat les { $total } { DE($leader) }
odds-bank-beats = **bat** les { $total } { DE($leader) }
odds-bank-ties = **égalité** avec les { $total } { DE($leader) }
odds-bank-short = **ne peut pas gagner :** { $points } ne bat pas les { $total } { DE($leader) }
odds-footer-last-turn = Vous seul voyez ceci. Au dernier tour, les robots jouent pour gagner, et ces chances aussi : la chance de finir la partie en tête, une victoire partagée comptant pour sa part, en jouant au mieux à partir d'ici, chaque joueur qui joue encore après jouant pour battre le meilleur total avant lui.
odds-footer-race = Vous seul voyez ceci. Près de l'objectif, les robots jouent pour gagner, et ces chances aussi : la chance de gagner la partie en jouant au mieux à partir d'ici, selon un modèle de la course contre tous les autres joueurs (chacun jouant pour les points jusqu'à ce que l'un atteigne l'objectif).
odds-footer-hopeless = Vous seul voyez ceci. Plus aucun coup ne peut gagner à partir d'ici : ces chances sont en points espérés, qui comptent toujours pour les classements.

## Règles (d'après la traduction française des règles d'origine, docs/seeds/003_*.txt : le
## « numéro » est le nombre gardé sur les dés de points, comme elle le nomme ; les mots des dés
## restent FOR, GET et IT)

fgi-rules-intro = Neuf dés, tentez votre chance, et n'épelez pas **FORGET IT**. Soyez le premier joueur à atteindre l'objectif : **{ $target }** points, sauf si la table en choisit un autre.
fgi-rules-dice = Les dés
fgi-rules-dice-text = Trois dés FOR (rouges), trois dés GET (blancs) et trois dés IT (bleus). Chacun montre 1 à 5, ou son propre mot.
fgi-rules-start = Qui commence
fgi-rules-start-text = De { $min } à { $max } joueurs ; un robot compte comme un joueur. Chaque joueur lance un dé : le plus grand nombre commence (n'importe quel nombre bat un mot), les égalités relancent. Puis on joue à tour de rôle, dans l'ordre d'arrivée à la table ; chaque tour de table forme une manche, et les messages numérotent les manches.
fgi-rules-turn = Votre tour
fgi-rules-turn-text = Lancez les neuf dés. Tous les dés de mots sont mis de côté. Puis gardez un nombre sorti sur au moins deux dés : c'est votre **numéro**, et ces dés de points sont mis de côté. Pas de paire ? Relancez les autres jusqu'à en obtenir une. Vous ne pouvez pas encaisser avant d'avoir un numéro.
fgi-rules-bank = Encaisser ou relancer
fgi-rules-bank-text = Après chaque lancer, les dés de mots et les dés qui montrent votre numéro sont mis de côté, rien d'autre. Puis **encaissez** votre score, ou **relancez** les dés encore en main. Un lancer qui ne met rien de côté ne coûte rien.
fgi-rules-forget-it = 💥 FORGET IT
fgi-rules-forget-it-text = Si les mots mis de côté dans une série comptent au moins un FOR, un GET et un IT, vous avez épelé FORGET IT : votre tour s'arrête aussitôt et rapporte 0, et vous perdez tous les points du tour.
fgi-rules-all-nine = Les neuf dés mis de côté
fgi-rules-all-nine-text = Encaissez, ou relancez les neuf dés pour commencer une nouvelle série : les mots de l'ancienne série ne comptent plus, votre numéro reste le même. Un FORGET IT dans une nouvelle série fait quand même perdre tout le tour.
fgi-rules-scoring = Score
fgi-rules-scoring-text = Nombre de dés de points × numéro, doublé pour quatre dés de points, triplé pour cinq, quadruplé pour six ou plus. Trois 4 rapportent 12 ; six 3 rapportent 6 × 3 × 4 = 72.
fgi-rules-end = La fin
fgi-rules-end-text = Quand le total d'un joueur atteint l'objectif, chacun des autres joue un dernier tour. Le total le plus élevé gagne ; les totaux égaux se partagent la victoire.
fgi-rules-time-text = Quand votre temps est écoulé, votre tour est encaissé si vous aviez un numéro, sinon il rapporte 0 ; après { $n } délais dépassés d'affilée, vous quittez la partie. Un joueur qui part ne peut pas gagner.

## Refus

fgi-error-must-choose = Choisissez d'abord votre numéro.
fgi-error-no-point = Vous ne pouvez pas encore encaisser : lancez jusqu'à ce qu'un nombre sorte sur deux dés, et gardez-le.
fgi-error-nothing-to-choose = Il n'y a rien à choisir maintenant : lancez d'abord.
fgi-error-not-a-number = { $n } ne peut pas être votre numéro : il va de 1 à 5.
fgi-error-not-rolled-twice = Vous ne pouvez garder qu'un nombre sorti sur deux dés, et ce n'est pas le cas du { $n }.
fgi-error-bad-target = L'objectif doit être compris entre 1 et { $max } points.
fgi-error-bad-turns = Une partie en solo compte de 1 à { $max } tours.
fgi-error-rolloff = Le tirage au sort pour savoir qui commence est resté à égalité : veuillez relancer la partie.

# Analyses de For Get It : décisions, et la note au pied d'une analyse.
review-fgi-roll = relancer à { $points } points
review-fgi-keep = garder les { $n }
review-fgi-bank = encaisser { $points }
fgi-review-note = For Get It : un nouveau tour vaut 56,2 points en moyenne avec le meilleur jeu. Dans la course à l'objectif et à votre dernier tour, les robots jouent pour gagner, et votre jeu est jugé de même : sur votre chance de gagner.

# Les moments du graphique de fin de partie.
fgi-moment-forget-it = FORGET IT { DE($name) } à la manche { $round } : { $lost } points perdus
fgi-moment-bank = { $name } encaisse { $points } à la manche { $round }

# La commande (les textes de ses sous-commandes sont dans commands.ftl, sauf ce qui est propre à ce jeu).
cmd-forgetit = forgetit
cmd-forgetit-description = Jouer à For Get It : neuf dés, tentez votre chance, n'épelez pas FORGET IT.

## Ses dés en toutes lettres (avec `dice-reading`) : une sorte de dé d'un lancer, « FOR : mot, 2, 3 »

dice-word = mot
dice-kind = { $kind } : { $faces }
