//! A server's settings (`/forgetit config`) end to end, through the Discord stand-in: members with
//! Manage Server set them, anyone else is refused privately and nothing changes; `show` shows
//! them; a new game takes the server's target, table language, time for each move and bot pace;
//! a start outside the server's channels is refused; in English and in French.
//!
//! It also runs on PostgreSQL (`FORGETIT_TEST_DATABASE=postgres`).

use crate::common;

use common::*;
use discord_standin::{Message, UserId};
use forgetit::store::GuildSettings;
use forgetit::GuildId;
use serde_json::{json, Value};

/// Discord's MANAGE_GUILD permission bit.
const MANAGE_GUILD: u64 = 1 << 5;

/// `user` runs `/forgetit config {sub}` with `options`; what they see answered.
async fn config(world: &World, user: UserId, sub: &str, options: Value) -> Message {
    world
        .command(user, "forgetit", &format!("config {sub}"), options)
        .await
}

fn private(message: &Message, needle: &str) -> bool {
    message.is_ephemeral() && message.text().contains(needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_sets_the_default_target_and_a_new_game_uses_it() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    let store = world.store().await;
    let guild = world.standin.guild_id().get();

    // carol may not: refused privately, naming the permission, and nothing changes.
    let refused = config(&world, carol, "set", json!({ "target": 750 })).await;
    assert!(private(&refused, "Manage Server"), "{}", refused.text());
    assert_eq!(
        store.guild_settings(GuildId::new(guild)).await.unwrap(),
        GuildSettings::default()
    );
    // Managing messages is not managing the server.
    world.standin.grant(carol, 1 << 13);
    let refused = config(&world, carol, "reset", json!({ "setting": 0 })).await;
    assert!(private(&refused, "Manage Server"), "{}", refused.text());

    // Anyone may see them: the defaults, from the config file.
    let shown = config(&world, bob, "show", json!({})).await;
    assert!(shown.is_ephemeral());
    let text = shown.text();
    for line in [
        "Server settings",
        "500 (default)",
        "5 min (default)",
        "0 ms (default)",
        "the server's language (default)",
        "every channel (default)",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }

    world.standin.grant(alice, MANAGE_GUILD);
    let saved = config(&world, alice, "set", json!({ "target": 750 })).await;
    assert!(private(&saved, "Saved"), "{}", saved.text());
    assert!(saved.text().contains("750 (set here)"), "{}", saved.text());
    assert_eq!(
        store
            .guild_settings(GuildId::new(guild))
            .await
            .unwrap()
            .default_target(),
        Some(750)
    );
    // Nothing to set is said so.
    let nothing = config(&world, alice, "set", json!({})).await;
    assert!(private(&nothing, "at least one"), "{}", nothing.text());
    assert!(nothing.text().contains("**target**"), "{}", nothing.text());
    // `config` is the bot's, under /forgetit only: a client with an old list of commands that
    // sends `/getdickey config set` is told where it moved, and nothing changes.
    let moved = world.stale_command(alice, "getdickey", "config set").await;
    assert!(
        private(
            &moved,
            "`/getdickey config set` is now `/forgetit config set`"
        ),
        "{}",
        moved.text()
    );
    assert_eq!(
        store
            .guild_settings(GuildId::new(guild))
            .await
            .unwrap()
            .number(&forgetit::settings::TURN_TIMEOUT),
        None
    );

    let shown = config(&world, bob, "show", json!({})).await;
    assert!(shown.text().contains("750 (set here)"), "{}", shown.text());
    assert!(
        shown.text().contains("/forgetit config"),
        "{}",
        shown.text()
    );

    // A new game without a target takes the server's; one with a target keeps its own.
    let lobby = world.slash(bob, "start", json!({})).await;
    assert!(
        lobby.text().contains("First to **750** points"),
        "{}",
        lobby.text()
    );
    world.slash(bob, "cancel", json!({})).await;
    let lobby = world.slash(bob, "start", json!({ "target": 100 })).await;
    assert!(
        lobby.text().contains("First to **100** points"),
        "{}",
        lobby.text()
    );
    world.slash(bob, "cancel", json!({})).await;

    // Back to the default.
    let reset = config(&world, alice, "reset", json!({ "setting": 1 })).await;
    assert!(reset.text().contains("500 (default)"), "{}", reset.text());
    let lobby = world.slash(bob, "start", json!({})).await;
    assert!(
        lobby.text().contains("First to **500** points"),
        "{}",
        lobby.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_start_only_in_the_servers_channels_once_it_lists_some() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    let general = world.channel;
    let dice = world.standin.add_channel("dice");
    world.standin.grant(alice, MANAGE_GUILD);

    let refused = config(
        &world,
        bob,
        "add-channel",
        json!({ "channel": dice.to_string() }),
    )
    .await;
    assert!(private(&refused, "Manage Server"), "{}", refused.text());

    let added = config(
        &world,
        alice,
        "add-channel",
        json!({ "channel": dice.to_string() }),
    )
    .await;
    assert!(
        added.text().contains(&format!("<#{dice}> (set here)")),
        "{}",
        added.text()
    );
    // Elsewhere a start is refused privately, naming where games may start; no game is opened.
    let refused = world.start_in(bob, general, json!({})).await;
    assert!(
        private(&refused, "can't start in this channel"),
        "{}",
        refused.text()
    );
    assert!(refused.text().contains(&format!("<#{dice}>")));
    let store = world.store().await;
    assert_eq!(
        store.open_game_in(general.get().into()).await.unwrap(),
        None
    );
    // Get Dickey too: the settings are the server's.
    let refused = world
        .standin
        .run_slash(bob, general, "getdickey", Some("start"), json!({}))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(private(&refused, "can't start"), "{}", refused.text());

    let lobby = world.start_in(bob, dice, json!({})).await;
    assert!(!lobby.is_ephemeral());
    assert!(lobby.button_labels().contains(&"Join".to_string()));

    // Taken off the list (it is empty again): every channel.
    let removed = config(
        &world,
        alice,
        "remove-channel",
        json!({ "channel": dice.to_string() }),
    )
    .await;
    assert!(
        removed.text().contains("every channel (default)"),
        "{}",
        removed.text()
    );
    let lobby = world.start_in(bob, general, json!({})).await;
    assert!(lobby.button_labels().contains(&"Join".to_string()));

    // A list holds at most 25 channels; `reset setting:all` empties it with the rest.
    for n in 0..25 {
        let channel = world.standin.add_channel(&format!("table-{n}"));
        let added = config(
            &world,
            alice,
            "add-channel",
            json!({ "channel": channel.to_string() }),
        )
        .await;
        assert!(private(&added, "Saved"), "{}", added.text());
    }
    // The lobby opened in general before the list left it out stays; a start there is refused
    // for the list, not because the channel is busy.
    let refused = world.start_in(alice, general, json!({})).await;
    assert!(
        private(&refused, "can't start in this channel"),
        "{}",
        refused.text()
    );
    assert!(store
        .open_game_in(general.get().into())
        .await
        .unwrap()
        .is_some());
    let extra = world.standin.add_channel("one-too-many");
    let full = config(
        &world,
        alice,
        "add-channel",
        json!({ "channel": extra.to_string() }),
    )
    .await;
    assert!(private(&full, "at most 25 channels"), "{}", full.text());
    let guild = world.standin.guild_id().get();
    assert_eq!(
        store
            .guild_settings(GuildId::new(guild))
            .await
            .unwrap()
            .channels
            .len(),
        25
    );
    let reset = config(&world, alice, "reset", json!({ "setting": 0 })).await;
    assert!(
        reset.text().contains("every channel (default)"),
        "{}",
        reset.text()
    );
    assert_eq!(
        store.guild_settings(GuildId::new(guild)).await.unwrap(),
        GuildSettings::default()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// The server's time for each move and bot pace are a new table's, over the config file's; a
/// game keeps them once started, across a change of the settings and a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_table_takes_the_servers_turn_timeout_and_bot_pace() {
    let world = World::new().await;
    let mut slow = world.config();
    // The config file's: a bot seat would wait a minute, a person five.
    slow.game.bot_pace_ms = 60_000;
    slow.game.turn_timeout_secs = 300;
    let bot = world.start_bot(slow.clone()).await;
    let alice = world.alice;
    world.standin.grant(alice, MANAGE_GUILD);
    let saved = config(
        &world,
        alice,
        "set",
        json!({ "turn-timeout": "30s", "bot-pace": "0s" }),
    )
    .await;
    assert!(saved.text().contains("30 s (set here)"), "{}", saved.text());
    assert!(saved.text().contains("0 ms (set here)"), "{}", saved.text());

    // A bot seat that sits first plays at once (the server's pace), and hands over to alice.
    let lobby = world.slash(alice, "start", json!({ "bots": 1 })).await;
    world.dice.push([1, 6]); // roll-off: alice 1, Bot 1 6
    world.click(alice, &lobby, "Start").await;
    world.turn_of(alice).await;

    // The settings change, and the bot restarts: the game keeps its own, and alice's turn is due
    // within the server's 30 seconds, not the config file's five minutes.
    config(&world, alice, "reset", json!({ "setting": 2 })).await;
    bot.shutdown().await;
    let bot = world.start_bot(slow).await;
    world.turn_of(alice).await;
    let store = world.store().await;
    let (id, _) = store
        .open_game_in(world.channel.get().into())
        .await
        .unwrap()
        .expect("the game");
    let loaded = store
        .load::<forgetit::games::forgetit::Game>(id)
        .await
        .unwrap();
    assert_eq!(loaded.clocks.turn_timeout_ms, Some(30_000));
    let left = loaded.deadline_ms.unwrap() - forgetit::store::now_ms();
    assert!((0..=30_000).contains(&left), "due in {left} ms");
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_language_is_the_servers_unless_chosen_at_start() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    world.standin.grant(alice, MANAGE_GUILD);
    // poise's choices are indexes: English, Français.
    let saved = config(&world, alice, "set", json!({ "language": 1 })).await;
    assert!(
        saved.text().contains("Français (set here)"),
        "{}",
        saved.text()
    );
    let lobby = world.slash(bob, "start", json!({})).await;
    assert!(
        lobby.text().contains("Le premier à **500** points gagne."),
        "{}",
        lobby.text()
    );
    world.slash(bob, "cancel", json!({})).await;
    let lobby = world.slash(bob, "start", json!({ "language": 0 })).await;
    assert!(
        lobby.text().contains("First to **500** points wins."),
        "{}",
        lobby.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// A French server: the group's French names are registered, a French member without the
/// permission is refused in French, a French admin's answers are French, and the game uses the
/// server's target.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_french_the_settings_answer_in_french_and_a_new_game_uses_them() {
    let world =
        World::with_locales("fr", &[("alice", "fr"), ("bob", "fr"), ("carol", "en-GB")]).await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    let commands = world.standin.commands();
    let find = |v: &Value, name: &str| -> Value {
        v["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("no {name} in {v}"))
    };
    let forgetit = commands.iter().find(|c| c["name"] == "forgetit").unwrap();
    let group = find(forgetit, "config");
    assert_eq!(group["type"], 2, "a subcommand group");
    let set = find(&group, "set");
    assert_eq!(set["name_localizations"]["fr"], "régler");
    assert_eq!(find(&set, "target")["min_value"], 50);
    // The durations are text, read by the bot (30s to 7d; 0 to 1m).
    assert_eq!(find(&set, "turn-timeout")["type"], 3);
    assert_eq!(
        find(&set, "bot-pace")["name_localizations"]["fr"],
        "rythme-robots"
    );
    // Its target is For Get It's, which its text says.
    let target = find(&set, "target");
    assert!(
        target["description_localizations"]["fr"]
            .as_str()
            .is_some_and(|d| d.contains("For Get It")),
        "{target}"
    );
    // The server-wide subcommands are the bot's command's only: Get Dickey's and Pig's commands
    // have their game's subcommands, and no `config`, `privacy` or `forget-me`.
    for game in ["getdickey", "pig"] {
        let command = commands.iter().find(|c| c["name"] == game).unwrap();
        let names: Vec<&str> = command["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "start",
                "join",
                "leave",
                "scores",
                "rules",
                "review",
                "leaderboard",
                "stats",
                "cancel",
                "kick",
                "daily"
            ],
            "/{game}"
        );
    }

    let refused = config(&world, bob, "set", json!({ "target": 1000 })).await;
    assert!(
        private(&refused, "**Gérer le serveur**"),
        "{}",
        refused.text()
    );
    let store = world.store().await;
    let guild = world.standin.guild_id().get();
    assert_eq!(
        store.guild_settings(GuildId::new(guild)).await.unwrap(),
        GuildSettings::default()
    );

    world.standin.grant(alice, MANAGE_GUILD);
    let saved = config(&world, alice, "set", json!({ "target": 1000 })).await;
    assert!(private(&saved, "Enregistré"), "{}", saved.text());
    assert!(
        saved.text().contains("1000 (réglé ici)"),
        "{}",
        saved.text()
    );
    assert!(
        saved.text().contains("5\u{a0}min (par défaut)"),
        "{}",
        saved.text()
    );
    // carol's client is English: her answers are English, whatever the server's language.
    let shown = config(&world, carol, "show", json!({})).await;
    assert!(shown.text().contains("1000 (set here)"), "{}", shown.text());

    let lobby = world.slash(bob, "start", json!({})).await;
    assert!(
        lobby.text().contains("Le premier à **1000** points gagne."),
        "{}",
        lobby.text()
    );
    // A start elsewhere, in French.
    world.slash(bob, "cancel", json!({})).await;
    let dice = world.standin.add_channel("des");
    config(
        &world,
        alice,
        "add-channel",
        json!({ "channel": dice.to_string() }),
    )
    .await;
    let refused = world.start_in(bob, world.channel, json!({})).await;
    assert!(
        private(&refused, "ne peuvent pas commencer dans ce salon"),
        "{}",
        refused.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// With the server's `charts` off, a game's end shows no chart; reset puts them back on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_charts_off_a_games_end_has_no_chart() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    world.standin.grant(alice, MANAGE_GUILD);
    let saved = config(&world, alice, "set", json!({ "charts": false })).await;
    assert!(private(&saved, "Saved"), "{}", saved.text());
    assert!(
        saved.text().contains("Charts at the end") && saved.text().contains("off (set here)"),
        "{}",
        saved.text()
    );

    let over = world.a_short_game().await;
    // The table has done all it does for that game: no picture came.
    bot.tables().settled().await;
    let end = world.standin.message(over.id).unwrap();
    assert!(end.attachments().is_empty(), "{:?}", end.attachments());
    assert!(end.embeds()[0].get("image").is_none(), "{:?}", end.embeds());

    // poise choices are indexes: 6 is `charts` (after `all` and the five settings before it). Reset, charts are on again (by default; a
    // game's end with its chart: `bot_e2e::a_whole_game_between_two_people`).
    let reset = config(&world, alice, "reset", json!({ "setting": 6 })).await;
    assert!(reset.text().contains("on (default)"), "{}", reset.text());
    let guild = GuildId::new(world.standin.guild_id().get());
    let store = world.store().await;
    let settings = store.guild_settings(guild).await.unwrap();
    assert_eq!(settings.get(&forgetit::settings::CHARTS), None);
    assert!(settings.on(&forgetit::settings::CHARTS));
    bot.shutdown().await;
    world.standin.assert_clean();
}
