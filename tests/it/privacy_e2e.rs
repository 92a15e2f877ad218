//! Privacy through the Discord stand-in: `privacy` and `forget-me` (with its confirm button, which
//! only its person can answer) after a real game, leaving no trace of the name in the database;
//! the French texts for a French person; and GUILD_DELETE / GUILD_CREATE recorded for the 30-day
//! sweep. Every request the bot sends is checked against Discord's spec (`assert_clean`).

use crate::common;

use common::*;
use discord_standin::Message;
use forgetit::discord::{Membership, RunningBot};
use forgetit::engine::Scope;
use forgetit::store::{Store, REMOVED_GUILD_KEPT_MS};
use forgetit::GuildId;
use serde_json::json;

/// alice and bob play a whole game to 50 (bob wins with 120, alice has 9). Returns the game-over
/// message.
async fn a_finished_game(world: &World) -> Message {
    let (alice, bob) = (world.alice, world.bob);
    let turn = world.two_player_game(50).await;
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let kept = world.click(alice, &rolled, &label_with(&rolled, "3")).await;
    world.click(alice, &kept, &label_with(&kept, "Bank")).await;
    let turn = world.turn_of(bob).await;
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(bob, &turn, "Roll").await;
    let kept = world.click(bob, &rolled, &label_with(&rolled, "5")).await;
    world.click(bob, &kept, &label_with(&kept, "Bank")).await;
    let turn = world.turn_of(alice).await;
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    world.click(alice, &turn, "Roll").await;
    world
        .standin
        .wait_for_message(world.channel, |m| {
            m.button_labels() == ["Rematch", "Review"]
        })
        .await
        .unwrap()
}

