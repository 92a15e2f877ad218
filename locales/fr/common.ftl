# Textes communs aux jeux : salle d'attente, boutons, avis, erreurs, classements et
# statistiques.
#
# Élision (src/i18n.rs, `elide`) : « de », « que », « le »... devant un nom (d'un joueur, d'un
# robot, d'un jeu) s'écrivent avec une fonction, jamais à la main, car le nom n'est connu qu'au
# moment du message :
#   { DE($name) }                  → « de bob », « d'alice », « de Robot 1 », « de <@123> »
#   { ELIDE("que", $name) }        → « que bob », « qu'alice » (aussi "le", "la", "je", "ne",
#                                    "ce", "me", "te", "se", "jusque", "lorsque", "puisque",
#                                    "quoique" ; "De" donne « D'alice »)
#   { DE($game, wrap: "**") }      → « de **For Get It** », « d'**Ouistiti** » (la mise en forme
#                                    autour du nom seulement)
# Règles : élision devant une voyelle, accentuée ou non, majuscule ou non (a e i o u, é, œ...) ;
# devant un y suivi d'une consonne (d'Yves) mais pas d'une voyelle (de Yann) ; jamais devant un
# h (on ne peut pas savoir s'il est muet ou aspiré : « de Hugo » plutôt que « d'Hollande ») ni
# devant un chiffre, un emoji (🤖), un symbole ou une mention (<@123>, que Discord montre
# « @alice » : « de @alice »). Le gras ou l'italique autour du nom est ignoré : « d'**alice** ».
#
# Typographie : une espace insécable avant « : » et dans « n° 5 » (U+00A0), une fine insécable
# avant « ; », « ! », « ? » et « % » (U+202F) ; le signe du numéro est toujours « n° ».

and = et
or = ou
points-lost = ({ $n } { $n ->
        [one] point perdu
       *[other] points perdus
    })

## Salle d'attente

lobby-footer = Rejoignez la table pour jouer, ou ajoutez un robot comme adversaire. L'hôte lance la partie.
playing-order = Ordre de jeu
lobby-waiting = Il manque encore { $n } { $n ->
        [one] joueur
       *[other] joueurs
    } pour commencer.
lobby-full = La table est complète : l'hôte peut lancer la partie.
lobby-ready = Tout est prêt : l'hôte peut lancer la partie, et { $n } { $n ->
        [one] joueur peut
       *[other] joueurs peuvent
    } encore rejoindre la table.
lobby-seat = { $n }. { $name }
lobby-seat-host = { $n }. { $name } 👑 hôte
lobby-players = Joueurs ({ $seated }/{ $max })
footer-target = Le premier à { $target } points gagne.
bot-name = Robot { $n }

## Les messages de chaque jeu, sauf s'il a les siens (`{code}-lobby-title`...) : chacun nomme le
## jeu ($game) et commence par son emoji ($emoji).

game-lobby-title = { $emoji } { $game } · nouvelle table
game-lobby-content = { $emoji } Une table { DE($game, wrap: "**") } est ouverte : appuyez sur **Rejoindre** pour jouer !
game-closed-title = { $emoji } { $game } · table fermée
game-closed-description = Cette table a été annulée avant le début de la partie.
game-started-title = { $emoji } { $game } · la partie commence !
game-started-content = { $emoji } La partie { DE($game, wrap: "**") } a commencé !
game-over-content = 🏁 La partie { DE($game, wrap: "**") } est terminée.
game-over-winner = 🏆 { $who } remporte la partie { DE($game, wrap: "**") } !
game-over-title = 🏆 { $game } · fin de la partie
game-cancelled-content = La partie { DE($game, wrap: "**") } a été annulée.
game-cancelled-title = { $emoji } { $game } · annulée
game-rules-title = { $emoji } Comment jouer à { $game }
game-rules-time = Temps et départs

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
left-after-timeouts = 🚪 { $name } a quitté la partie après { $n } délais dépassés d'affilée.
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
error-not-your-turn-named = C'est à **{ $player }** de jouer, pas à vous.
error-see-turn = [Voir le tour en cours]({ $link }).
error-empty-name = Une place doit avoir un nom.

## Avis : réponses privées et courtes

