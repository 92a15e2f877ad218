//! Games in threads (the server's `threads` setting): Start opens a public thread from the lobby
//! message, the game is played there, the channel is free for another game meanwhile, and at the
//! end the lobby message becomes the result with a link to the thread, which is archived. Without
//! the permission to start threads, the game stays in the channel and its host is told why.

use serde_json::{json, Value};

use crate::common::*;
use discord_standin::{ChannelId, Message, UserId};

/// Discord's MANAGE_GUILD permission bit.
const MANAGE_GUILD: u64 = 1 << 5;
const W: u8 = 6;

async fn config(world: &World, user: UserId, options: Value) -> Message {
    world.command(user, "forgetit", "config set", options).await
}

/// The newest message of `channel` that has a button labelled like `label`.
async fn with_button(world: &World, channel: ChannelId, label: &str) -> Message {
    world
        .standin
        .wait_for_message(channel, |m| {
            m.button_labels().iter().any(|l| l.starts_with(label))
        })
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_threads_on_a_game_is_played_in_its_own_thread_and_the_channel_stays_free() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    world.standin.grant(alice, MANAGE_GUILD);
    // poise reads a boolean option as JSON true or false.
    let saved = config(&world, alice, json!({ "threads": true })).await;
    assert!(
        saved.text().contains("Games in threads") && saved.text().contains("on (set here)"),
        "{}",
        saved.text()
    );

    let lobby = world.slash(alice, "start", json!({ "target": 50 })).await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 2]); // the roll-off: alice first
    world.click(alice, &lobby, "Start").await;

    // Start opened a public thread from the lobby message, named after the game and its people.
    let channel = world.channel;
    let threads = world
        .standin
        .wait_until("the game's thread", |view| {
            let threads = view.threads_of(channel);
            (!threads.is_empty()).then_some(threads)
        })
        .await
        .unwrap();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let (thread, name, archived) = threads[0].clone();
    assert_eq!(name, "For Get It #1 · alice, bob");
    assert!(!archived);
    assert_eq!(
        thread.get(),
        lobby.id.get(),
        "a thread has its message's id"
    );

    // The turns and their pings are in the thread; the channel is free for another game.
    let turn = with_button(&world, thread, "Roll").await;
    assert!(
        turn.text().contains(&format!("<@{alice}>")),
        "{}",
        turn.text()
    );
    let other = world.slash(carol, "start", json!({})).await;
    assert!(
        !other.is_ephemeral() && other.button_labels().contains(&"Join".to_string()),
        "{}",
        other.text()
    );
    world.slash(carol, "cancel", json!({})).await;

    // A restart: the game is still the thread's, where it was.
    bot.shutdown().await;
    let bot = world.start_bot(world.config()).await;
    let turn = with_button(&world, thread, "Roll").await;

    // alice banks six 5s, 120 (F10: bob has a last turn), bob's spells FORGET IT.
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let kept = world.click(alice, &rolled, "Keep 5s").await;
    world.click(alice, &kept, "Bank 120").await;
    let last = with_button(&world, thread, "Roll").await;
    assert!(
        last.text().contains(&format!("<@{bob}>")),
        "{}",
        last.text()
    );
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    world.click(bob, &last, "Roll").await;

    // The end is posted in the thread (without buttons); the lobby message in the channel
    // becomes the end, with its buttons and a link to the thread; the thread is archived.
    world
        .standin
        .wait_for_message(thread, |m| m.text().contains("alice** wins"))
        .await
        .unwrap();
    let ended = world
        .standin
        .wait_until("the lobby shows the end", |view| {
            let m = view.message(lobby.id)?;
            m.text()
                .contains("Played in [its thread]")
                .then(|| m.clone())
        })
        .await
        .unwrap();
    assert!(
        ended.text().contains(&format!(
            "(https://discord.com/channels/{}/{thread}/{thread})",
            world.standin.guild_id()
        )),
        "{}",
        ended.text()
    );
    assert_eq!(ended.button_labels(), ["Rematch", "Review"]);
    world
        .standin
        .wait_until("the thread archived", |view| {
            view.threads_of(channel)[0].2.then_some(())
        })
        .await
        .unwrap();
    assert!(world
        .standin
        .messages(thread)
        .iter()
        .all(|m| m.button_labels().is_empty() || m.id != lobby.id));
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_permission_to_start_threads_the_game_stays_in_the_channel_and_the_host_is_told(
) {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    world.standin.grant(alice, MANAGE_GUILD);
    config(&world, alice, json!({ "threads": true })).await;
    let denied = world.standin.add_channel("no-threads");
    world.standin.deny_threads(denied);

    let lobby = world.start_in(alice, denied, json!({})).await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 2]);
    world.click(alice, &lobby, "Start").await;
    let why = world
        .standin
        .wait_for_message(denied, |m| m.text().contains("may not start threads here"))
        .await
        .unwrap();
    assert!(
        why.text().contains(&format!("<@{alice}>")),
        "{}",
        why.text()
    );
    let turn = with_button(&world, denied, "Roll").await;
    assert!(
        turn.text().contains(&format!("<@{alice}>")),
        "{}",
        turn.text()
    );
    assert!(world.standin.threads_of(denied).is_empty());
    bot.shutdown().await;
    world.standin.assert_clean();
}
