//! A stop loses nothing in flight (`RunningBot::shutdown`, which SIGTERM runs): what a handler
//! was answering when the stop began is answered before the stop ends.

use std::time::Duration;

use crate::common::*;
use discord_standin::faults::{self, RestFault};

/// A review is worked out in the click's handler, beside the tables: a stop that begins while
/// its answer is on its way (Discord slow to take it) waits for it, and the answer is there
/// when the stop ends; a stop that waited for the tables only would end first, and the process
/// exit with the answer unsent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_in_flight_when_the_bot_stops_is_delivered_before_it_ends() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let over = world.a_short_game().await;

    world.standin.inject(
        RestFault::delay(Duration::from_millis(1_200))
            .method("POST")
            .route(faults::INTERACTION_CALLBACK),
    );
    let review = world
        .standin
        .click(world.alice, over.id, "Review")
        .await
        .unwrap();
    // The answer reached Discord, which holds it.
    world.standin.wait_for_faults(1).await.unwrap();
    assert!(review.record().responses.is_empty());
    bot.shutdown().await;

    let record = review.record();
    assert_eq!(record.responses.len(), 1, "{}", record.describe());
    let answer = world
        .standin
        .message(record.answer.expect("answered before the stop ended"))
        .unwrap();
    assert!(answer.is_ephemeral());
    assert!(answer.text().contains("For Get It #"), "{}", answer.text());
}

/// A stop's grace period bounds it: an answer Discord holds past it is left (and logged), and
/// the stop ends at the grace period, not when the answer would have gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_ends_at_its_grace_period_whatever_is_still_in_flight() {
    let world = World::new().await;
    let mut config = world.config();
    config.shutdown.grace_secs = 1;
    let bot = world.start_bot(config).await;
    let hold = Duration::from_secs(30);
    world
        .standin
        .inject(RestFault::delay(hold).route(faults::INTERACTION_CALLBACK));
    let asked = world
        .standin
        .run_slash(
            world.alice,
            world.channel,
            "forgetit",
            Some("leaderboard"),
            serde_json::json!({}),
        )
        .await
        .unwrap();
    world.standin.wait_for_faults(1).await.unwrap();
    let stopping = std::time::Instant::now();
    bot.shutdown().await;
    let took = stopping.elapsed();
    assert!(took < hold, "the stop waited {took:?} for the held answer");
    // The command's answer is still held, and was the only one tried: the stop's notice waits
    // for an answer on its way (it may yet arrive) and gives up at its own timeout, rather than
    // send a second initial response Discord would refuse. (What a stop tells a person whose
    // answer had not gone: `placeholders_still_waiting_…` below, and `health_e2e`.)
    let fired = world.standin.faults_fired();
    assert_eq!(fired.len(), 1, "{fired:?}");
    let interaction = asked.id.get().to_string();
    assert!(
        fired[0].method == "POST" && fired[0].path.contains(&interaction),
        "{fired:?}"
    );
    let record = asked.record();
    assert_eq!(record.responses.len(), 1, "{}", record.describe());
}

/// Answers still being worked out when the grace period ends (Odds and a review waiting for the
/// strategy table, their "being prepared" placeholders shown) are edited into the stop's notice,
/// each in its person's language: nobody is left with a placeholder that never changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn placeholders_still_waiting_at_the_end_of_the_grace_are_told_the_bot_restarts() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "en-US"), ("bob", "fr"), ("carol", "en-GB")],
    )
    .await;
    let (release, held) = std::sync::mpsc::channel::<()>();
    let hold: forgetit::games::getdickey::Hold = Box::new(move || {
        // Held for the whole test: the answers wait on it.
        let _ = held.recv();
    });
    let mut config = world.config();
    config.shutdown.grace_secs = 1;
    let bot = world.start_bot_holding(config, Some(hold)).await;
    let alice = world.alice;
    let rolled = world.a_get_dickey_roll().await;
    let odds = world.click(alice, &rolled, "Odds").await;
    let review = world
        .command(world.bob, "getdickey", "review", serde_json::json!({}))
        .await;
    for waiting in [&odds, &review] {
        assert!(waiting.is_ephemeral(), "{}", waiting.text());
    }
    assert!(odds.text().contains("being prepared"), "{}", odds.text());

    bot.shutdown().await;
    let now = |id| world.standin.message(id).unwrap().text();
    assert_eq!(
        now(odds.id),
        "The bot is restarting: please try again in a moment."
    );
    assert_eq!(
        now(review.id),
        "Le bot redémarre\u{a0}: veuillez réessayer dans un instant."
    );
    drop(release);
}