notice-done = C'est fait.
notice-joined = Vous avez rejoint la table.
notice-left = Vous avez quitté la table.
notice-kicked = Ce joueur a été retiré de la table.
notice-cancelled = La partie est annulée.
notice-channel-busy = Il y a déjà { $game } dans { $channel } : rejoignez-la, attendez qu'elle se termine, ou lancez la vôtre { $elsewhere }.
notice-busy-game = une partie { DE($game, wrap: "**") }
notice-busy-a-game = une partie
notice-busy-seated = Vous jouez déjà { $game } dans { $channel } : elle s'y poursuit.
notice-busy-this-channel = ce salon
notice-busy-another-channel = dans un autre salon
notice-busy-in = dans { $channels }
notice-busy-threads = Avec les fils activés (`config régler fils`), chaque partie a son propre fil et un salon en accueille plusieurs.
notice-no-game = Il n'y a pas de partie dans ce salon : lancez-en une avec { $starts }.
notice-other-game = La partie de ce salon se joue avec `/{ $command }` : utilisez les commandes `/{ $command }`.
notice-game-over = Cette partie est terminée.
notice-rematch-players-only = Seuls les joueurs de cette partie peuvent demander sa revanche : lancez votre propre partie avec { $starts }.
notice-stale = Ce bouton n'est plus à jour : utilisez le message du tour en cours.
notice-already-done = C'est déjà fait : votre clic précédent a été pris en compte, et le message le montre.
notice-host-only = Seul l'hôte peut faire cela.
notice-host-or-moderator = Seul l'hôte ou un modérateur peut faire cela.
notice-host-only-named = Seul l'hôte ({ $host }) peut faire cela.
notice-host-or-moderator-named = Seul l'hôte ({ $host }) ou un modérateur peut faire cela.
notice-no-settings-here = Les réglages se font dans un serveur dont le bot est membre. Ici, les parties suivent les réglages par défaut.
notice-no-turn = Aucun tour n'est en cours.
notice-unknown-button = Ce bouton ne fonctionne plus.
notice-not-saved = L'enregistrement a échoué, donc rien n'a été fait : veuillez réessayer.
notice-shutting-down = Le bot redémarre : veuillez réessayer dans un instant.
notice-failed = Quelque chose s'est mal passé : veuillez réessayer.
notice-preparing = ⏳ La table de stratégie est en cours de préparation (le bot vient de démarrer) : votre réponse s'affichera ici dans un instant.
notice-not-prepared = La table de stratégie est encore en préparation : veuillez réessayer dans quelques minutes.
notice-option-range = **{ $option }** prend un nombre entier de { $min } à { $max }, comme { $examples } : rien n'a été fait.
notice-option-at-least = **{ $option }** prend un nombre entier d'au moins { $min }, comme { $examples } : rien n'a été fait.
notice-option-given = Vous avez saisi { $given }.
notice-option-choice = **{ $option }** prend l'une de ces valeurs : { $choices }. Rien n'a été fait.
notice-option-member = **{ $option }** prend un membre de ce serveur : rien n'a été fait.
notice-option-value = **{ $option }** ne prend pas cette valeur : rien n'a été fait.
notice-option-unknown = Cette commande n'a pas d'option **{ $option }** : rien n'a été fait.
notice-option-missing = Il manque l'option **{ $option }** à cette commande : rien n'a été fait.
notice-options-bad = Le bot n'a pas pu lire les options de cette commande : rien n'a été fait.
notice-unknown-command = Le bot n'a pas cette commande (Discord en montre peut-être une ancienne) : utilisez { $commands }.
notice-subcommand-needed = Précisez quoi faire après `/{ $command }` : { $subcommands }.
notice-command-moved = `/{ $old }` est maintenant `/{ $new }` : les réglages du serveur, la confidentialité et l'oubli sont sous la commande du bot, pour tous les jeux. (Discord peut encore lister l'ancienne un moment.)

## Classements et statistiques

leaderboard-title = 🏆 { $game } · { $scope } · par { $by }
leaderboard-empty = Personne n'est encore dans ce classement : terminez une partie { DE($game) } pour être le premier !
leaderboard-page = Page { $page } sur { $pages }
leaderboard-people-only = Les robots ne sont pas classés
leaderboard-scope-server = ce serveur
leaderboard-scope-global = tous les serveurs
leaderboard-scope-chat = cette discussion
leaderboard-period-week = 7 derniers jours
leaderboard-period-month = 30 derniers jours
leaderboard-by-wins = victoires
leaderboard-by-points = points
leaderboard-by-rating = niveau
leaderboard-elsewhere = un joueur d'un autre serveur
leaderboard-rating-note = Le niveau part de 1500 et évolue après chaque partie terminée selon le classement, d'autant plus face à des adversaires forts. Il indique un niveau que le joueur a très probablement : il monte donc aussi à mesure que les parties le rendent plus sûr.
leaderboard-rating-no-period = Les niveaux affichés sont ceux d'aujourd'hui : la période ne s'y applique pas.
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
stats-percent = { $percent } %

