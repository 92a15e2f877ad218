# Textes communs aux deux jeux : salle d'attente, boutons, avis, erreurs, classements et
# statistiques. Les mots des dés (FOR, GET, IT, FORGET IT) ne se traduisent jamais.

# Les noms des jeux (les mêmes dans toutes les langues)
game-forgetit = For Get It
game-getdickey = Get Dickey

and = et
or = ou
points-lost = ({ $n } { $n ->
        [one] point perdu
       *[other] points perdus
    })

## Salle d'attente

lobby-footer = Rejoignez pour jouer, ou ajoutez un robot comme adversaire. L'hôte lance la partie.
playing-order = Ordre de jeu
lobby-waiting = Il manque encore { $n } { $n ->
        [one] joueur
       *[other] joueurs
    } pour commencer.
lobby-full = La table est complète : l'hôte peut lancer la partie.
lobby-ready = Prêt : l'hôte peut lancer la partie, et { $n } { $n ->
        [one] joueur peut
       *[other] joueurs peuvent
    } encore rejoindre.
lobby-seat = { $n }. { $name }
lobby-seat-host = { $n }. { $name } 👑 hôte
lobby-players = Joueurs ({ $seated }/{ $max })
footer-target = Le premier à { $target } points gagne.
bot-name = Robot { $n }

## Boutons

button-join = Rejoindre
button-leave = Quitter
button-add-bot = Ajouter un robot
button-start = Lancer la partie
button-cancel = Annuler
button-rematch = Revanche
button-roll = Lancer
button-previous = ◀ Précédent
button-next = Suivant ▶

## Tours et fin de partie

turn-yours = { $who }, à vous de jouer !
turn-bot = 🤖 { $who } joue.
left-after-timeouts = 🚪 { $name } a quitté la partie après { $n } temps écoulés d'affilée.
over-nobody = Il ne reste personne à la table pour gagner.
over-winner = 🏆 { $who } gagne avec **{ $points }** points !
over-shared = 🏆 { $who } se partagent la victoire !
over-shared-points = 🏆 { $who } se partagent la victoire avec **{ $points }** points !
cancelled-before-start = Cette partie a été annulée avant de commencer.
cancelled-standing = Cette partie a été annulée. Les scores au moment de l'annulation :
scores-title = Scores
score-left = 🚪 ~~{ $name }~~ · { $total } (parti)

## Refus des règles

error-already-started = Cette partie a déjà commencé.
error-not-started = La partie n'a pas encore commencé.
error-game-over = Cette partie est terminée.
error-already-seated = Vous êtes déjà à cette table.
error-table-full = La table est complète ({ $max } places).
error-not-seated = Vous ne jouez pas à cette table.
error-too-few-players = Il faut au moins { $min } joueurs pour commencer : attendez qu'un joueur rejoigne, ou cliquez sur **{ $add_bot }**.
error-not-your-turn = Ce n'est pas votre tour.
error-empty-name = Une place a besoin d'un nom.

## Avis : réponses privées et courtes

