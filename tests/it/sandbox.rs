//! `forgetit sandbox` in-process (the browser drives it in `tests/sandbox_browser.rs`): its
//! server, its people, and a restart on the same database file that keeps the channels' open
//! games playable, as a restart of the bot does with Discord.

use std::path::Path;

use discord_standin::Message;
use forgetit::config::Config;
use forgetit::engine::dice::{RandomDice, ScriptedDice, SharedDice};
use forgetit::sandbox::{self, Sandbox, SandboxOptions};
use serde_json::json;

fn config() -> Config {
    let mut config = Config::default();
    config.game.bot_pace_ms = 0;
    config.strategy.cache = crate::common::strategy::cache();
    config
}

async fn start(db: &Path, dice: &SharedDice) -> Sandbox {
    let options = SandboxOptions {
        port: 0,
        db: db.to_path_buf(),
        dice: Box::new(dice.clone()),
    };
    let sandbox = sandbox::start(&config(), options).await.unwrap();
    sandbox
        .standin()
        .wait_for_command("forgetit")
        .await
        .unwrap();
    sandbox
}

/// `person` clicks the button labelled `label` on `message`; what they then see.
async fn click(sandbox: &Sandbox, person: &str, message: &Message, label: &str) -> Message {
    let standin = sandbox.standin();
    let clicked = standin.click(standin.user(person), message.id, label).await;
    clicked.unwrap().answer().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sandbox_has_two_channels_three_people_one_french_and_serves_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let dice = SharedDice::new(ScriptedDice::new([]).then(RandomDice::seeded(1)));
    let sandbox = start(&dir.path().join("sandbox.db"), &dice).await;
    let standin = sandbox.standin();
    let names: Vec<_> = standin
        .users()
        .into_iter()
        .map(|u| (u.name, u.locale))
        .collect();
    for (name, locale) in sandbox::PEOPLE {
        assert!(
            names.contains(&(name.to_string(), locale.to_string())),
            "{names:?}"
        );
    }
    assert!(names.iter().any(|(_, locale)| locale == "fr"));
    for channel in sandbox::CHANNELS {
        standin.channel(channel); // panics if missing
    }
    assert!(sandbox.url().starts_with("http://127.0.0.1:"));
    let page = reqwest::get(sandbox.url()).await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().to_lowercase().contains("<html"));
    sandbox.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_sandbox_shows_its_channels_as_they_were_and_the_games_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let dice = SharedDice::new(ScriptedDice::new([]).then(RandomDice::seeded(2)));
    let sandbox = start(&db, &dice).await;
    let standin = sandbox.standin();
    let (general, side) = (standin.channel("general"), standin.channel("dice"));
    let alice = standin.user("alice");
    // #general: a game on alice's turn. #dice: a lobby waiting for a second player.
    let lobby = standin
        .run_slash(alice, general, "forgetit", Some("start"), json!({}))
        .await
        .unwrap();
    let lobby = lobby.answer().await.unwrap();
    click(&sandbox, "bob", &lobby, "Join").await;
    dice.push([5, 2]); // roll-off (F2): alice first
    click(&sandbox, "alice", &lobby, "Start").await;
    let amelie = standin.user("amelie");
    let waiting = standin.run_slash(amelie, side, "forgetit", Some("start"), json!({}));
    let waiting = waiting.await.unwrap().answer().await.unwrap();
    let first_turn = turn_of(&sandbox, "alice", "general").await;
    let shown = standin.messages(general);
    let ids = (general, side, alice);
    sandbox.shutdown().await;
    assert!(sandbox::messages_path(&db).exists());

    // The same file: the same channels and people (their ids are stable), the same messages, the
    // games where they were; the bot's refresh of its messages finds them.
    let sandbox = start(&db, &dice).await;
    let standin = sandbox.standin();
    let (general, side, alice) = (
        standin.channel("general"),
        standin.channel("dice"),
        standin.user("alice"),
    );
    assert_eq!((general, side, alice), ids, "stable ids");
    let again: Vec<_> = standin.messages(general).iter().map(|m| m.id).collect();
    assert_eq!(again, shown.iter().map(|m| m.id).collect::<Vec<_>>());
    // The lobby still says who used which command ("alice used /forgetit start").
    assert!(
        standin.messages(general).iter().any(|m| m
            .used
            .as_ref()
            .is_some_and(|u| u.command == "forgetit start" && u.user == alice)),
        "the command's line is kept"
    );
    let turn = turn_of(&sandbox, "alice", "general").await;
    assert_eq!(turn.id, first_turn.id, "the same turn message");
    dice.push([3, 3, 3, 6, 2, 2, 4, 4, 5]);
    let rolled = click(&sandbox, "alice", &turn, "Roll").await;
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    // amelie's client is French: her table is French.
    let joined = click(&sandbox, "bob", &waiting, "Rejoindre").await;
    assert!(joined.text().contains("bob"), "{}", joined.text());
    sandbox.standin().assert_clean();
    sandbox.shutdown().await;

    // Without the messages (a sandbox killed, or the file deleted), the bot posts its open games'
    // messages anew: alice's turn where she left it (F4: choose the 3s) and amelie's lobby.
    std::fs::remove_file(sandbox::messages_path(&db)).unwrap();
    let sandbox = start(&db, &dice).await;
    let turn = turn_of(&sandbox, "alice", "general").await;
    assert!(
        turn.button_labels().iter().any(|l| l.contains('3')),
        "{:?}",
        turn.button_labels()
    );
    let lobby = sandbox
        .standin()
        .wait_for_message(side, |m| m.button("Rejoindre").is_some())
        .await
        .unwrap();
    assert!(lobby.text().contains("bob"), "{}", lobby.text());
    sandbox.shutdown().await;
}