## Confidentialité (`privacy` et `forget-me`, les mêmes pour tous les jeux)

privacy-title = 🔒 Confidentialité : ce que le bot garde, et combien de temps
privacy-stored = Ce qui est gardé
privacy-stored-text = • Les parties jouées sur chaque serveur : le salon, l'identifiant Discord de chaque place et le nom qu'avait le joueur sur ce serveur, les scores, et le journal de la partie (chaque coup et chaque dé ; les arrivées à la table nomment aussi les joueurs).
    • Les statistiques cumulées par serveur et par jeu (parties, victoires, points, meilleur tour ou meilleure partie, tours), avec le nom que vous avez sur ce serveur, pour ses classements ; votre résultat dans chaque partie finie avec l'heure de sa fin, pour les classements des 7 et 30 derniers jours ; et votre niveau par jeu, sur chaque serveur et sur tous les serveurs, avec sa valeur après chaque partie classée (pour le graphique de `stats`).
    • Vos donnes du jour : les coups et les dés de chaque jour, votre nom, score, précision et chance, et les serveurs où vous les avez jouées ou partagées (pour leurs classements du jour), pour vos séries et moyennes.
    • Rien d'autre : ni messages, ni profil, ni autres données du serveur.
privacy-why = Pourquoi
privacy-why-text = Pour jouer les parties (une partie en cours est reconstruite à partir de son journal après un redémarrage), et pour montrer les scores, les statistiques et les classements.
privacy-how-long = Combien de temps
privacy-how-long-text = Tant que le bot est sur le serveur. Quand le bot est retiré d'un serveur, les parties et les statistiques de ce serveur sont supprimées 30 jours plus tard, sauf si le bot y est ajouté de nouveau d'ici là.
privacy-forget = M'oublier
privacy-forget-text = { $command } supprime d'un coup vos statistiques, résultats, niveaux et donnes du jour sur tous les serveurs, et remplace votre nom dans les parties gardées par « un ancien joueur ». Votre identifiant Discord reste dans les journaux de ces parties, sans nom, pour que ces parties et les résultats des autres joueurs restent tels qu'ils ont été joués. Les messages déjà publiés dans les salons ne sont pas modifiés.
former-player = un ancien joueur
forget-prompt = **Vous oublier ?** Cela supprime vos statistiques et vos niveaux sur tous les serveurs, pour tous les jeux, et remplace votre nom dans chaque partie gardée par « un ancien joueur ». Les résultats des autres joueurs restent tels quels. C'est définitif.
forget-button-yes = M'oublier
forget-button-no = Garder mes données
forget-done = C'est fait : vos statistiques sont supprimées et votre nom n'est plus dans les parties gardées.
forget-kept = Rien n'a été supprimé.
forget-seated = Vous êtes encore à la table d'une partie ouverte, dans { $channel } : quittez-la (ou attendez qu'elle se termine), puis recommencez. Rien n'a été supprimé.
forget-not-yours = Seule la personne qui a demandé à être oubliée peut répondre : lancez vous-même la commande si vous voulez être oublié.

## Réglages du serveur (`config`, les mêmes pour tous les jeux)

