//! Get Dickey's strategy table made ready at start: the service reads (or solves) it in the
//! background from its start, and Odds asked for before it is ready are told so privately, then
//! answered in the same message once it is.

use std::time::Duration;

use crate::common;

use common::*;
use futures::FutureExt;
use serde_json::json;

/// Long enough for a debug build to read the table from the tests' cache file (or solve it
/// once): a bound on a wait for an event, so that a start that never prepares it fails.
const READY: Duration = Duration::from_secs(600);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starting_the_service_prepares_the_strategy_table() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    // Nothing asked for it: the start alone made it ready.
    tokio::time::timeout(READY, bot.tables().strategies().ready())
        .await
        .expect("the strategy table is prepared at start");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odds_asked_for_before_the_table_is_ready_say_so_then_come() {
    let world = World::new().await;
    let (release, held) = std::sync::mpsc::channel::<()>();
    let hold: forgetit::games::getdickey::Hold = Box::new(move || {
        // Until the test releases it (or ends).
        let _ = held.recv();
    });
    let bot = world.start_bot_holding(world.config(), Some(hold)).await;
    let alice = world.alice;
    let rolled = world.a_get_dickey_roll().await;

    assert!(
        bot.tables().strategies().ready().now_or_never().is_none(),
        "held: not ready yet"
    );
    let waiting = world.click(alice, &rolled, "Odds").await;
    assert!(
        waiting.is_ephemeral() && waiting.text().contains("strategy table is being prepared"),
        "{}",
        waiting.text()
    );
    // The table goes on meanwhile: a hold is made at once.
    let held = world.click(alice, &rolled, "2").await;
    assert!(
        !held.is_ephemeral() && held.id == rolled.id,
        "{}",
        held.text()
    );

    release.send(()).unwrap();
    let odds = world
        .standin
        .wait_until("the odds in the answer that said to wait", |view| {
            view.message(waiting.id)
                .filter(|m| m.text().contains("📊 Odds"))
                .cloned()
        })
        .await
        .unwrap();
    assert!(odds.is_ephemeral(), "{}", odds.text());
    assert_eq!(odds.text().matches('⭐').count(), 1, "{}", odds.text());
    tokio::time::timeout(READY, bot.tables().strategies().ready())
        .await
        .expect("ready once released");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_asked_for_before_the_table_is_ready_says_so_then_comes() {
    let world = World::new().await;
    let (release, held) = std::sync::mpsc::channel::<()>();
    let hold: forgetit::games::getdickey::Hold = Box::new(move || {
        let _ = held.recv();
    });
    let bot = world.start_bot_holding(world.config(), Some(hold)).await;
    let waiting = world
        .command(world.alice, "getdickey", "review", json!({}))
        .await;
    assert!(
        waiting.is_ephemeral() && waiting.text().contains("strategy table is being prepared"),
        "{}",
        waiting.text()
    );
    release.send(()).unwrap();
    // Alice has no finished game: the answer becomes the review's refusal, once the table is
    // ready.
    let answer = world
        .standin
        .wait_until("the review's answer in the one that said to wait", |view| {
            view.message(waiting.id)
                .filter(|m| m.text().contains("no finished game"))
                .cloned()
        })
        .await
        .unwrap();
    assert!(answer.is_ephemeral(), "{}", answer.text());
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seat_waits_for_the_table_without_holding_up_its_channel() {
    let world = World::new().await;
    let (release, held) = std::sync::mpsc::channel::<()>();
    let hold: forgetit::games::getdickey::Hold = Box::new(move || {
        let _ = held.recv();
    });
    let bot = world.start_bot_holding(world.config(), Some(hold)).await;
    let (alice, bob) = (world.alice, world.bob);
    let lobby = world.command(alice, "getdickey", "start", json!({})).await;
    world.click(alice, &lobby, "Add bot").await;
    world.click(alice, &lobby, "Start").await;
    // Alice scores her first roll; then the bot seat is on turn, and waits for the table.
    let turn = world.turn_of(alice).await;
    world.dice.push([1, 2, 3, 4, 5]);
    let roll = turn
        .button_labels()
        .into_iter()
        .find(|l| l.starts_with("Roll"))
        .expect("a Roll button");
    let rolled = world.click(alice, &turn, &roll).await;
    world.score(alice, &rolled, "large_straight").await;
    // The channel's table is free meanwhile: it has done all it was asked (the bot seat's move
    // put off), and it answers (bob may not join a started game).
    let refused = tokio::time::timeout(Duration::from_secs(60), async {
        bot.tables().settled().await;
        bot.tables().settled().await;
        world.command(bob, "getdickey", "join", json!({})).await
    })
    .await
    .expect("the table answers while its bot seat waits");
    assert!(refused.is_ephemeral(), "{}", refused.text());
    assert!(
        world.standin.view(|view| view
            .messages(world.channel)
            .iter()
            .all(|m| m.id == turn.id || !m.text().contains(&format!("<@{alice}>")))),
        "the bot seat has not played yet"
    );
    release.send(()).unwrap();
    // Once the table is ready, the bot seat plays its turn: alice's second comes.
    let second = world.turn_of(alice).await;
    assert_ne!(second.id, turn.id);
    bot.shutdown().await;
}