notice-done = C'est fait.
notice-joined = Vous avez rejoint la table.
notice-left = Vous avez quitté la table.
notice-kicked = Ce joueur a été retiré de la table.
notice-cancelled = La partie est annulée.
notice-channel-busy = Ce salon a déjà { $game } : rejoignez-la, attendez qu'elle finisse, ou lancez la vôtre { $elsewhere }.
notice-busy-game = une partie de **{ $game }**
notice-busy-a-game = une partie
notice-busy-seated = Vous jouez déjà { $game } dans ce salon : elle continue là-bas.
notice-busy-another-channel = dans un autre salon
notice-busy-in = dans { $channels }
notice-busy-threads = Avec les fils activés (`config régler fils`), chaque partie a son propre fil et un salon en accueille plusieurs.
notice-no-game = Il n'y a pas de partie dans ce salon : lancez-en une avec { $starts }.
notice-other-game = La partie de ce salon se joue avec `/{ $command }` : utilisez les commandes `/{ $command }`.
notice-game-over = Cette partie est terminée.
notice-rematch-players-only = Seuls les joueurs de cette partie peuvent demander sa revanche : lancez votre propre partie avec { $starts }.
notice-stale = Ce bouton n'est plus à jour : utilisez le dernier message de tour.
notice-already-done = C'est déjà fait : votre clic précédent a compté, et le message le montre.
notice-host-only = Seul l'hôte peut faire cela.
notice-host-or-moderator = Seul l'hôte ou un modérateur peut faire cela.
notice-host-only-named = Seul l'hôte ({ $host }) peut faire cela.
notice-host-or-moderator-named = Seuls l'hôte ({ $host }) ou un modérateur peuvent faire cela.
notice-no-settings-here = Les réglages se font dans un serveur dont le bot est membre. Ici, les parties suivent les réglages par défaut.
notice-no-turn = Aucun tour n'est en cours.
notice-unknown-button = Ce bouton ne fonctionne plus.
notice-not-saved = Impossible d'enregistrer, donc rien ne s'est passé : veuillez réessayer.
notice-shutting-down = Le bot redémarre : veuillez réessayer dans un instant.
notice-failed = Quelque chose s'est mal passé : veuillez réessayer.
notice-preparing = ⏳ La table de stratégie est en cours de préparation (le bot vient de démarrer) : votre réponse s'affichera ici dans un instant.
notice-not-prepared = La table de stratégie est encore en préparation : veuillez réessayer dans quelques minutes.
notice-option-range = **{ $option }** prend un nombre entier de { $min } à { $max } : rien n'a été fait.
notice-option-choice = **{ $option }** prend l'une de ces valeurs : { $choices }. Rien n'a été fait.
notice-option-member = **{ $option }** prend un membre de ce serveur : rien n'a été fait.
notice-option-value = **{ $option }** ne prend pas cette valeur : rien n'a été fait.
notice-option-unknown = Cette commande n'a pas d'option **{ $option }** : rien n'a été fait.
notice-option-missing = Il manque à cette commande son option **{ $option }** : rien n'a été fait.
notice-options-bad = Le bot n'a pas pu lire les options de cette commande : rien n'a été fait.
notice-unknown-command = Le bot n'a pas cette commande (Discord en montre peut-être une ancienne) : utilisez { $commands }.
notice-subcommand-needed = Dites quoi faire après `/{ $command }` : { $subcommands }.

## Classements et statistiques

leaderboard-title = 🏆 Classement · { $scope }
leaderboard-empty = Personne n'est encore dans ce classement : terminez une partie de For Get It pour être le premier !
leaderboard-ranked-by = Classé par **{ $by }**
leaderboard-page = Page { $page } sur { $pages }
leaderboard-scope-server = ce serveur
leaderboard-scope-global = tous les serveurs
leaderboard-scope-chat = cette discussion
leaderboard-period-week = 7 derniers jours
leaderboard-period-month = 30 derniers jours
leaderboard-by-wins = victoires
leaderboard-by-points = points
leaderboard-by-rating = niveau
leaderboard-elsewhere = un joueur d'un autre serveur
leaderboard-rating-note = Un niveau part de 1500 et bouge à chaque partie terminée, selon la place, davantage face à plus fort ; il montre un niveau que le joueur a très probablement, donc il monte aussi à mesure que les parties le rendent plus sûr.
leaderboard-rating-no-period = Les niveaux sont ceux d'aujourd'hui : une période ne s'y applique pas.
leaderboard-by-best-turn = meilleur tour
leaderboard-by-best-game = meilleure partie
stats-title = 📊 { $name } · { $game }
stats-none = Aucune partie jouée pour l'instant.
stats-games = Parties
stats-wins = Victoires
stats-points = Points
stats-turns = Tours
stats-points-per-turn = Points par tour
stats-points-per-game = Points par partie
stats-best-turn = Meilleur tour
stats-best-game = Meilleure partie
stats-dickeys = Dickeys
stats-forget-its = FORGET IT
stats-of-turns = { $n } ({ $percent } des tours)
stats-percent = { $percent } %

