//! The limits of `limits` (the config file): per server, a person's open lobbies, the server's
//! open games and a person's clicks a minute. Past each the asker gets a private answer that says
//! the limit, in their language, and nothing is stored. Also on PostgreSQL
//! (`FORGETIT_TEST_DATABASE=postgres`).

use crate::common::*;
use discord_standin::Message;
use serde_json::json;

/// The games the bot's database holds, of any kind and state.
async fn games_stored(world: &World) -> i64 {
    world.database().count("games").await
}

fn assert_private(answer: &Message, expected: &str) {
    assert!(answer.is_ephemeral(), "{}", answer.text());
    assert!(
        answer.text().contains(expected),
        "{:?} in {:?}",
        expected,
        answer.text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_hosts_one_open_lobby_and_a_server_has_at_most_its_open_games() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "en-US"), ("bob", "fr"), ("carol", "en-GB")],
    )
    .await;
    let mut config = world.config();
    config.limits.lobbies_per_person = 1;
    config.limits.tables_per_server = 2;
    let bot = world.start_bot(config).await;
    let second = world.standin.add_channel("second");
    let third = world.standin.add_channel("third");

    let lobby = world.start_in(world.alice, world.channel, json!({})).await;
    assert!(!lobby.is_ephemeral());
    // A second lobby of alice's, in another channel: refused (1 per person).
    let refused = world.start_in(world.alice, second, json!({})).await;
    assert_private(
        &refused,
        "You already host an open lobby on this server, the most one person may",
    );
    assert_eq!(games_stored(&world).await, 1);
    // Bob's, in French: the server's second open game.
    let bobs = world.start_in(world.bob, second, json!({})).await;
    assert!(!bobs.is_ephemeral());
    let refused = world.start_in(world.bob, third, json!({})).await;
    assert_private(
        &refused,
        "Vous avez déjà une table ouverte en attente de joueurs",
    );
    // Carol has none, but the server is full (2 open games).
    let refused = world.start_in(world.carol, third, json!({})).await;
    assert_private(&refused, "This server has 2 open games, the most it may");
    assert_eq!(games_stored(&world).await, 2);

    // Alice starts hers (against a bot): it is no lobby any more, and she may open another once
    // the server has room: bob closes his.
    let added = world.click(world.alice, &lobby, "Add bot").await;
    world.click(world.alice, &added, "Start").await;
    world.click(world.bob, &bobs, "Annuler").await;
    let again = world.start_in(world.alice, third, json!({})).await;
    assert!(!again.is_ephemeral(), "{}", again.text());
    assert_eq!(games_stored(&world).await, 3);
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_clicks_a_minute_a_person_is_told_to_slow_down_and_nothing_is_done() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "en-US"), ("bob", "fr"), ("carol", "en-GB")],
    )
    .await;
    let mut config = world.config();
    config.limits.clicks_per_minute = 3;
    let bot = world.start_bot(config).await;
    let lobby = world.slash(world.alice, "start", json!({})).await;
    let before = world.standin.message(lobby.id).unwrap();

    // Carol's three clicks (on a button the bot does not know) are answered as such.
    for _ in 0..3 {
        let sent = world
            .standin
            .click_raw(world.carol, lobby.id, "nothing")
            .await
            .unwrap();
        assert_private(&sent.answer().await.unwrap(), "");
    }
    // Her fourth, a real Join, is refused: the lobby does not seat her.
    let join = world
        .standin
        .click(world.carol, lobby.id, "Join")
        .await
        .unwrap();
    let answer = join.answer().await.unwrap();
    assert_private(
        &answer,
        "Slow down: at most 3 clicks a minute. Nothing was done",
    );
    assert_eq!(
        world.standin.message(lobby.id).unwrap().text(),
        before.text()
    );
    // Bob's own count is his: his Join seats him; in French, his fourth click is refused.
    let joined = world.click(world.bob, &lobby, "Join").await;
    assert!(joined.text().contains("bob"), "{}", joined.text());
    for _ in 0..2 {
        let sent = world
            .standin
            .click_raw(world.bob, lobby.id, "nothing")
            .await
            .unwrap();
        sent.answer().await.unwrap();
    }
    let leave = world
        .standin
        .click(world.bob, lobby.id, "Leave")
        .await
        .unwrap();
    assert_private(
        &leave.answer().await.unwrap(),
        "Doucement\u{a0}: au plus 3 clics par minute",
    );
    assert!(world
        .standin
        .message(lobby.id)
        .unwrap()
        .text()
        .contains("bob"));
    bot.shutdown().await;
}
