# Colonnes, le jeu jouet des tests : ses textes, et ceux de sa commande.

game-columns = Colonnes
col-lobby-about = Trois colonnes chacun : un dé dans chacune, qui vaut le dé fois le numéro de la colonne.
col-column = Colonne
col-your-turn = choisissez une colonne pour votre dé.
col-error-full = Cette colonne est pleine.
col-rules-intro = { $min } joueurs, trois colonnes chacun.
col-rules-turn = Votre tour
col-rules-turn-text = Choisissez une colonne libre : un dé est lancé et posé là, il vaut le dé fois le numéro de la colonne. Le plus haut total gagne ; à égalité, le plus haut dé de la colonne 3.
col-rules-time-text = Quand votre temps est écoulé, le dé va dans votre première colonne libre ; après { $n } dépassements de suite, vous quittez la partie.

# La commande.
cmd-columns = colonnes
cmd-columns-description = Jouer à Colonnes, le jeu jouet des tests.
