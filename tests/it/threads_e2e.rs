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

/// A game of alice and bob started with threads on, on alice's turn in its thread: the lobby
/// message, the thread and alice's turn there.
async fn a_game_in_its_thread(world: &World) -> (Message, ChannelId, Message) {
    let (alice, bob) = (world.alice, world.bob);
    world.standin.grant(alice, MANAGE_GUILD);
    config(world, alice, json!({ "threads": true })).await;
    let lobby = world.slash(alice, "start", json!({ "target": 50 })).await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 2]); // the roll-off: alice first
    world.click(alice, &lobby, "Start").await;
    let channel = world.channel;
    let thread = world
        .standin
        .wait_until("the game's thread", |view| {
            view.threads_of(channel).first().map(|t| t.0)
        })
        .await
        .unwrap();
    let turn = with_button(world, thread, "Roll").await;
    (lobby, thread, turn)
}

/// The game plays on to its end in the channel, from alice's turn there: alice banks six 5s,
/// 120 (F10: bob has a last turn), bob's roll spells FORGET IT; the end is posted in the channel
/// with its buttons.
async fn played_to_its_end_in_the_channel(world: &World, turn: &Message) {
    let (alice, bob, channel) = (world.alice, world.bob, world.channel);
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(alice, turn, "Roll").await;
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    let kept = world.click(alice, &rolled, "Keep 5s").await;
    world.click(alice, &kept, "Bank 120").await;
    let last = world
        .standin
        .wait_for_message(channel, |m| {
            m.text().contains(&format!("<@{bob}>")) && m.button("Roll").is_some()
        })
        .await
        .unwrap();
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    world.click(bob, &last, "Roll").await;
    let end = world
        .standin
        .wait_for_message(channel, |m| m.text().contains("alice** wins"))
        .await
        .unwrap();
    assert_eq!(end.button_labels(), ["Rematch", "Review"]);
}

