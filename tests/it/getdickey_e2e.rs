//! Get Dickey end to end through the Discord stand-in: `/getdickey start`, holds, the score menu,
//! a stale click, a restart mid-game, and a whole two-player game to its end.

use crate::common;

use common::*;
use discord_standin::{Message, UserId};
use serde_json::json;

/// The newest turn message of `user`: it mentions them and has components.
async fn turn_of(world: &World, user: UserId) -> Message {
    world.turn_of(user).await
}

fn custom_id(message: &Message, ends_with: &str) -> String {
    message
        .buttons()
        .into_iter()
        .filter_map(|b| b.custom_id)
        .find(|id| id.ends_with(ends_with))
        .unwrap_or_else(|| panic!("no button {ends_with} on {:?}", message.button_labels()))
}

fn roll_label(message: &Message) -> String {
    message
        .button_labels()
        .into_iter()
        .find(|l| l.starts_with("Roll"))
        .unwrap_or_else(|| panic!("no Roll on {:?}", message.button_labels()))
}

/// Plays one turn: roll `faces`, score in `key`.
async fn play_turn(world: &World, user: UserId, faces: [u8; 5], key: &str) {
    let turn = turn_of(world, user).await;
    world.dice.push(faces);
    let rolled = world.click(user, &turn, &roll_label(&turn)).await;
    let scored = world.score(user, &rolled, key).await;
    assert!(scored.select_menus().is_empty() && scored.buttons().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_two_player_game_with_holds_the_score_menu_a_stale_click_and_a_restart() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    let lobby = world.command(alice, "getdickey", "start", json!({})).await;
    // The channel's game is Get Dickey: For Get It's commands point there.
    let wrong = world.slash(bob, "join", json!({})).await;
    assert!(
        wrong.is_ephemeral() && wrong.text().contains("/getdickey"),
        "{}",
        wrong.text()
    );
    world.click(bob, &lobby, "Join").await;
    let started = world.click(alice, &lobby, "Start").await;
    assert!(started.buttons().is_empty());

    // G2: roll, hold three 6s, roll the other two: five 6s, a Dickey (G4: 50).
    let turn = turn_of(&world, alice).await;
    world.dice.push([6, 2, 6, 3, 6]);
    let rolled = world.click(alice, &turn, &roll_label(&turn)).await;
    // Odds, for bob who is not on turn: privately, each box's chance of winning (issue 54: two
    // cards play to win), one best. The strategy table, read at start, is awaited first (the bot
    // answers "being prepared" before it, strategy_warmup_e2e).
    bot.tables().strategies().ready().await;
    let odds = world.click(bob, &rolled, "Odds").await;
    assert!(
        odds.is_ephemeral() && odds.visible_to == Some(bob),
        "{}",
        odds.text()
    );
    assert!(
        odds.text().contains("📊 Odds · round 1 · alice's turn"),
        "{}",
        odds.text()
    );
    assert_eq!(odds.text().matches('⭐').count(), 1, "{}", odds.text());
    let old_roll = custom_id(&rolled, ":roll");
    let mut shown = rolled;
    for die in [0, 2, 4] {
        let id = custom_id(&shown, &format!(":hold:{die}"));
        let held = world
            .standin
            .click_custom_id(alice, shown.id, &id)
            .await
            .unwrap();
        shown = held.answer().await.unwrap();
    }
    // A click on the Roll button as it was before the holds: out of date, nothing changes.
    let stale = world
        .standin
        .click_raw(alice, shown.id, &old_roll)
        .await
        .unwrap();
    let stale = stale.answer().await.unwrap();
    assert!(
        stale.is_ephemeral() && stale.text().contains("out of date"),
        "{}",
        stale.text()
    );
    world.dice.push([6, 6]);
    let rolled = world.click(alice, &shown, &roll_label(&shown)).await;
    assert!(rolled.text().contains("Dickey"), "{}", rolled.text());
    let scored = world.score(alice, &rolled, "dickey").await;
    assert!(scored.text().contains("50"), "{}", scored.text());

    // Bob: a large straight.
    play_turn(&world, bob, [1, 2, 3, 4, 5], "large_straight").await;

    // Restart mid-game: the new process picks the game up and its buttons work.
    bot.shutdown().await;
    let bot = world.start_bot(world.config()).await;

    // The remaining 12 rounds, each player scoring the next open box in scorecard order.
    let boxes = [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "dickey",
        "chance",
    ];
    let alice_boxes: Vec<&str> = boxes.iter().copied().filter(|b| *b != "dickey").collect();
    let bob_boxes: Vec<&str> = boxes
        .iter()
        .copied()
        .filter(|b| *b != "large_straight")
        .collect();
    for round in 0..12 {
        play_turn(&world, alice, [1, 1, 2, 2, 2], alice_boxes[round]).await;
        play_turn(&world, bob, [3, 3, 3, 4, 4], bob_boxes[round]).await;
    }
    let over = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.button_labels() == ["Rematch", "Review"]
                && m.text().contains("wins")
                && m.text().contains("bob")
        })
        .await
        .unwrap();
    assert!(!over.is_ephemeral());

    // Bob: large straight 40; threes 9, fours 8, three of a kind 17, full house 25, chance 17:
    // 116, against alice's 99 (Dickey 50, ones 2, twos 6, three of a kind 8, full house 25,
    // chance 8).
    let stats = world.command(bob, "getdickey", "stats", json!({})).await;
    assert!(stats.is_ephemeral());
    let text = stats.text();
    assert!(
        text.contains("Get Dickey") && text.contains("Best game"),
        "{text}"
    );
    assert!(text.contains("116"), "{text}");
    let for_get_it = world.slash(bob, "stats", json!({})).await;
    assert!(
        for_get_it.text().contains("No games"),
        "{}",
        for_get_it.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}
