# Commandes slash : noms et descriptions, que Discord montre dans la langue de chacun.
# Voir locales/en-US/commands.ftl pour le schéma des identifiants : les textes des sous-commandes
# sont écrits une fois, ici, pour tous les jeux ; un jeu peut avoir les siens (cmd-<jeu>-<chemin>).
# Noms : 1 à 32 lettres minuscules, chiffres, - ou _. Descriptions : 1 à 100 caractères.

## Les sous-commandes de chaque jeu (/forgetit lancer, /pig lancer...)

cmd-start = lancer
cmd-start-description = Ouvrir une table dans ce salon ; on la rejoint avec le bouton Rejoindre.
cmd-start-target = objectif
cmd-start-target-description = Points à atteindre, de { $min } à { $max } ({ $default } par défaut)
cmd-start-bots = robots
cmd-start-bots-description = Places de robot à ajouter tout de suite (0 à { $bots })
cmd-start-language = langue
cmd-start-language-description = La langue de la table (par défaut : celle du serveur)
cmd-join = rejoindre
cmd-join-description = Prendre place à la table de ce salon.
cmd-leave = quitter
cmd-leave-description = Quitter la table de ce salon (en cours de partie, votre place est ensuite sautée).
cmd-scores = scores
cmd-scores-description = Afficher les scores de la partie de ce salon.
cmd-rules = règles
cmd-rules-description = Les règles du jeu { $game }.
cmd-leaderboard = classement
cmd-leaderboard-description = Le classement : depuis toujours, ou sur les 7 ou 30 derniers jours.
cmd-leaderboard-scope = portée
cmd-leaderboard-scope-description = Ce serveur (par défaut) ou tous les serveurs
cmd-leaderboard-by = par
cmd-leaderboard-by-description = Classer par victoires (par défaut), points, meilleur tour ou niveau
cmd-leaderboard-period = période
cmd-leaderboard-period-description = Les parties finies ces 7 ou 30 derniers jours, ou toutes (par défaut)
cmd-stats = stats
cmd-stats-description = Statistiques cumulées : les vôtres, ou celles d'un autre joueur.
cmd-stats-user = joueur
cmd-stats-user-description = Les statistiques de qui (par défaut : les vôtres)
cmd-stats-scope = portée
cmd-stats-scope-description = Ce serveur (par défaut) ou tous les serveurs
cmd-daily = du-jour
cmd-daily-description = La donne du jour du jeu { $game } : les mêmes dés pour tous, jouée en privé.
cmd-daily-show = voir
cmd-daily-show-description = Jouer la donne du jour (par défaut), le classement du serveur, ou vos stats
cmd-cancel = annuler
cmd-cancel-description = Annuler la partie de ce salon (l'hôte, ou un membre qui peut gérer les messages).
cmd-kick = exclure
cmd-kick-description = Retirer un joueur de la partie de ce salon (l'hôte, ou un membre qui gère les messages).
cmd-kick-user = joueur
cmd-kick-user-description = Le joueur à retirer
cmd-review = analyse
cmd-review-description = Analyser votre jeu dans une partie terminée : les décisions coûteuses, et votre chance.
cmd-review-game = partie
cmd-review-game-description = Le numéro de la partie (par défaut : votre dernière partie terminée ici)

## Les sous-commandes du serveur, une fois, sous la commande du bot (/forgetit config, confidentialité, oublie-moi)

cmd-privacy = confidentialité
cmd-privacy-description = Ce que le bot garde sur vous, pourquoi, et combien de temps.
cmd-forget-me = oublie-moi
cmd-forget-me-description = Supprimer vos statistiques, vos niveaux et votre nom des parties gardées (demande confirmation).

cmd-config = config
cmd-config-description = Les réglages du serveur pour tous ses jeux (changés par les membres qui peuvent gérer le serveur).
cmd-config-show = voir
cmd-config-show-description = Voir les réglages du serveur.
cmd-config-set = régler
cmd-config-set-description = Changer les réglages du serveur pour les parties lancées à partir de maintenant.
cmd-config-set-target = objectif
cmd-config-set-target-description = Objectif par défaut du jeu { $game } ({ $min } à { $max }) ; les autres jeux gardent le leur
cmd-config-set-turn-timeout = délai-par-coup
cmd-config-set-turn-timeout-description = Délai pour chaque coup avant que le tour expire, comme 5min ou 1min 30s (30s à 7j)
cmd-config-set-bot-pace = rythme-robots
cmd-config-set-bot-pace-description = Attente d'un robot avant chaque coup, comme 1,5s ou 800ms (0 à 1min)
cmd-config-set-language = langue
cmd-config-set-language-description = La langue des nouvelles tables (un lancement peut toujours en choisir une autre)
cmd-config-set-threads = fils
cmd-config-set-threads-description = Si le lancement ouvre un fil pour chaque partie, pour que plusieurs parties tiennent dans un salon
cmd-config-set-charts = graphiques
cmd-config-set-charts-description = Si la fin d'une partie montre son graphique, manche par manche
cmd-config-reset = rétablir
cmd-config-reset-description = Remettre un réglage du serveur à la valeur par défaut du bot.
cmd-config-reset-setting = réglage
cmd-config-reset-setting-description = Quel réglage (tous : chacun, les salons compris)
cmd-config-add-channel = ajouter-salon
cmd-config-add-channel-description = Permettre aux parties de commencer dans un salon (dès qu'il y en a un, seulement dans ceux-là).
cmd-config-add-channel-channel = salon
cmd-config-add-channel-channel-description = Le salon
cmd-config-remove-channel = retirer-salon
cmd-config-remove-channel-description = Retirer un salon de la liste où les parties peuvent commencer.
cmd-config-remove-channel-channel = salon
cmd-config-remove-channel-channel-description = Le salon

choice-this-server = ce serveur
choice-global = tous les serveurs
choice-wins = victoires
choice-points = points
choice-best-turn-or-game = meilleur tour ou partie
choice-last-7-days = 7 derniers jours
choice-last-30-days = 30 derniers jours
choice-all-time = depuis toujours
choice-rating = niveau
choice-all = tous
choice-target = objectif
choice-turn-timeout = délai par coup
choice-bot-pace = rythme des robots
choice-language = langue
choice-channels = salons
choice-threads = fils
choice-charts = graphiques
choice-play = jouer
choice-board = classement
choice-my-stats = mes stats
