//! French end to end, through the Discord stand-in: the command registration carries the French
//! names and descriptions (and still validates against Discord's spec), a game in a French guild
//! is played with French messages and buttons, private answers follow each clicker's own locale,
//! and the table keeps its language across a restart and for a timer's edit; a leaderboard's pages
//! keep the language it was posted in; ratings, periods and rematches read in French.

use crate::common;

use common::*;
use forgetit::discord::codec::{self, Button};
use forgetit::engine::Ranking;
use forgetit::i18n::Lang;
use serde_json::{json, Value};

/// The registered command `name`'s subcommand or option `sub`.
fn option<'a>(command: &'a Value, sub: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|options| options.iter().find(|o| o["name"] == sub))
        .unwrap_or_else(|| panic!("no option {sub:?} in {command}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_registration_carries_the_french_localizations() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let commands = world.standin.commands();
    let forgetit = commands
        .iter()
        .find(|c| c["name"] == "forgetit")
        .expect("/forgetit is registered");
    assert_eq!(forgetit["name_localizations"]["fr"], "forgetit");
    let description = forgetit["description_localizations"]["fr"]
        .as_str()
        .unwrap();
    assert!(
        description.starts_with("Jouer à For Get It"),
        "{description}"
    );
    assert!(description.contains("FORGET IT"), "{description}");
    // English stays the default.
    assert!(forgetit["description"]
        .as_str()
        .unwrap()
        .starts_with("Play For Get It"));

    let start = option(forgetit, "start");
    assert_eq!(start["name_localizations"]["fr"], "lancer");
    assert_eq!(
        option(start, "target")["name_localizations"]["fr"],
        "objectif"
    );
    let rules = option(forgetit, "rules");
    assert_eq!(rules["name_localizations"]["fr"], "règles");
    let by = option(option(forgetit, "leaderboard"), "by");
    let wins = by["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "wins")
        .unwrap();
    assert_eq!(wins["name_localizations"]["fr"], "victoires");
    let period = option(option(forgetit, "leaderboard"), "period");
    assert_eq!(period["name_localizations"]["fr"], "période");
    let week = &period["choices"][0];
    assert_eq!(week["name"], "last 7 days");
    assert_eq!(week["name_localizations"]["fr"], "7 derniers jours");

    let getdickey = commands.iter().find(|c| c["name"] == "getdickey").unwrap();
    assert_eq!(
        option(getdickey, "start")["name_localizations"]["fr"],
        "lancer"
    );

    // The registration request was checked against Discord's OpenAPI spec and limits (with the
    // localized names and descriptions): no violation.
    let registered = world
        .standin
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/commands"))
        .count();
    assert!(registered > 0, "the commands were registered by a request");
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_french_guild_is_played_in_french() {
    // The guild is French; alice plays in French, bob's client is in English.
    let world = World::with_locales(
        "fr",
        &[("alice", "fr"), ("bob", "en-US"), ("carol", "en-GB")],
    )
    .await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    let lobby = world.slash(alice, "start", json!({ "target": 500 })).await;
    assert_eq!(
        labels(&lobby),
        [
            "Rejoindre",
            "Quitter",
            "Ajouter un robot",
            "Lancer la partie",
            "Annuler"
        ]
    );
    assert!(
        lobby
            .content()
            .contains("Une table de **For Get It** est ouverte"),
        "{}",
        lobby.content()
    );
    assert!(lobby.text().contains("👑 hôte"), "{}", lobby.text());

    // Bob's client is English, but the lobby is the table's: it stays French for everyone.
    let joined = world.click(bob, &lobby, "Rejoindre").await;
    assert!(!joined.is_ephemeral());
    assert!(
        joined.text().contains("Joueurs (2/10)"),
        "{}",
        joined.text()
    );

    // Private answers are in the asker's language.
    let rules = world.slash(alice, "rules", json!({})).await;
    assert!(rules.is_ephemeral());
    assert!(
        rules.text().contains("Comment jouer à For Get It"),
        "{}",
        rules.text()
    );
    for word in ["FOR", "GET", "IT", "FORGET IT"] {
        assert!(rules.text().contains(word), "{word}: {}", rules.text());
    }
    for mistranslation in ["POUR", "OBTENIR", "OUBLIEZ"] {
        assert!(!rules.text().contains(mistranslation), "{}", rules.text());
    }
    let rules = world.slash(bob, "rules", json!({})).await;
    assert!(
        rules.text().contains("How to play For Get It"),
        "{}",
        rules.text()
    );

    world.dice.push([5, 2]); // roll-off: alice 5, bob 2
    let started = world.click(alice, &lobby, "Lancer la partie").await;
    assert!(
        started.text().contains("**alice** commence."),
        "{}",
        started.text()
    );
    let turn = world.turn_of(alice).await;
    assert_eq!(
        turn.content(),
        format!("<@{alice}>, à vous de jouer\u{202f}!")
    );
    assert_eq!(labels(&turn), ["Lancer"]);

    world.dice.push([4, 4, 4, 1, 2, 3, 5, 1, 2]);
    let rolled = world.click(alice, &turn, "Lancer").await;
    assert_eq!(
        labels(&rolled),
        ["Garder les 1", "Garder les 2", "Garder les 4", "Chances"]
    );
    assert!(
        rolled.text().contains("Choisissez votre numéro"),
        "{}",
        rolled.text()
    );

    // Not bob's turn: he is told so in English, and nothing changes.
    let refused = world.click(bob, &rolled, "Garder les 4").await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.text().trim().starts_with(
            "It's **alice**'s turn, not yours. [Go to the turn](https://discord.com/channels/"
        ),
        "{}",
        refused.text()
    );

    // The odds: to each clicker in their own language.
    let odds = world.click(bob, &rolled, "Chances").await;
    assert!(odds.is_ephemeral());
    assert!(
        odds.text().contains("📊 Odds · round 1 · alice's turn"),
        "{}",
        odds.text()
    );
    let odds = world.click(alice, &rolled, "Chances").await;
    assert!(
        odds.text().contains("📊 Chances · manche 1 · tour d'alice"),
        "{}",
        odds.text()
    );
    assert!(odds.text().contains("Le meilleur coup"), "{}", odds.text());

    let kept = world.click(alice, &rolled, "Garder les 4").await;
    assert_eq!(labels(&kept), ["Lancer 6 dés", "Encaisser 12", "Chances"]);
    bot.shutdown().await;

    // A new process on the same database, with a short move deadline: the table still speaks
    // French (its language is stored with the game), and when alice's turn times out the timer,
    // which has no interaction and so no locale, edits her message in French too.
    let mut config = world.config();
    config.game.turn_timeout_secs = 1;
    let bot = world.start_bot(config).await;
    world.dice.push([4, 1, 2, 3, 5, 1]);
    let rolled = world.click(alice, &kept, "Lancer 6 dés").await;
    assert_eq!(labels(&rolled), ["Lancer 5 dés", "Encaisser 32", "Chances"]);
    assert!(
        rolled
            .text()
            .contains("Encaissez **32**, ou lancez les 5 dés en main."),
        "{}",
        rolled.text()
    );
    let next = world.turn_of(bob).await;
    assert_eq!(
        next.content(),
        format!("<@{bob}>, à vous de jouer\u{202f}!")
    );
    assert_eq!(labels(&next), ["Lancer"]);
    let ended = world.standin.message(turn.id).unwrap();
    assert!(ended.buttons().is_empty());
    assert!(
        ended
            .text()
            .contains("⏰ Temps écoulé\u{a0}: **alice** encaisse **32**. Total\u{a0}: **32**."),
        "{}",
        ended.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// A guild whose locale is English; alice's client is French, bob's German (which the bot does not
/// speak: English for him), carol's British English.
async fn french_alice_in_an_english_guild() -> World {
    World::with_locales(
        "en-US",
        &[("alice", "fr"), ("bob", "de"), ("carol", "en-GB")],
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_takes_its_starters_language_and_each_person_reads_their_own_privately() {
    let world = french_alice_in_an_english_guild().await;
    let bot = world.start_bot(world.config()).await;
    // alice's client is French: her table is French, though the guild is English.
    let lobby = world
        .slash(world.alice, "start", json!({ "target": 500 }))
        .await;
    assert_eq!(labels(&lobby)[0], "Rejoindre");
    let again = world.slash(world.alice, "start", json!({})).await;
    assert!(again.is_ephemeral());
    // alice is seated in it already: it says so, and links to it.
    let text = again.text();
    let text = text.trim();
    assert!(
        text.starts_with(
            "Vous jouez déjà [une partie de **For Get It**](https://discord.com/channels/"
        ) && text.contains(&format!("/{}/{})", world.channel, lobby.id))
            && text.ends_with(&format!(
                " dans <#{}>\u{a0}: elle s'y poursuit.",
                world.channel
            )),
        "{text}"
    );
    let refused = world.click(world.bob, &lobby, "Annuler").await;
    assert!(refused.is_ephemeral());
    assert_eq!(
        refused.text().trim(),
        "Only the host (alice) or a moderator can do that."
    );
    let joined = world.click(world.bob, &lobby, "Rejoindre").await;
    assert!(
        joined.text().contains("Joueurs (2/10)"),
        "{}",
        joined.text()
    );
    let scores = world.slash(world.bob, "scores", json!({})).await;
    assert!(scores.is_ephemeral());
    assert!(
        scores.text().contains("First to 500 points wins."),
        "bob reads his private answers in his language (German: English): {}",
        scores.text()
    );
    // bob's client is German, which the bot does not speak: his table takes the guild's English.
    let other = world.standin.add_channel("other");
    let english = world
        .standin
        .run_slash(world.bob, other, "forgetit", Some("start"), json!({}))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert_eq!(labels(&english)[0], "Join");
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_may_choose_its_language_at_start() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let salon = world.standin.add_channel("salon");
    // bob's client is German, the guild English: he opens a French table.
    let lobby = world
        .standin
        .run_slash(
            world.bob,
            salon,
            "forgetit",
            Some("start"),
            json!({ "language": 1 }), // poise choices are indexes: English, Français
        )
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert_eq!(labels(&lobby)[0], "Rejoindre");
    // bob starts alone (a click on the disabled button, as a client may still send one):
    // refused in his language, naming the button as his French table shows it.
    let start = lobby
        .button("Lancer la partie")
        .unwrap()
        .custom_id
        .clone()
        .unwrap();
    let alone = world
        .standin
        .click_raw(world.bob, lobby.id, &start)
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert_eq!(
        alone.text().trim(),
        "You need at least 2 players to start: wait for someone to join, or click **Ajouter un robot**."
    );
    let joined = world
        .standin
        .click(world.alice, lobby.id, "Rejoindre")
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(
        joined.text().contains("Joueurs (2/10)"),
        "{}",
        joined.text()
    );
    // The language names are written in their own language, for everyone.
    let commands = world.standin.commands();
    let forgetit = commands.iter().find(|c| c["name"] == "forgetit").unwrap();
    let language = option(option(forgetit, "start"), "language");
    assert_eq!(language["name_localizations"]["fr"], "langue");
    let names: Vec<&str> = language["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["English", "Français"]);
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// A leaderboard is public: its pages keep the language it was posted in, whoever turns them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaderboards_pages_keep_its_language() {
    let world = french_alice_in_an_english_guild().await;
    let bot = world.start_bot(world.config()).await;
    let board = world.slash(world.alice, "leaderboard", json!({})).await;
    assert!(!board.is_ephemeral());
    let french = "Personne n'est encore dans ce classement\u{a0}:";
    assert!(board.text().contains(french), "{}", board.text());
    // carol turns to page 1 with the board's own id: still French.
    let id = codec::encode(&Button::Leaderboard {
        kind: forgetit::games::forgetit::KIND,
        global: false,
        by: Ranking::Wins,
        page: 1,
        lang: Some(Lang::Fr),
        period: forgetit::engine::Period::All,
    });
    assert!(id.ends_with(":fr"), "{id}");
    let turned = world
        .standin
        .click_raw(world.carol, board.id, &id)
        .await
        .unwrap();
    assert_eq!(turned.response().await.unwrap().kind, 7);
    let turned = turned.answer().await.unwrap();
    assert!(turned.text().contains(french), "{}", turned.text());
    // An id from before boards named their language: the clicker's.
    let old = world
        .standin
        .click_raw(world.carol, board.id, "lb:fgi:server:wins:1")
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(
        old.text()
            .contains("Nobody is on this board yet: finish a game of For Get It"),
        "{}",
        old.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Issue "What players come back for", in French: after a game in a French guild won together
/// over a bot seat, the game's end offers Revanche and Analyse; the ratings board (`by: niveau`) and a
/// board of the last 7 days read in French to a French player; Rematch opens a French table (the
/// table's language, whoever clicks), seats the game's other player with a private answer in
/// their language, and is refused to someone who did not play, in theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_periods_and_rematch_read_in_french() {
    let world = World::with_locales(
        "fr",
        &[("alice", "fr"), ("bob", "en-US"), ("carol", "en-GB")],
    )
    .await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    let lobby = world.slash(alice, "start", json!({ "target": 50 })).await;
    world.click(bob, &lobby, "Rejoindre").await;
    world.click(alice, &lobby, "Ajouter un robot").await;
    world.dice.push([5, 2, 1]); // roll-off: alice first (seated alice, bob, Bot 1)
    world.click(alice, &lobby, "Lancer la partie").await;
    // Alice banks six 5s, past the target (F10: the others have a last turn each), bob ties her,
    // and the bot's last roll spells FORGET IT: alice and bob share the win.
    for (player, more) in [(alice, vec![]), (bob, vec![W, 1, 1, W, 2, 2, W, 3, 3])] {
        let turn = world.turn_of(player).await;
        world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
        world.dice.push(more);
        let rolled = world.click(player, &turn, "Lancer").await;
        let kept = world
            .click(player, &rolled, &label_with(&rolled, "5"))
            .await;
        world
            .click(player, &kept, &label_with(&kept, "Encaisser"))
            .await;
    }
    let over = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.button_labels() == ["Revanche", "Analyse"]
        })
        .await
        .unwrap();
    assert!(
        over.text().contains("se partagent la victoire"),
        "{}",
        over.text()
    );

    // poise choices are indexes: by 3 is the rating; period 0 the last 7 days.
    let board = world
        .slash(alice, "leaderboard", json!({ "by": 3 }))
        .await
        .text();
    assert!(
        board.contains("🏆 For Get It · ce serveur · par niveau"),
        "{board}"
    );
    assert!(board.contains("Les robots ne sont pas classés"), "{board}");
    let medal = |who: &str| {
        board
            .lines()
            .any(|l| l.starts_with("🥇") && l.contains(who))
    };
    assert!(medal("alice") && medal("bob"), "{board}");
    let week = world
        .slash(alice, "leaderboard", json!({ "period": 0 }))
        .await
        .text();
    assert!(week.contains("7 derniers jours"), "{week}");

    // Carol did not play: told so in her language.
    let refused = world.click(carol, &over, "Revanche").await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.text().contains("Only the players of that game"),
        "{}",
        refused.text()
    );
    // Bob's client is English, but the rematch is the table's, in French, with the bot back.
    let rematch = world.click(bob, &over, "Revanche").await;
    assert!(!rematch.is_ephemeral(), "{}", rematch.text());
    assert!(
        rematch
            .content()
            .contains("Une table de **For Get It** est ouverte"),
        "{}",
        rematch.content()
    );
    assert!(rematch.text().contains("🤖 Robot 1"), "{}", rematch.text());
    let joined = world.click(alice, &over, "Revanche").await;
    assert!(joined.is_ephemeral());
    assert_eq!(joined.text().trim(), "Vous avez rejoint la table.");
    bot.shutdown().await;
    world.standin.assert_clean();
}