language-name = Français
settings-title = ⚙️ Réglages du serveur
settings-intro = Ils s'appliquent aux parties lancées sur ce serveur à partir de maintenant, à la place des réglages par défaut du bot. Une partie garde les réglages avec lesquels elle a commencé.
settings-target = Objectif par défaut ({ $game })
settings-turn-timeout = Délai par coup
settings-bot-pace = Rythme des robots
settings-language = Langue des tables
settings-threads = Parties dans des fils
settings-charts = Graphiques en fin de partie
thread-no-permission = { $host } 🧵 Cette partie reste dans le salon : le bot ne peut pas ouvrir de fil ici. Un administrateur du serveur peut lui donner la permission **Créer des fils publics**, ou désactiver les fils dans les réglages du serveur (`config régler fils`).
thread-failed = { $host } 🧵 Cette partie reste dans le salon : Discord n'a pas pu lui ouvrir de fil.
thread-played-in = 🧵 Jouée dans [son fil]({ $link }).
thread-gone = 🧵 { $why ->
    [deleted] Le fil de cette partie a été supprimé
    [locked] Le fil de cette partie a été verrouillé
   *[other] Le bot ne peut plus écrire dans le fil de cette partie
} : la partie continue ici.
thread-gone-busy = 🧵 { $why ->
    [deleted] Le fil de cette partie a été supprimé
    [locked] Le fil de cette partie a été verrouillé
   *[other] Le bot ne peut plus écrire dans le fil de cette partie
}, et une autre partie est ouverte dans ce salon : la partie s'arrête ici, annulée.
game-on-lobby = ⚠️ Le bot ne peut pas écrire dans ce salon : la partie continue sur ce message.
game-unshown = ⚠️ Le bot ne peut pas afficher cette partie pour l'instant : cliquez sur l'un de ses boutons pour la voir telle qu'elle est.
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
notice-option-duration = **{ $option }** prend une durée de { $min } à { $max }, comme { $examples } : rien n'a été fait.

# Analyses : le jeu d'une personne dans une partie terminée, comparé au jeu optimal (en privé).
button-review = Analyse
over-game-id = Partie n° { $id }
review-title = 🔍 Analyse · { $name } · { $game } n° { $id }
review-score = **Score { $points }** en { $turns ->
    [one] une manche
   *[other] { $turns } manches
}.
review-expected = 📈 Le meilleur jeu aurait marqué **{ $expected }** en moyenne.
review-expected-some = 📈 Sur { $rounds ->
    [one] votre manche jouée
   *[other] vos { $rounds } manches jouées
} pour les points, le meilleur jeu aurait marqué **{ $expected }** en moyenne.
review-luck = 🎲 Vos dés : **{ $luck }** points par rapport à des dés moyens.
review-lost = 🧠 Vos décisions ont coûté **{ $lost }** points en moyenne.
review-forfeited = ⏰ Les délais dépassés et le départ ont coûté **{ $forfeited }** points en moyenne.
review-start-chance = 📈 Vos chances de gagner à votre premier tour : **{ $chance } %**.
review-luck-chance = 🎲 La chance : **{ $luck }** points de pourcentage (vos dés { $dice }, les tours des autres { $others }).
review-lost-chance = 🧠 Vos décisions ont coûté **{ $lost }** points de pourcentage.
review-forfeited-chance = ⏰ Les délais dépassés et le départ ont coûté **{ $forfeited }** points de pourcentage.
review-end-chance = 🏁 { $start } % { $terms } = **{ $end } %** à la fin : { $result ->
    [won] vous avez gagné.
    [shared] victoire partagée.
   *[lost] vous avez perdu.
}
review-played-to-win = 🏁 { $n ->
    [one] La manche { $rounds } s'est jouée pour gagner, comme les robots la jouent : elle est jugée sur votre chance de gagner, hors des points ci-dessus.
   *[other] Les manches { $rounds } se sont jouées pour gagner, comme les robots les jouent : elles sont jugées sur votre chance de gagner, hors des points ci-dessus.
}
review-all-played-to-win = 🏁 { $n ->
    [one] Votre manche s'est jouée pour gagner, comme les robots la jouent : elle est jugée sur votre chance de gagner.
   *[other] Toutes vos manches se sont jouées pour gagner, comme les robots les jouent : elles sont jugées sur votre chance de gagner.
}
review-rounds = Les manches qui ont compté
review-no-mistakes = Aucune : chaque décision était la meilleure. 🎯
review-no-mistakes-close = Aucune : chaque décision était à moins de { $threshold } { $unit ->
    [chance] point de pourcentage
   *[points] point
} de la meilleure. 🎯
review-round-head = **Manche { $round }** · { $points } pts
review-round-to-win = 🏁 chances de gagner : { $before } % au début, { $terms } : { $after } % à la fin
review-term-luck = vos dés { $value }
review-term-decisions = décisions { $value }
review-term-timeouts = délais { $value }
review-round-best = chaque décision était la meilleure
review-round-close = chaque décision était à moins de { $threshold } { $unit ->
    [chance] point de pourcentage
   *[points] point
} de la meilleure
review-mistake = votre choix : { $chosen } ; mieux : { $best } (**−{ $cost }** pts)
review-mistake-chance = votre choix : { $chosen } (**{ $chosen_chance } %** de chances de gagner) ; mieux : { $best } ({ $best_chance } %, **−{ $cost }** pts)
review-mistake-on = avec { $dice }, { $mistake }
review-more-decisions = …et { $n ->
    [one] une autre décision
   *[other] { $n } autres décisions
} (−{ $cost }).
review-more-mistakes = …et { $n ->
    [one] une autre manche, qui a coûté
   *[other] { $n } autres manches, qui ont coûté
} { $cost } points en tout.
review-more-mistakes-to-win = …et { $n ->
    [one] une autre manche jouée pour gagner, qui a coûté
   *[other] { $n } autres manches jouées pour gagner, qui ont coûté
} { $cost } points de pourcentage en tout.
review-timed-out = ⏰ délai dépassé
review-left = 🚪 parti
review-unfinished = la partie a pris fin
review-more-turns = …et { $n } de plus.
review-footer = Vous seul voyez ceci. Chaque décision est comparée au meilleur jeu à partir de ce moment, celui des robots.
review-unknown = Il n'y a pas de partie n° { $id }.
review-other-server = La partie n° { $id } n'a pas été jouée sur ce serveur : analysez-la là où elle a été jouée.
review-other-game = La partie n° { $id } se joue avec `/{ $command }` : utilisez `/{ $command } analyse`.
review-not-finished = La partie n° { $id } n'est pas terminée : elle pourra être analysée une fois finie.
review-cancelled = La partie n° { $id } a été annulée : seule une partie terminée peut être analysée.
review-not-played = Vous n'avez pas joué dans la partie n° { $id } : seuls ses joueurs peuvent l'analyser.
review-pruned = La partie n° { $id } s'est terminée il y a longtemps et ses coups ne sont plus conservés : elle n'a plus ni analyse ni revanche. Son résultat compte toujours.
review-no-games = Vous n'avez aucune partie terminée { DE($game) } sur ce serveur à analyser : jouez-en une, puis `/{ $command } analyse`.

