//! The daily deal through the stand-in: the same dice for everyone, one try a day, the end's
//! accuracy and share line, the day's rollover, a deal half-way across a restart, the server's
//! board and a person's streak. It also runs on PostgreSQL (`FORGETIT_TEST_DATABASE=postgres`).

use std::time::{Duration, UNIX_EPOCH};

use crate::common;

use common::*;
use discord_standin::{Message, UserId};
use forgetit::engine::deal::{day_of, until_next_day};
use forgetit::engine::table::Rules;
use forgetit::games::forgetit::ForGetIt;
use serde_json::json;

/// Moves the clock to 01:00 UTC of the next day, so that a test's day does not turn under it.
fn to_next_morning(world: &World) -> i64 {
    let clock = world.standin.clock();
    let now = clock.now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64;
    let by = until_next_day(now) + 3_600_000;
    clock.advance(Duration::from_millis(by as u64));
    day_of(now + by)
}

/// Plays `user`'s deal from `message` to its end (or `moves` clicks), banking as soon as it can:
/// the labels clicked, in order, and the last message.
async fn play(
    world: &World,
    user: UserId,
    mut message: Message,
    moves: usize,
) -> (Vec<String>, Message) {
    let mut clicked = Vec::new();
    for _ in 0..moves {
        let labels = labels(&message);
        if labels.is_empty() || labels.contains(&"Review".to_string()) {
            break;
        }
        let label = labels
            .iter()
            .find(|l| l.starts_with("Bank"))
            .unwrap_or(&labels[0])
            .clone();
        message = world.click(user, &message, &label).await;
        assert!(
            message.is_ephemeral(),
            "a deal is private: {}",
            message.text()
        );
        clicked.push(label);
    }
    (clicked, message)
}

/// The stored deal's dice: every `rolled` event's dice, in order.
async fn dice_of(world: &World, user: UserId, day: i64) -> Vec<serde_json::Value> {
    let deal = world
        .store()
        .await
        .daily_deal(user.get().into(), ForGetIt::KIND, day)
        .await
        .unwrap()
        .expect("a stored deal");
    let events: Vec<serde_json::Value> = serde_json::from_str(&deal.events).unwrap();
    events
        .into_iter()
        .filter(|e| e["event"] == "rolled")
        .map(|e| e["dice"].clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_choices_see_the_same_dice_one_try_a_day_and_a_share_line_shows_no_die() {
    let world = World::new().await;
    let today = to_next_morning(&world);
    let _bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    let deal = world.command(alice, "forgetit", "daily", json!({})).await;
    assert!(deal.is_ephemeral() && deal.visible_to == Some(alice));
    assert!(
        deal.text().contains("For Get It daily #1"),
        "{}",
        deal.text()
    );
    assert_eq!(labels(&deal), ["Roll"], "{}", deal.text());
    let (alices, alice_end) = play(&world, alice, deal, 500).await;
    let theirs = world.command(bob, "forgetit", "daily", json!({})).await;
    let (bobs, bob_end) = play(&world, bob, theirs, 500).await;
    // The same choices, the same dice, die for die.
    assert_eq!(alices, bobs);
    assert_eq!(
        dice_of(&world, alice, today).await,
        dice_of(&world, bob, today).await
    );
    assert_eq!(alice_end.text(), bob_end.text().replace("bob", "alice"));

    // The end: score, accuracy, luck, a square a turn.
    let end = alice_end.text();
    for needle in ["Score:", "Accuracy:", "Luck:", "Decisions that cost"] {
        assert!(end.contains(needle), "{needle}: {end}");
    }
    assert_eq!(labels(&alice_end), ["Share", "Review"]);
    // Review: every turn, with its square and points, privately.
    let review = world.click(alice, &alice_end, "Review").await;
    assert!(review.is_ephemeral() && review.id != alice_end.id);
    for turn in 1..=10 {
        assert!(
            review.text().contains(&format!("**Turn {turn}** · ")),
            "{}",
            review.text()
        );
    }

    // One try a day: the second is refused, with the time until the next deal.
    let again = world.command(alice, "forgetit", "daily", json!({})).await;
    assert!(
        again
            .text()
            .contains("You have played today's deal. The next deal is in 23 h"),
        "{}",
        again.text()
    );

    // Shared in the channel, for everyone, as a message of its own: the deal, the score, the
    // accuracy, the squares; no die. The private end says it was shared.
    let end_now = world.click(alice, &alice_end, "Share").await;
    assert!(end_now.is_ephemeral() && end_now.id == alice_end.id);
    assert_eq!(labels(&end_now), ["Shared ✓", "Review"]);
    assert!(
        end_now.buttons()[0].disabled,
        "shared once from this message"
    );
    let shared = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.text().starts_with("🎲 For Get It daily #1")
        })
        .await
        .unwrap();
    assert!(!shared.is_ephemeral());
    assert!(
        shared.interaction.is_none(),
        "a message of its own, not the answer to a click on a message others cannot see"
    );
    let line = shared.text().lines().next().unwrap().to_string();
    let rest = line
        .strip_prefix("🎲 For Get It daily #1 · ")
        .unwrap_or_else(|| panic!("{line}"));
    let parts: Vec<&str> = rest.split(" · ").collect();
    assert_eq!(parts.len(), 3, "{line}");
    assert!(
        parts[0].ends_with(" points")
            && parts[0].trim_end_matches(" points").parse::<u32>().is_ok()
    );
    assert!(parts[1].ends_with('%') && parts[1].trim_end_matches('%').parse::<u32>().is_ok());
    assert_eq!(parts[2].chars().count(), 10, "a square a turn: {line}");
    assert!(parts[2].chars().all(|c| "🟩🟨🟥".contains(c)), "{line}");
    assert!(shared.buttons().is_empty());

    // The server's board of the day: both, a shared rank for the same play.
    let board = world
        .command(carol(&world), "forgetit", "daily", json!({ "show": 1 }))
        .await;
    let text = board.text();
    assert!(
        text.contains("🥇 alice") && text.contains("🥇 bob"),
        "{text}"
    );
}

