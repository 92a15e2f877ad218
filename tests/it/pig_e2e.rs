//! Pig end to end through the Discord stand-in (docs/RULES.md, P1–P5): two people to the end,
//! and a person against the bot seat.

use crate::common;

use common::*;
use discord_standin::{Message, UserId};
use serde_json::json;

/// The over message: the end of the game with its Rematch and Review buttons.
async fn game_over(world: &World) -> Message {
    world
        .standin
        .wait_for_message(world.channel, |m| {
            m.button_labels() == ["Rematch", "Review"]
        })
        .await
        .unwrap()
}

/// `user`'s turn message, once it is their turn: Roll and Odds only before the first roll (P2).
async fn turn_of(world: &World, user: UserId) -> Message {
    let turn = world.turn_of(user).await;
    assert_eq!(labels(&turn), ["Roll", "Odds"], "{}", turn.text());
    turn
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn p1_to_p4_two_people_roll_hold_lose_a_turn_to_a_one_and_win_at_the_target() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    // P3: the table sets its target.
    let lobby = world
        .command(alice, "pig", "start", json!({ "target": 20 }))
        .await;
    assert!(lobby.text().contains("**20**"), "{}", lobby.text());
    world.click(bob, &lobby, "Join").await;
    // P1: the roll-off, alice 5, bob 2: alice goes first.
    world.dice.push([5, 2]);
    let started = world.click(alice, &lobby, "Start").await;
    assert!(
        started.text().contains("alice** goes first"),
        "{}",
        started.text()
    );

    // P2: alice rolls a 6 and a 5, then holds 11.
    let turn = turn_of(&world, alice).await;
    world.dice.push([6]);
    let rolled = world.click(alice, &turn, "Roll").await;
    assert_eq!(labels(&rolled), ["Roll", "Hold 6", "Odds"]);
    // P5: Odds, privately, for bob too: the chances if alice holds and if she rolls once more.
    let odds = world.click(bob, &rolled, "Odds").await;
    assert!(odds.is_ephemeral() && odds.visible_to == Some(bob));
    let text = odds.text();
    assert!(
        text.contains("**Hold 6** now") && text.contains("**Roll** once more"),
        "{text}"
    );
    world.dice.push([5]);
    let rolled = world.click(alice, &rolled, "Roll").await;
    assert!(
        rolled.text().contains("holding makes **11**"),
        "{}",
        rolled.text()
    );
    let held = world.click(alice, &rolled, "Hold 11").await;
    assert!(held.buttons().is_empty(), "an ended turn has no buttons");
    assert!(
        held.text().contains("alice** held **11**. Total: **11**"),
        "{}",
        held.text()
    );

    // P2: bob rolls a 4, then a 1: his turn total is lost.
    let turn = turn_of(&world, bob).await;
    world.dice.push([4]);
    let rolled = world.click(bob, &turn, "Roll").await;
    world.dice.push([1]);
    let pigged = world.click(bob, &rolled, "Roll").await;
    assert!(
        pigged.text().contains("rolled a 1 and lost 4 points"),
        "{}",
        pigged.text()
    );

    // P3: alice's 6 and 3 make 20: she wins at once, without holding.
    let turn = turn_of(&world, alice).await;
    world.dice.push([6]);
    let rolled = world.click(alice, &turn, "Roll").await;
    world.dice.push([3]);
    let won = world.click(alice, &rolled, "Roll").await;
    assert!(
        won.text().contains("reached **20** and wins"),
        "{}",
        won.text()
    );
    let over = game_over(&world).await;
    assert!(
        over.text().contains("alice") && over.text().contains("wins"),
        "{}",
        over.text()
    );

    // Statistics and the review count Pig's own way.
    let stats = world.command(alice, "pig", "stats", json!({})).await;
    assert!(
        stats.text().contains("Pig") && stats.text().contains("Best turn"),
        "{}",
        stats.text()
    );
    let review = world.command(alice, "pig", "review", json!({})).await;
    assert!(review.is_ephemeral());
    assert!(
        review.text().contains("percentage points") && review.text().contains("at the end: you"),
        "{}",
        review.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn p5_a_person_plays_the_bot_seat_to_the_end() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    let lobby = world
        .command(alice, "pig", "start", json!({ "target": 30, "bots": 1 }))
        .await;
    assert!(lobby.text().contains("Bot 1"), "{}", lobby.text());
    // The bot seat goes first (alice 1, Bot 1 6); then fair dice.
    world.dice.push([1, 6]);
    world.click(alice, &lobby, "Start").await;
    // Alice holds after every roll that does not lose the turn, until the game ends.
    let mut turns = 0;
    let over = loop {
        let mention = format!("<@{alice}>");
        let next = world
            .standin
            .wait_until("alice's turn or the end", |view| {
                view.messages(world.channel).into_iter().rev().find(|m| {
                    m.button_labels() == ["Rematch", "Review"]
                        || (m.content().contains(&mention) && !m.buttons().is_empty())
                })
            })
            .await
            .unwrap();
        if next.button_labels() == ["Rematch", "Review"] {
            break next;
        }
        let rolled = world.click(alice, &next, "Roll").await;
        if let Some(hold) = labels(&rolled).into_iter().find(|l| l.starts_with("Hold")) {
            world.click(alice, &rolled, &hold).await;
        }
        turns += 1;
        assert!(turns < 200, "the game ends");
    };
    // The bot seat played its turns: its turn results are in the channel.
    let messages = world.standin.messages(world.channel);
    assert!(
        messages
            .iter()
            .any(|m| m.text().contains("**Bot 1** held") || m.text().contains("**Bot 1** reached")),
        "the bot seat played"
    );
    assert!(over.text().contains("wins"), "{}", over.text());
    bot.shutdown().await;
    world.standin.assert_clean();
}