/// Every `(table, column, value)` of the bot's database whose value, as text, contains `needle`:
/// every column of every table, listed from the database's own catalogue.
async fn everywhere(world: &World, needle: &str) -> Vec<(String, String, String)> {
    let (tables, found) = world.database().everywhere(needle).await;
    assert!(tables.len() >= 7, "{tables:?}");
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_me_after_a_game_leaves_no_trace_of_the_name_and_only_its_person_can_confirm() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    let over = a_finished_game(&world).await;
    let store = world.store().await;
    let bob_before = store
        .player_stats(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            bob.get().into(),
        )
        .await
        .unwrap()
        .unwrap();
    assert!(!everywhere(&world, "alice").await.is_empty());

    // What is stored, why, for how long: privately, in English.
    let privacy = world.slash(alice, "privacy", json!({})).await;
    assert!(privacy.is_ephemeral());
    let text = privacy.text();
    for part in [
        "What is stored",
        "Discord id",
        "30 days",
        "`/forgetit forget-me`",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    // It is said once, for every game, under the bot's command: a client with an old list of
    // commands that sends Get Dickey's is told where it moved.
    let dickey = world.stale_command(alice, "getdickey", "privacy").await;
    assert!(dickey.is_ephemeral());
    assert!(
        dickey
            .text()
            .contains("`/getdickey privacy` is now `/forgetit privacy`"),
        "{}",
        dickey.text()
    );

    let prompt = world.slash(alice, "forget-me", json!({})).await;
    assert!(prompt.is_ephemeral());
    assert!(prompt.text().contains("Forget you?"), "{}", prompt.text());
    assert_eq!(labels(&prompt), ["Forget me", "Keep my data"]);

    // bob cannot see alice's prompt; a click naming alice is refused to him on his own prompt
    // (the id in a button is never enough), and means nothing on any other message.
    let bob_prompt = world.slash(bob, "forget-me", json!({})).await;
    let forged = format!("forget:{alice}:yes");
    let refused = world
        .standin
        .click_raw(bob, bob_prompt.id, &forged)
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(refused.is_ephemeral());
    assert!(
        refused.text().contains("Only the person who asked"),
        "{}",
        refused.text()
    );
    let unknown = world
        .standin
        .click_raw(bob, over.id, &forged)
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(unknown.is_ephemeral());
    assert!(
        unknown.text().contains("doesn't work"),
        "{}",
        unknown.text()
    );
    assert!(store
        .player_stats(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            alice.get().into()
        )
        .await
        .unwrap()
        .is_some());
    // bob keeps his data: the prompt says so and loses its buttons.
    let kept = world.click(bob, &bob_prompt, "Keep my data").await;
    assert_eq!(kept.id, bob_prompt.id);
    assert!(
        kept.text().contains("Nothing was deleted"),
        "{}",
        kept.text()
    );
    assert!(kept.buttons().is_empty());

    let done = world.click(alice, &prompt, "Forget me").await;
    assert_eq!(done.id, prompt.id, "the prompt is answered in place");
    assert!(done.text().starts_with("Done"), "{}", done.text());
    assert!(done.buttons().is_empty());

    // No trace of her name in any column of any table; bob's statistics as they were.
    assert_eq!(everywhere(&world, "alice").await, []);
    assert_eq!(
        store
            .player_stats(
                forgetit::games::forgetit::KIND,
                Scope::Global,
                alice.get().into()
            )
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store
            .player_stats(
                forgetit::games::forgetit::KIND,
                Scope::Global,
                bob.get().into()
            )
            .await
            .unwrap(),
        Some(bob_before)
    );
    let board = world.slash(bob, "leaderboard", json!({})).await;
    assert!(board.text().contains("bob"), "{}", board.text());
    assert!(!board.text().contains("alice"), "{}", board.text());
    assert!(
        !board.text().contains(&alice.to_string()),
        "{}",
        board.text()
    );
    // The game's seats: hers "a former player", bob's his.
    let names = seat_names(&world).await;
    assert_eq!(names, ["a former player", "bob"]);

    store.close().await;
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// The names of every stored seat, in game and seat order.
async fn seat_names(world: &World) -> Vec<String> {
    let query = "SELECT name FROM seats ORDER BY game_id, position";
    match &world.postgres {
        Some(url) => {
            let pool = sqlx::PgPool::connect(url).await.unwrap();
            let names = sqlx::query_scalar(query).fetch_all(&pool).await.unwrap();
            pool.close().await;
            names
        }
        None => {
            let url = format!("sqlite://{}?mode=ro", world.db.display());
            let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
            let names = sqlx::query_scalar(query).fetch_all(&pool).await.unwrap();
            pool.close().await;
            names
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_person_reads_privacy_and_forget_me_in_french() {
    let world = World::with_locales(
        "fr",
        &[("alice", "fr"), ("bob", "en-US"), ("carol", "en-GB")],
    )
    .await;
    let bot = world.start_bot(world.config()).await;
    let alice = world.alice;

    let privacy = world.slash(alice, "privacy", json!({})).await;
    let text = privacy.text();
    for part in [
        "Confidentialité",
        "Ce qui est gardé",
        "30 jours",
        "`/forgetit oublie-moi`",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }

    // Seated at an open table (a French one: the server's language): refused, and why.
    let lobby = world.slash(alice, "start", json!({})).await;
    assert!(!lobby.is_ephemeral());
    let prompt = world.slash(alice, "forget-me", json!({})).await;
    assert!(
        prompt.text().contains("Vous oublier\u{202f}?"),
        "{}",
        prompt.text()
    );
    assert_eq!(labels(&prompt), ["M'oublier", "Garder mes données"]);
    let refused = world.click(alice, &prompt, "M'oublier").await;
    assert!(refused.is_ephemeral());
    assert_ne!(refused.id, prompt.id, "the prompt stays, to answer again");
    assert!(
        refused.text().contains("partie ouverte")
            && refused.text().contains(&format!("<#{}>", world.channel)),
        "{}",
        refused.text()
    );
    assert_eq!(seat_names(&world).await, ["alice"]);

    // Once the table is closed, her seat in it is named in the table's language.
    world.slash(alice, "cancel", json!({})).await;
    let done = world.click(alice, &prompt, "M'oublier").await;
    assert!(done.text().starts_with("C'est fait"), "{}", done.text());
    assert_eq!(seat_names(&world).await, ["un ancien joueur"]);
    assert_eq!(everywhere(&world, "alice").await, []);

    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removes_the_bot_is_recorded_and_forgiven_when_it_comes_back() {
    let world = World::new().await;
    let mut bot = world.start_bot(world.config()).await;
    a_finished_game(&world).await;
    let store = world.store().await;
    let guild = GuildId::new(world.standin.guild_id().get());
    assert_eq!(store.guild_removed_at(guild).await.unwrap(), None);
    // The server's settings, set by a member who manages it.
    world.standin.grant(world.alice, 1 << 5);
    let set = world
        .command(
            world.alice,
            "forgetit",
            "config set",
            json!({ "target": 750 }),
        )
        .await;
    assert!(set.is_ephemeral() && set.text().contains("750 (set here)"));
    let channel = world.channel.to_string();
    world
        .command(
            world.alice,
            "forgetit",
            "config add-channel",
            json!({ "channel": channel }),
        )
        .await;
    let settings = store.guild_settings(guild).await.unwrap();
    assert_eq!(settings.default_target(), Some(750));

    // GUILD_DELETE (removed, not an outage): its time is recorded.
    let before = forgetit::store::now_ms();
    let removed = remove_bot(&world, &mut bot, &store).await;
    assert!(removed >= before, "{removed} {before}");

    // GUILD_CREATE: back, so nothing is deleted.
    world.standin.add_bot_to(world.standin.guild_id());
    assert_eq!(
        recorded(&mut bot).await,
        Membership::Back {
            guild: guild.get().into()
        }
    );
    assert_eq!(store.guild_removed_at(guild).await.unwrap(), None);
    let swept = store
        .sweep_removed_guilds(before + 2 * REMOVED_GUILD_KEPT_MS)
        .await
        .unwrap();
    assert_eq!(swept, Vec::<GuildId>::new());
    assert_eq!(store.guild_settings(guild).await.unwrap(), settings);

    // Removed again, and 30 days pass (the sweep is given the time): its games, statistics and
    // settings go.
    let removed = remove_bot(&world, &mut bot, &store).await;
    let swept = store
        .sweep_removed_guilds(removed + REMOVED_GUILD_KEPT_MS)
        .await
        .unwrap();
    assert_eq!(swept, [guild]);
    assert!(seat_names(&world).await.is_empty());
    assert_eq!(
        store
            .player_stats(
                forgetit::games::forgetit::KIND,
                Scope::Guild(guild),
                world.bob.get().into()
            )
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store.guild_settings(guild).await.unwrap(),
        forgetit::store::GuildSettings::default()
    );

    store.close().await;
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// A server that removed the bot while it was offline sent no GUILD_DELETE: the next start's READY
/// does not list it, so its removal is recorded then and its data goes 30 days later; the
/// servers READY lists are not touched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_left_while_the_bot_was_offline_is_noticed_at_the_next_start() {
    let world = World::with_standin(|b| b.extra_guild("Elsewhere", &["dice"])).await;
    let bot = world.start_bot(world.config()).await;
    let store = world.store().await;
    let (home, other) = (world.standin.guild_id(), world.standin.guild("Elsewhere"));
    // Both servers have settings.
    for guild in [home, other] {
        let set = forgetit::store::SettingsChange::Set(vec![(
            forgetit::settings::TARGET,
            forgetit::settings::Value::Number(700),
        )]);
        store
            .change_guild_settings(guild.get().into(), &set)
            .await
            .unwrap();
    }
    bot.shutdown().await;

    // Removed from the other server while no bot runs: nothing hears it.
    world.standin.remove_bot_from(other);
    let before = forgetit::store::now_ms();
    let mut bot = world.start_bot(world.config()).await;
    let left = Membership::Removed {
        guild: other.get().into(),
    };
    assert_eq!(recorded(&mut bot).await, left);
    let removed = store
        .guild_removed_at(other.get().into())
        .await
        .unwrap()
        .expect("recorded");
    assert!(removed >= before, "{removed} {before}");
    assert_eq!(
        store.guild_removed_at(home.get().into()).await.unwrap(),
        None
    );

    // 30 days later, only its data goes.
    let swept = store
        .sweep_removed_guilds(removed + REMOVED_GUILD_KEPT_MS)
        .await
        .unwrap();
    assert_eq!(swept, [GuildId::new(other.get())]);
    let settings = |guild: discord_standin::GuildId| store.guild_settings(guild.get().into());
    assert_eq!(settings(other).await.unwrap().default_target(), None);
    assert_eq!(settings(home).await.unwrap().default_target(), Some(700));
    store.close().await;
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Removes the bot from the world's server; returns the time its removal was stored with, once
/// the bot recorded it.
async fn remove_bot(world: &World, bot: &mut RunningBot, store: &Store) -> i64 {
    let guild = world.standin.guild_id();
    world.standin.remove_bot_from(guild);
    let removed = Membership::Removed {
        guild: guild.get().into(),
    };
    assert_eq!(recorded(bot).await, removed);
    let at = store.guild_removed_at(guild.get().into()).await.unwrap();
    at.expect("recorded")
}

/// What the bot records next of the servers it left or came back to (it handles gateway events
/// on its own time).
async fn recorded(bot: &mut RunningBot) -> Membership {
    let next = tokio::time::timeout(std::time::Duration::from_secs(5), bot.membership());
    next.await.expect("within 5 s").expect("the bot runs")
}