fn carol(world: &World) -> UserId {
    world.carol
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_half_way_goes_on_after_a_restart_ends_at_midnight_and_the_streak_counts_the_days() {
    let world = World::new().await;
    let first = to_next_morning(&world);
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    // Half-way through the deal, the bot restarts: the deal goes on where it stopped.
    let deal = world.command(alice, "forgetit", "daily", json!({})).await;
    let (_, half) = play(&world, alice, deal, 3).await;
    bot.shutdown().await;
    let bot = world.start_bot(world.config()).await;
    let again = world.command(alice, "forgetit", "daily", json!({})).await;
    assert_eq!(labels(&again), labels(&half));
    assert_eq!(
        again.text().lines().skip(1).collect::<Vec<_>>(),
        half.text().lines().skip(1).collect::<Vec<_>>(),
        "the same turn, the same dice"
    );
    let rolls = dice_of(&world, alice, first).await.len();
    assert!(rolls >= 1, "{rolls}");

    // Midnight: a click on yesterday's unfinished deal ends it as it stood, and says so.
    world
        .standin
        .clock()
        .advance(Duration::from_millis(forgetit::engine::deal::DAY_MS as u64));
    let label = labels(&again)[0].clone();
    let ended = world.click(alice, &again, &label).await;
    let text = ended.text();
    assert!(
        text.contains("was not finished when its day ended") && text.contains("Accuracy:"),
        "{text}"
    );
    assert!(
        !text.contains("**Luck:**"),
        "no luck for a deal cut short: {text}"
    );
    assert_eq!(
        labels(&ended),
        ["Review"],
        "yesterday's deal is no longer shared"
    );
    assert_eq!(
        dice_of(&world, alice, first).await.len(),
        rolls,
        "nothing rolled after midnight"
    );

    // Today's is #2, and yesterday's is told as exact play played it.
    let deal = world.command(alice, "forgetit", "daily", json!({})).await;
    let text = deal.text();
    assert!(text.contains("For Get It daily #2"), "{text}");
    assert!(
        text.contains("Yesterday's For Get It daily #1: the bot played it for "),
        "{text}"
    );
    play(&world, alice, deal, 500).await;
    let theirs = world.command(bob, "forgetit", "daily", json!({})).await;
    play(&world, bob, theirs, 500).await;

    // Streaks: alice two days in a row (yesterday's counts, ended at midnight), bob one; with a
    // chart of alice's accuracy deal by deal.
    let stats = world
        .command(alice, "forgetit", "daily", json!({ "show": 2 }))
        .await;
    let text = stats.text();
    assert!(
        text.contains("Deals played:** 2") && text.contains("Streak:** 2 days (best 2)"),
        "{text}"
    );
    assert_eq!(stats.attachments().len(), 1, "the accuracy chart");
    let stats = world
        .command(bob, "forgetit", "daily", json!({ "show": 2 }))
        .await;
    assert!(
        stats.text().contains("Streak:** 1 day (best 1)"),
        "{}",
        stats.text()
    );
    assert!(stats.attachments().is_empty(), "one deal: no chart yet");
    // The game's statistics tell them too.
    let lifetime = world.command(alice, "forgetit", "stats", json!({})).await;
    assert!(
        lifetime.text().contains("Streak:** 2 days"),
        "{}",
        lifetime.text()
    );

    // The board of the day: bob and alice, not yesterday's.
    let board = world
        .command(bob, "forgetit", "daily", json!({ "show": 1 }))
        .await;
    let text = board.text();
    assert!(text.contains("For Get It daily #2"), "{text}");
    assert_eq!(text.matches(" points").count(), 2, "{text}");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pig_and_get_dickey_deals_are_played_alone_to_their_end() {
    let world = World::new().await;
    to_next_morning(&world);
    let _bot = world.start_bot(world.config()).await;
    let alice = world.alice;

    // Pig: to 100 in as few turns as may be, told in turns.
    let deal = world.command(alice, "pig", "daily", json!({})).await;
    assert!(deal.text().contains("Pig daily #1"), "{}", deal.text());
    let (_, mut end) = play(&world, alice, deal, 50).await;
    // Rolling on past the first roll, to end sooner or later: hold at 20 or more.
    for _ in 0..2_000 {
        let labels = labels(&end);
        if labels.contains(&"Review".to_string()) {
            break;
        }
        let hold = labels.iter().find(|l| {
            l.strip_prefix("Hold ")
                .and_then(|n| n.parse::<u32>().ok())
                .is_some_and(|n| n >= 20)
        });
        let label = hold.unwrap_or(&labels[0]).clone();
        end = world.click(alice, &end, &label).await;
    }
    let text = end.text();
    assert!(
        text.contains("turns") && text.contains("Accuracy:"),
        "{text}"
    );

    // Get Dickey: a whole card alone, a box at a time.
    let deal = world.command(alice, "getdickey", "daily", json!({})).await;
    assert!(
        deal.text().contains("Get Dickey daily #1"),
        "{}",
        deal.text()
    );
    let mut message = world.click(alice, &deal, &label_with(&deal, "Roll")).await;
    for _ in 0..13 {
        let menu = message
            .select_menus()
            .into_iter()
            .next()
            .expect("a score menu");
        let key = menu.options[0].value.clone();
        message = world.score(alice, &message, &key).await;
        if labels(&message).contains(&"Review".to_string()) {
            break;
        }
        message = world
            .click(alice, &message, &label_with(&message, "Roll"))
            .await;
    }
    assert_eq!(labels(&message), ["Share", "Review"], "{}", message.text());
    assert!(message.text().contains("Score:"), "{}", message.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deals_button_made_up_on_a_public_message_answers_privately_and_leaves_it() {
    let world = World::new().await;
    let today = to_next_morning(&world);
    let _bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    let deal = world.command(alice, "forgetit", "daily", json!({})).await;
    let lobby = world.slash(alice, "start", json!({})).await;
    let version = deal.buttons()[0]
        .custom_id
        .clone()
        .unwrap()
        .split(':')
        .nth(3)
        .unwrap()
        .to_string();
    // alice's own deal's Roll, sent from the channel's lobby message.
    let custom_id = format!("day:fgi:{today}:{version}:roll");
    let sent = world
        .standin
        .send_raw(
            alice,
            discord_standin::RawInteraction::component(lobby.id, json!({ "custom_id": custom_id })),
        )
        .await
        .unwrap();
    let answer = sent.answer().await.unwrap();
    assert!(
        answer.is_ephemeral() && answer.id != lobby.id,
        "{} {} {:?} {:?}",
        answer.text(),
        answer.is_ephemeral(),
        answer.id,
        lobby.id
    );
    let lobby_now = world.standin.message(lobby.id).unwrap();
    assert_eq!(lobby_now.text(), lobby.text(), "the lobby is as it was");
}

/// In a group DM, where the bot is not a member: the deal plays privately through its answers,
/// past the first interaction's 15 minutes; the share line is the answer to the click; a board is
/// a server's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_in_a_group_dm_plays_past_the_tokens_fifteen_minutes_and_shares_by_its_answer() {
    let world = World::with_standin(|b| b.group_dm("alice, bob", &["alice", "bob"])).await;
    let chat = world.standin.group_dm("alice, bob");
    to_next_morning(&world);
    let _bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    let deal = world
        .standin
        .run_slash(alice, chat, "forgetit", Some("daily"), json!({}))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(deal.is_ephemeral() && deal.visible_to == Some(alice));
    let (_, half) = play(&world, alice, deal, 2).await;
    // The command's token has expired: each click brings its own.
    world.standin.clock().advance(Duration::from_secs(20 * 60));
    let (_, end) = play(&world, alice, half, 500).await;
    assert_eq!(labels(&end), ["Share", "Review"], "{}", end.text());
    let shared = world.click(alice, &end, "Share").await;
    assert!(!shared.is_ephemeral(), "{}", shared.text());
    assert!(
        shared.text().starts_with("🎲 For Get It daily #1 · "),
        "{}",
        shared.text()
    );
    let board = world
        .standin
        .run_slash(alice, chat, "forgetit", Some("daily"), json!({ "show": 1 }))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert!(
        board.text().contains("A board is a server's"),
        "{}",
        board.text()
    );
}

/// A deal's end worked out while Get Dickey's strategy table is still being prepared: the click
/// is deferred with Discord at once, then the deal's own message shows its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deals_end_worked_out_slowly_is_deferred_then_shown_on_its_message() {
    let world = World::new().await;
    to_next_morning(&world);
    let (release, held) = std::sync::mpsc::channel::<()>();
    let hold: forgetit::games::getdickey::Hold = Box::new(move || {
        let _ = held.recv();
    });
    let _bot = world.start_bot_holding(world.config(), Some(hold)).await;
    let alice = world.alice;
    let deal = world.command(alice, "getdickey", "daily", json!({})).await;
    let mut message = world.click(alice, &deal, &label_with(&deal, "Roll")).await;
    for round in 1..=13 {
        let menu = message
            .select_menus()
            .into_iter()
            .next()
            .expect("a score menu");
        let key = menu.options[0].value.clone();
        if round < 13 {
            message = world.score(alice, &message, &key).await;
            message = world
                .click(alice, &message, &label_with(&message, "Roll"))
                .await;
            continue;
        }
        // The last box: the end's review needs the table, still held.
        let picked = world
            .standin
            .select(alice, message.id, &menu.custom_id, &[&key])
            .await
            .unwrap();
        let response = picked.response().await.unwrap();
        assert_eq!(response.kind, 6, "deferred, the message to be updated");
        release.send(()).unwrap();
        let end = picked.answer().await.unwrap();
        assert_eq!(end.id, message.id, "the deal's own message");
        let end = world
            .standin
            .wait_for_message(end.channel_id, |m| {
                m.id == message.id && m.button_labels() == ["Share", "Review"]
            })
            .await
            .unwrap();
        assert!(end.text().contains("Score:"), "{}", end.text());
    }
}