## Les dés en toutes lettres : chaque message qui montre des dés les dit aussi dans son texte
## (les notifications et les lecteurs d'écran lisent un emoji comme son nom)

dice-reading = { $what } — { $dice }
notice-limit-lobbies = Vous avez déjà { $max ->
    [one] une table ouverte en attente de joueurs
   *[other] { $max } tables ouvertes en attente de joueurs
} sur ce serveur, le maximum par personne : { $max ->
    [one] lancez-la ou fermez-la
   *[other] lancez-en une ou fermez-en une
} d'abord. Rien n'a été fait.
notice-limit-tables = Ce serveur a atteint son maximum de { $max } parties ouvertes : terminez-en une ou annulez-en une d'abord. Rien n'a été fait.
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
review-chart-chance = Chances de gagner (%)
review-chart-deltas = Chaque manche
review-chart-deltas-chance = Chaque manche, en points de pourcentage
review-chart-you = { $name }
review-chart-optimal = un jeu parfait, en moyenne
review-chart-luck = chance
review-chart-dice = vos dés
review-chart-cost = décisions
review-chart-alt = Le score { DE($name) }, manche par manche, face à ce qu'un jeu parfait aurait rapporté en moyenne, avec la chance de chaque manche et ce qu'ont coûté les décisions : { $turns }
review-chart-alt-chance = Les chances de victoire { DE($name) } après chacun de ses tours, face à celles que des décisions parfaites auraient gardées, avec la chance de chaque manche et ce qu'ont coûté les décisions : { $turns }
review-chart-turn = manche { $round } : chance { $luck }, décisions { $lost }
review-chart-turn-to-win = manche { $round } jouée pour gagner

# Le graphique du classement de `stats`.
rating-chart-title = Niveau sur les { $n } dernières parties
rating-chart-games = Partie
rating-chart-rating = Niveau
rating-chart-alt = Le niveau { DE($name) } sur ses { $n } dernières parties : de { $first } à { $last }, { $best } au plus haut.

# Odds, in every game: an expected score, a chance of winning.
odds-expected = espéré **{ $points }**
odds-to-win = **{ $percent } %** de chances de gagner