/// The game whose channel the store holds, open there.
async fn open_game_of(world: &World, channel: ChannelId) -> Option<i64> {
    let store = world.store().await;
    let open = store
        .open_game_in(forgetit::ids::ChannelId::new(channel.get()))
        .await
        .unwrap();
    store.close().await;
    open.map(|(id, _)| id.get())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_is_deleted_goes_on_in_its_channel_and_a_restart_finds_it_there() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (lobby, thread, _) = a_game_in_its_thread(&world).await;
    let channel = world.channel;
    let game = open_game_of(&world, thread)
        .await
        .expect("the thread's game");

    // A moderator deletes the thread: THREAD_DELETE tells the bot, which says why in the
    // channel, in one line, and shows alice's turn there.
    world.standin.delete_thread(thread);
    let why = world
        .standin
        .wait_for_message(channel, |m| m.text().contains("thread was deleted"))
        .await
        .unwrap();
    assert_eq!(
        why.text(),
        "🧵 This game's thread was deleted: the game goes on here."
    );
    assert!(why.id > lobby.id);
    let turn = world
        .standin
        .wait_for_message(channel, |m| {
            m.text().contains(&format!("<@{}>", world.alice)) && m.button("Roll").is_some()
        })
        .await
        .unwrap();
    assert!(turn.id > why.id, "the line, then the turn");

    // The store moved it (before the line was posted): the channel's game again, its thread's
    // no more.
    assert_eq!(open_game_of(&world, channel).await, Some(game));
    assert_eq!(open_game_of(&world, thread).await, None);

    // A restart mid-game finds it in the channel, where it was: the same turn message.
    bot.shutdown().await;
    let bot = world.start_bot(world.config()).await;
    let again = with_button(&world, channel, "Roll").await;
    assert_eq!(again.id, turn.id);
    played_to_its_end_in_the_channel(&world, &again).await;
    assert!(world.standin.threads_of(channel).is_empty());
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_is_locked_goes_on_in_its_channel() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (_, thread, _) = a_game_in_its_thread(&world).await;
    let channel = world.channel;
    let game = open_game_of(&world, thread)
        .await
        .expect("the thread's game");

    world.standin.lock_thread(thread);
    world
        .standin
        .wait_for_message(channel, |m| {
            m.text() == "🧵 This game's thread was locked: the game goes on here."
        })
        .await
        .unwrap();
    let turn = with_button(&world, channel, "Roll").await;
    assert!(
        turn.text().contains(&format!("<@{}>", world.alice)),
        "{}",
        turn.text()
    );
    assert_eq!(open_game_of(&world, channel).await, Some(game));
    played_to_its_end_in_the_channel(&world, &turn).await;
    // The thread stays as the moderator left it: locked, with the game's first turn.
    assert!(world.standin.threads_of(channel)[0].2, "still archived");
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// A thread closed by `close` while no bot listened (no THREAD_DELETE or THREAD_UPDATE reaches
/// it), and the bot does not know what its messages show (as after a crash, or in a restarted
/// sandbox): it shows the game again, Discord refuses it there (`refusal`), and the game comes
/// back to its channel, saying why (`line`), and is played to its end there. The thread's
/// refusals are answers of Discord's, not the bot's mistakes; and no retry loop.
async fn closed_while_the_bot_was_away(
    close: fn(&discord_standin::Standin, ChannelId),
    refusal: discord_standin::FaultKind,
    line: &str,
) {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (_, thread, _) = a_game_in_its_thread(&world).await;
    let channel = world.channel;
    bot.shutdown().await;
    close(&world.standin, thread);
    let store = world.store().await;
    store.forget_shown().await.unwrap();
    store.close().await;
    let bot = world.start_bot(world.config()).await;
    world
        .standin
        .wait_for_message(channel, |m| m.text() == line)
        .await
        .unwrap();
    let turn = with_button(&world, channel, "Roll").await;
    assert!(open_game_of(&world, channel).await.is_some());
    played_to_its_end_in_the_channel(&world, &turn).await;
    let refused = world
        .standin
        .faults_fired()
        .into_iter()
        .filter(|f| f.kind == refusal)
        .count();
    assert!(
        (1..=2).contains(&refused),
        "{refused} requests to the closed thread"
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Deleted while the bot was away: the thread's 404 Unknown Channel (10003) sends the game back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_deleted_while_the_bot_was_away_is_found_out_by_its_refusal_and_the_game_comes_back(
) {
    closed_while_the_bot_was_away(
        discord_standin::Standin::delete_thread,
        discord_standin::FaultKind::UnknownChannel,
        "🧵 This game's thread was deleted: the game goes on here.",
    )
    .await;
}

/// Locked while the bot was away: the thread's 400 Thread is archived (50083) sends the game
/// back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_locked_while_the_bot_was_away_is_found_out_by_its_50083_and_the_game_comes_back()
{
    closed_while_the_bot_was_away(
        discord_standin::Standin::lock_thread,
        discord_standin::FaultKind::ThreadLocked,
        "🧵 This game's thread was locked: the game goes on here.",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_is_deleted_while_its_channel_holds_another_game_ends_cancelled_and_says_why(
) {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (lobby, thread, _) = a_game_in_its_thread(&world).await;
    let channel = world.channel;
    // carol's lobby keeps the channel busy.
    let other = world.slash(world.carol, "start", json!({})).await;
    world.standin.delete_thread(thread);
    world
        .standin
        .wait_for_message(channel, |m| {
            m.text()
                == "🧵 This game's thread was deleted, and another game is open in this \
                    channel: the game ends here, cancelled."
        })
        .await
        .unwrap();
    // Its lobby message shows its end; carol's lobby is still open.
    world
        .standin
        .wait_until("the lobby shows the end", |view| {
            let m = view.message(lobby.id)?;
            (!m.text().contains("Played in")).then_some(())?;
            m.text().to_lowercase().contains("cancel").then_some(())
        })
        .await
        .unwrap();
    let game = open_game_of(&world, channel).await;
    assert!(game.is_some());
    world.click(world.bob, &other, "Join").await;
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_that_fails_for_a_moment_keeps_its_game_which_shows_there_again() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (_, thread, turn) = a_game_in_its_thread(&world).await;
    let channel = world.channel;
    // Discord fails the next two posts (a 503): the next turn's message is posted again later,
    // in the thread; nothing moves.
    world.standin.inject(
        discord_standin::RestFault::status(503)
            .method("POST")
            .route(discord_standin::faults::CHANNEL_MESSAGES)
            .times(2),
    );
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    let kept = world.click(world.alice, &rolled, "Keep 5s").await;
    world.click(world.alice, &kept, "Bank 120").await;
    let last = world
        .standin
        .wait_for_message(thread, |m| {
            m.text().contains(&format!("<@{}>", world.bob)) && m.button("Roll").is_some()
        })
        .await
        .unwrap();
    assert_eq!(world.standin.faults_fired().len(), 2);
    assert!(
        world
            .standin
            .messages(channel)
            .iter()
            .all(|m| !m.text().contains("🧵 This game's thread")),
        "the game stays in its thread"
    );
    assert!(
        open_game_of(&world, thread).await.is_some(),
        "still the thread's game"
    );
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    world.click(world.bob, &last, "Roll").await;
    world
        .standin
        .wait_for_message(thread, |m| m.text().contains("alice** wins"))
        .await
        .unwrap();
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_bot_may_no_longer_post_the_game_goes_on_on_its_lobby_message_and_says_why() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, channel) = (world.alice, world.bob, world.channel);
    let turn = world.two_player_game(50).await;
    let lobby = world.standin.messages(channel)[0].clone();
    // The bot's role loses Send Messages in the channel: its posts get 403 Missing Permissions,
    // which no retry fixes. It tries once, then shows bob's turn on the lobby message it may
    // still edit, with a line saying why.
    world.standin.deny_posts(channel);
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let kept = world.click(alice, &rolled, "Keep 5s").await;
    world.click(alice, &kept, "Bank 120").await;
    let shown = world
        .standin
        .wait_until("bob's turn on the lobby message", |view| {
            let m = view.message(lobby.id)?;
            (m.text().contains(&format!("<@{bob}>")) && m.button("Roll").is_some())
                .then(|| m.clone())
        })
        .await
        .unwrap();
    assert!(
        shown
            .text()
            .contains("⚠️ The bot may not post in this channel: the game goes on on this message."),
        "{}",
        shown.text()
    );
    let refused = |world: &World| {
        world
            .standin
            .faults_fired()
            .into_iter()
            .filter(|f| f.kind == discord_standin::FaultKind::PostsDenied)
            .count()
    };
    assert_eq!(refused(&world), 2, "the post, and one show again: no more");

    // bob plays there; the end shows there too, with its buttons.
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    world.click(bob, &shown, "Roll").await;
    let end = world
        .standin
        .wait_until("the end on the lobby message", |view| {
            let m = view.message(lobby.id)?;
            m.text().contains("alice** wins").then(|| m.clone())
        })
        .await
        .unwrap();
    assert_eq!(end.button_labels(), ["Rematch", "Review"]);
    assert_eq!(refused(&world), 3, "the end's post, refused once");
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// The bot loses Send Messages (403 Missing Permissions, 50013) or View Channel (403 Missing
/// Access, 50001) in a game's thread mid-game: its next post there is refused, and the game
/// comes back to its channel, saying why, and is played to its end there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_the_bot_may_no_longer_post_in_or_see_sends_the_game_back_to_its_channel() {
    for (kind, deny) in [
        (
            discord_standin::FaultKind::PostsDenied,
            discord_standin::Standin::deny_posts as fn(&discord_standin::Standin, ChannelId),
        ),
        (
            discord_standin::FaultKind::AccessDenied,
            discord_standin::Standin::deny_access,
        ),
    ] {
        let world = World::new().await;
        let bot = world.start_bot(world.config()).await;
        let (_, thread, turn) = a_game_in_its_thread(&world).await;
        let channel = world.channel;
        deny(&world.standin, thread);
        // alice banks 120: bob's last turn is to be posted in the thread, which refuses it.
        world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
        let rolled = world.click(world.alice, &turn, "Roll").await;
        let kept = world.click(world.alice, &rolled, "Keep 5s").await;
        world.click(world.alice, &kept, "Bank 120").await;
        world
            .standin
            .wait_for_message(channel, |m| {
                m.text()
                    == "🧵 The bot can no longer post in this game's thread: the game goes on here."
            })
            .await
            .unwrap();
        let last = world
            .standin
            .wait_for_message(channel, |m| {
                m.text().contains(&format!("<@{}>", world.bob)) && m.button("Roll").is_some()
            })
            .await
            .unwrap();
        assert!(open_game_of(&world, channel).await.is_some(), "{kind:?}");
        world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
        world.click(world.bob, &last, "Roll").await;
        world
            .standin
            .wait_for_message(channel, |m| m.text().contains("alice** wins"))
            .await
            .unwrap();
        let refused: Vec<_> = world
            .standin
            .faults_fired()
            .into_iter()
            .filter(|f| f.kind == kind)
            .collect();
        assert!(!refused.is_empty(), "{kind:?}: {refused:?}");
        bot.shutdown().await;
        world.standin.assert_clean();
    }
}