/// The newest message in `channel` that mentions `person` and has buttons: their turn.
async fn turn_of(sandbox: &Sandbox, person: &str, channel: &str) -> Message {
    let standin = sandbox.standin();
    let (mention, channel) = (
        format!("<@{}>", standin.user(person)),
        standin.channel(channel),
    );
    standin
        .wait_for_message(channel, |m| {
            m.content().contains(&mention) && !m.buttons().is_empty()
        })
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_sandbox_keeps_its_games_threads_and_their_games_play_on_there() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let dice = SharedDice::new(ScriptedDice::new([]).then(RandomDice::seeded(3)));
    let sandbox = start(&db, &dice).await;
    let standin = sandbox.standin();
    let (general, alice) = (standin.channel("general"), standin.user("alice"));
    // alice manages the sandbox's server: games go in threads.
    let on = standin.run_slash(
        alice,
        general,
        "forgetit",
        Some("config set"),
        json!({ "threads": true }),
    );
    on.await.unwrap().answer().await.unwrap();
    let lobby = standin
        .run_slash(alice, general, "forgetit", Some("start"), json!({}))
        .await
        .unwrap();
    let lobby = lobby.answer().await.unwrap();
    click(&sandbox, "bob", &lobby, "Join").await;
    dice.push([5, 2]); // roll-off (F2): alice first
    click(&sandbox, "alice", &lobby, "Start").await;
    let thread = standin
        .wait_until("the game's thread", |view| {
            view.threads_of(general).first().map(|t| t.0)
        })
        .await
        .unwrap();
    let mention = format!("<@{alice}>");
    let first_turn = standin
        .wait_for_message(thread, |m| {
            m.content().contains(&mention) && !m.buttons().is_empty()
        })
        .await
        .unwrap();
    sandbox.shutdown().await;

    // The same file: the thread is still there, with its turn, and the game plays on in it
    // (the bot shows its games again at a sandbox's start: the thread answers, nothing moves).
    let sandbox = start(&db, &dice).await;
    let standin = sandbox.standin();
    let threads = standin.threads_of(general);
    assert_eq!(threads.len(), 1, "{threads:?}");
    assert_eq!(threads[0].0, thread);
    assert!(!threads[0].2, "not archived");
    let turn = standin
        .wait_for_message(thread, |m| {
            m.content().contains(&mention) && !m.buttons().is_empty()
        })
        .await
        .unwrap();
    assert_eq!(
        turn.id, first_turn.id,
        "the same turn message, in the thread"
    );
    dice.push([3, 3, 3, 6, 2, 2, 4, 4, 5]);
    let rolled = click(&sandbox, "alice", &turn, "Roll").await;
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    assert_eq!(rolled.channel_id, thread);
    assert!(
        !standin
            .messages(general)
            .iter()
            .any(|m| m.text().contains("thread was deleted")),
        "the game stayed in its thread"
    );
    standin.assert_clean();
    sandbox.shutdown().await;
}
