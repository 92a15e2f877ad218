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
    // The command's answer is still held; the stop's notice to its person (the bot restarting,
    // `health_e2e`) was tried too, and is held as well: at most those two.
    assert!(asked.record().responses.len() <= 2);
}