## Confidentialité (`privacy` et `forget-me`, les mêmes pour les deux jeux)

privacy-title = 🔒 Confidentialité : ce que le bot garde, et combien de temps
privacy-stored = Ce qui est gardé
privacy-stored-text = • Les parties jouées sur chaque serveur : le salon, l'identifiant Discord de chaque place et le nom qu'avait le joueur sur ce serveur, les scores, et le journal de la partie (chaque coup et chaque dé ; les arrivées à la table nomment aussi les joueurs).
    • Les statistiques de tous les temps par serveur et par jeu (parties, victoires, points, meilleur tour ou meilleure partie, tours), avec le nom que vous avez sur ce serveur, pour ses classements ; votre résultat dans chaque partie finie avec l'heure de sa fin, pour les classements des 7 et 30 derniers jours ; et votre niveau par jeu, sur chaque serveur et sur tous les serveurs, avec sa valeur après chaque partie classée (pour le graphique de `stats`).
    • Rien d'autre : ni messages, ni profil, ni autres données du serveur.
privacy-why = Pourquoi
privacy-why-text = Pour jouer les parties (une partie en cours est reconstruite à partir de son journal après un redémarrage), et pour montrer les scores, les statistiques et les classements.
privacy-how-long = Combien de temps
privacy-how-long-text = Tant que le bot est sur le serveur. Quand le bot est retiré d'un serveur, les parties et les statistiques de ce serveur sont supprimées 30 jours plus tard, sauf si le bot y est ajouté de nouveau d'ici là.
privacy-forget = M'oublier
privacy-forget-text = { $command } supprime d'un coup vos statistiques, résultats et niveaux sur tous les serveurs, et remplace votre nom dans les parties gardées par « un ancien joueur ». Votre identifiant Discord reste dans les journaux de ces parties, sans nom, pour qu'elles et les résultats des autres joueurs restent tels qu'ils ont été joués. Les messages déjà publiés dans les salons ne sont pas modifiés.
former-player = un ancien joueur
forget-prompt = **Vous oublier ?** Cela supprime vos statistiques et vos niveaux sur tous les serveurs (les deux jeux) et remplace votre nom dans chaque partie gardée par « un ancien joueur ». Les résultats des autres joueurs restent tels quels. C'est définitif.
forget-button-yes = M'oublier
forget-button-no = Garder mes données
forget-done = C'est fait : vos statistiques sont supprimées et votre nom n'est plus dans les parties gardées.
forget-kept = Rien n'a été supprimé.
forget-seated = Vous avez une place à une partie encore ouverte, dans { $channel } : quittez-la (ou attendez qu'elle se termine), puis redemandez. Rien n'a été supprimé.
forget-not-yours = Seule la personne qui a demandé à être oubliée peut répondre : lancez vous-même la commande pour être oublié.

## Réglages du serveur (`config`, les mêmes pour les deux jeux)

language-name = Français
settings-title = ⚙️ Réglages du serveur
settings-intro = Ils s'appliquent aux parties lancées sur ce serveur à partir de maintenant, à la place des réglages par défaut du bot. Une partie garde les réglages avec lesquels elle a commencé.
settings-target = Objectif par défaut (For Get It)
settings-turn-timeout = Délai par coup
settings-bot-pace = Rythme des robots
settings-language = Langue des tables
settings-threads = Parties dans des fils
settings-charts = Graphiques en fin de partie
thread-no-permission = { $host } 🧵 Cette partie reste dans le salon : le bot ne peut pas ouvrir de fil ici. Un admin du serveur peut lui donner la permission **Créer des fils publics**, ou désactiver les fils dans les réglages du serveur (`config régler fils`).
thread-failed = { $host } 🧵 Cette partie reste dans le salon : Discord ne lui a pas ouvert de fil.
thread-played-in = 🧵 Jouée dans [son fil]({ $link }).
settings-on = oui
settings-off = non
settings-channels = Salons où les parties peuvent commencer
settings-set-here = { $value } (réglé ici)
settings-default = { $value } (par défaut)
duration-ms = { $n } ms
duration-s = { $n } s
duration-min = { $n } min
duration-h = { $n } h
duration-d = { $n } j
settings-server-language = la langue du serveur
settings-every-channel = tous les salons
settings-footer = Les membres qui ont la permission Gérer le serveur les changent avec { $command } régler, rétablir, ajouter-salon et retirer-salon.
settings-saved = Enregistré. Les parties lancées à partir de maintenant se jouent avec ces réglages ; une partie en cours garde les siens.
notice-channel-not-allowed = Les parties ne peuvent pas commencer dans ce salon : ce serveur les permet dans { $channels }.
notice-manage-server-only = Seuls les membres qui ont la permission **Gérer le serveur** peuvent changer les réglages du serveur : rien n'a été changé.
notice-nothing-to-set = Donnez au moins un réglage à changer ({ $options }) : rien n'a été changé.
notice-too-many-channels = Un serveur peut donner au plus { $max } salons où les parties peuvent commencer : retirez-en un d'abord. Rien n'a été changé.
notice-option-channel = **{ $option }** prend un salon textuel de ce serveur : rien n'a été fait.
notice-option-duration = **{ $option }** prend une durée de { $min } à { $max }, comme `5min`, `1min 30s` ou `1,5s` : rien n'a été fait.

# Analyses : le jeu d'une personne dans une partie terminée, comparé au jeu optimal (en privé).
button-review = Analyse
over-game-id = Partie n°{ $id }
review-title = 🔍 Analyse · { $name } · { $game } n°{ $id }
review-score = **Score { $points }** · le jeu optimal attend **{ $expected }** de { $turns ->
    [one] votre tour
   *[other] vos { $turns } tours
}
review-luck = 🎲 Chance : **{ $luck }**
review-lost = 🧠 Vos décisions ont coûté **{ $lost }** points d'espérance
review-forfeited = ⏰ Les délais dépassés et le départ ont coûté **{ $forfeited }** points d'espérance
review-mistakes = Décisions qui ont coûté des points
review-costliest = Les { $n } manches les plus coûteuses
review-no-mistakes = Aucune : chaque décision était la meilleure. 🎯
review-round = Manche { $round }
review-mistake = vous : { $chosen } · le mieux : { $best } · **−{ $cost }**
review-mistake-on = avec { $dice }, { $mistake }
review-then = {"\u202F"}; puis{" "}
review-more-mistakes = …et { $n ->
    [one] une autre manche, qui a coûté
   *[other] { $n } autres manches, qui ont coûté
} { $cost } en tout.
review-turns = Vos tours
review-turn-line = **{ $turn }** · { $points } pts · chance { $luck }
review-turn-lost = décisions −{ $lost }
review-timed-out = ⏰ délai dépassé
review-left = 🚪 parti
review-unfinished = la partie a pris fin
review-more-turns = …et { $n ->
    [one] un tour
   *[other] { $n } tours
} de plus.
review-footer = Vous seul voyez ceci. L'espérance suppose le jeu optimal à partir de chaque moment. Chance : sur vos lancers, l'espérance après chaque lancer moins celle d'avant. Score = espérance + chance − décisions − délais.
review-score-chance = **Score { $points }** · votre chance de gagner à votre premier tour : **{ $expected } %** ({ $turns ->
    [one] un tour joué
   *[other] { $turns } tours joués
})
review-lost-chance = 🧠 Vos décisions ont coûté **{ $lost }** points de chance de gagner
review-forfeited-chance = ⏰ Les délais dépassés et le départ ont coûté **{ $forfeited }** points de chance de gagner
review-turn-line-chance = **{ $turn }** · { $points } pts · chance { $luck }
review-footer-chance = Vous seul voyez ceci. Les chances (en points de pourcentage) supposent un jeu optimal des deux côtés à partir de chaque moment. Chance : sur vos lancers, la chance après chaque lancer moins celle d'avant.
review-unknown = Il n'y a pas de partie n°{ $id }.
review-other-server = La partie n°{ $id } n'a pas été jouée sur ce serveur : analysez-la là où elle a été jouée.
review-other-game = La partie n°{ $id } se joue avec `/{ $command }` : utilisez `/{ $command } analyse`.
review-not-finished = La partie n°{ $id } n'est pas terminée : elle pourra être analysée une fois finie.
review-cancelled = La partie n°{ $id } a été annulée : seule une partie terminée peut être analysée.
review-not-played = Vous n'avez pas joué dans la partie n°{ $id } : seuls ses joueurs peuvent l'analyser.
review-pruned = La partie n°{ $id } s'est terminée il y a longtemps et ses coups ne sont plus conservés : elle n'a plus d'analyse ni de revanche. Son résultat compte toujours.
review-no-games = Vous n'avez aucune partie terminée de { $game } sur ce serveur à analyser : jouez-en une, puis `/{ $command } analyse`.

## Les dés en toutes lettres : chaque message qui montre des dés les dit aussi dans son texte
## (les notifications et les lecteurs d'écran lisent un emoji comme son nom)

dice-word = mot
dice-held = { $face } gardé
dice-reading = { $what } — { $dice }
dice-kind = { $kind } : { $faces }
notice-limit-lobbies = Vous avez déjà { $max ->
    [one] une table ouverte en attente de joueurs
   *[other] { $max } tables ouvertes en attente de joueurs
} sur ce serveur, le maximum par personne : { $max ->
    [one] lancez-la ou fermez-la
   *[other] lancez-en une ou fermez-en une
} d'abord. Rien n'a été fait.
notice-limit-tables = Ce serveur a { $max } parties ouvertes, son maximum : terminez-en une ou annulez-en une d'abord. Rien n'a été fait.
notice-limit-clicks = Doucement : au plus { $max } clics par minute. Rien n'a été fait ; cliquez à nouveau dans un instant.

# Le graphique de fin de partie (ses libellés, et son texte alternatif).
chart-title = Manche par manche
chart-rounds = Manche
chart-points = Points
chart-target = Objectif { $target }
chart-last-round = Dernière manche
chart-bot = { $name } (robot)
chart-alt-led = { $name } mène depuis la manche { $round }
chart-alt-totals = totaux finaux : { $totals }

# Le graphique de la revue.
review-chart-title = Votre partie, manche par manche
review-chart-points = Points
review-chart-chance = Chance de gagner (%)
review-chart-deltas = Chaque manche
review-chart-you = { $name }
review-chart-optimal = ce qu'attendrait le jeu optimal
review-chart-luck = chance
review-chart-cost = décisions
review-chart-alt = Le score de { $name } manche par manche face à ce qu'attendrait le jeu optimal, avec la chance de chaque manche et ce qu'ont coûté les décisions : { $turns }
review-chart-alt-chance = La chance de gagner de { $name } après chacun de ses tours face à celle que des décisions optimales auraient gardée, avec la chance de chaque manche et ce qu'ont coûté les décisions : { $turns }
review-chart-turn = manche { $round } chance { $luck }, décisions −{ $lost }

# Le graphique du classement de `stats`.
rating-chart-title = Niveau sur les { $n } dernières parties
rating-chart-games = Partie
rating-chart-rating = Niveau
rating-chart-alt = Le niveau de { $name } sur ses { $n } dernières parties : de { $first } à { $last }, au plus haut { $best }.
