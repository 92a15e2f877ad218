//! Play anywhere: games where the bot is not a member (a group DM between people who installed
//! the app to their accounts, a server where only they did), played through the answers to
//! their interactions alone: no channel route is ever called there, no token is used past its
//! 15 minutes, no interaction follows up more than Discord allows.

use std::time::Duration;

use discord_standin::{ChannelId, Message, Standin, UserId, USER_INSTALL_FOLLOWUPS};
use forgetit::i18n::Lang;
use forgetit::render::{notice, Notice};
use serde_json::json;

use crate::common::{label_with, World, W};

/// A FORGET IT roll (F4): the turn ends with nothing.
const FORGET_IT: [u8; 9] = [W, 1, 2, W, 1, 2, W, 1, 2];

/// `user` runs `/forgetit {sub}` in `channel`; what they see answered.
async fn slash_in(
    world: &World,
    user: UserId,
    channel: ChannelId,
    sub: &str,
    options: serde_json::Value,
) -> Message {
    world
        .standin
        .run_slash(user, channel, "forgetit", Some(sub), options)
        .await
        .unwrap()
        .answer()
        .await
        .unwrap()
}

/// The newest message of `channel` that mentions `user` and has buttons: their turn.
async fn turn_in(world: &World, channel: ChannelId, user: UserId) -> Message {
    let mention = format!("<@{user}>");
    world
        .standin
        .wait_until("a turn message", |view| {
            view.messages(channel)
                .into_iter()
                .rev()
                .find(|m| m.content().contains(&mention) && !m.buttons().is_empty())
        })
        .await
        .unwrap()
}

/// The end of `channel`'s game, once shown with its chart (and its two buttons, Rematch and
/// Review, in the table's language).
async fn over_in(world: &World, channel: ChannelId) -> Message {
    world
        .standin
        .wait_for_message(channel, |m| {
            m.button_labels().len() == 2 && !m.attachments().is_empty()
        })
        .await
        .unwrap()
}

/// Nothing the bot sent named `channel` in its path (every route there is a channel's: the
/// bot may only answer interactions), and the stand-in saw nothing Discord would refuse: no
/// channel route where the bot is not a member, no token past its 15 minutes, no follow-up past
/// the fifth.
fn assert_answers_only(standin: &Standin, channel: ChannelId) {
    let id = channel.get().to_string();
    let routes: Vec<String> = standin
        .requests()
        .into_iter()
        .filter(|r| r.path.contains(&id))
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(routes.is_empty(), "channel routes called: {routes:?}");
    for record in standin.interactions() {
        assert!(
            record.followups.len() <= USER_INSTALL_FOLLOWUPS,
            "{} followed up {} times",
            record.describe(),
            record.followups.len()
        );
    }
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_group_dm_with_a_bot_seat_and_a_turn_timeout() {
    let world = World::with_standin(|b| b.group_dm("alice, bob", &["alice", "bob"])).await;
    let chat = world.standin.group_dm("alice, bob");
    let mut config = world.config();
    // Bob's turn times out (he walks away); everyone else's moves, Odds worked out for the
    // chance of winning in a debug build on a busy machine among them, come well within it.
    config.game.turn_timeout_secs = 5;
    let bot = world.start_bot(config).await;
    let (alice, bob) = (world.alice, world.bob);

    // The lobby is the answer to `start`; bob's Join and alice's Start update it.
    let lobby = slash_in(
        &world,
        alice,
        chat,
        "start",
        json!({"target": 50, "bots": 1}),
    )
    .await;
    assert!(
        lobby.button_labels().contains(&"Join".to_string()),
        "{lobby:?}"
    );
    world.click(bob, &lobby, "Join").await;
    // The roll-off, in seat order: alice 5, the bot seat 2, bob 4. Alice goes first, then the
    // seats in order: the bot seat, bob.
    world.dice.push([5, 2, 4]);
    let started = world.click(alice, &lobby, "Start").await;
    assert!(started.buttons().is_empty(), "the lobby loses its buttons");

    // The first turn is a follow-up of the Start click, and pings alice.
    let turn = turn_in(&world, chat, alice).await;
    let followed_up = |message| {
        world
            .standin
            .interactions()
            .into_iter()
            .find(|i| i.followups.contains(&message))
            .map(|i| i.user)
    };
    assert_eq!(
        followed_up(turn.id),
        Some(alice),
        "a follow-up of her Start"
    );
    // Alice spells FORGET IT (F4), then the bot seat does.
    world.dice.push(FORGET_IT);
    world.dice.push(FORGET_IT);
    world.click(alice, &turn, "Roll").await;

    // Bob's turn follows up alice's click, which ended the bot seat's turn too; he walks away,
    // and his turn times out (the deadline edits his message through the newest token).
    let bobs = turn_in(&world, chat, bob).await;
    assert_eq!(followed_up(bobs.id), Some(alice));
    let turn = world
        .standin
        .wait_for_message(chat, |m| {
            m.id > bobs.id
                && m.content().contains(&format!("<@{alice}>"))
                && !m.buttons().is_empty()
        })
        .await
        .unwrap();
    let timed_out = world.standin.message(bobs.id).unwrap();
    assert!(timed_out.buttons().is_empty(), "{timed_out:?}");
    assert!(
        timed_out.text().to_lowercase().contains("time"),
        "{}",
        timed_out.text()
    );

    // Alice's nine 5s make 180 (F9, F10): the last turns, where the bot seat and then bob
    // spell FORGET IT.
    world.dice.push([5; 9]);
    let rolled = world.click(alice, &turn, "Roll").await;
    // A move out of turn names whose turn it is and links it: in a chat, by `@me` (issue #44).
    let refused = world.click(bob, &rolled, &label_with(&rolled, "5")).await;
    assert!(
        refused.is_ephemeral()
            && refused.text().contains(&format!(
                "It's **alice**'s turn, not yours. [Go to the turn](https://discord.com/channels/@me/{chat}/"
            )),
        "{}",
        refused.text()
    );
    // Odds, for bob, privately (a token whose answer is private serves the table all the same).
    let odds = world.click(bob, &rolled, "Odds").await;
    assert!(
        odds.is_ephemeral() && odds.text().contains("alice"),
        "{odds:?}"
    );
    let kept = world.click(alice, &rolled, &label_with(&rolled, "5")).await;
    world.dice.push(FORGET_IT);
    world.click(alice, &kept, &label_with(&kept, "180")).await;
    let bobs = turn_in(&world, chat, bob).await;
    world.dice.push(FORGET_IT);
    world.click(bob, &bobs, "Roll").await;
    let end = over_in(&world, chat).await;
    assert!(end.text().contains("alice"), "{}", end.text());
    assert_eq!(end.button_labels(), ["Rematch", "Review"]);

    // Bob's review, privately, with its chart; alice's rematch, a new lobby answering her click,
    // where bob's Rematch seats him.
    let review = world.click(bob, &end, "Review").await;
    assert!(
        review.is_ephemeral() && !review.attachments().is_empty(),
        "{review:?}"
    );
    let rematch = world.click(alice, &end, "Rematch").await;
    assert_ne!(rematch.id, end.id);
    assert!(
        rematch.button_labels().contains(&"Start".to_string()),
        "{rematch:?}"
    );
    world.click(bob, &end, "Rematch").await;
    let lobby = world
        .standin
        .wait_for_message(chat, |m| m.id == rematch.id && m.text().contains("bob"))
        .await
        .unwrap();
    assert!(
        lobby.text().contains("Bot 1"),
        "the same bot seat: {}",
        lobby.text()
    );

    // The chat's own board counts it; its settings are the defaults, and say so.
    let board = slash_in(&world, bob, chat, "leaderboard", json!({})).await;
    assert!(board.text().contains("alice"), "{}", board.text());
    let settings = slash_in(&world, bob, chat, "config show", json!({})).await;
    assert_eq!(
        settings.content(),
        notice(Notice::NoSettingsHere, Lang::EnUs).content
    );
    bot.shutdown().await;
    assert_answers_only(&world.standin, chat);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_server_where_only_people_installed_the_app() {
    let world = World::with_standin(|b| b.user_install_guild("friends", &["dice"])).await;
    let guild = world.standin.guild("friends");
    let channel = world.standin.channel_in(guild, "dice");
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    // A French table (poise's choices are indexes: English, Français).
    let options = json!({"target": 50, "language": 1});
    let lobby = slash_in(&world, alice, channel, "start", options).await;
    world.click(bob, &lobby, "Rejoindre").await;
    world.dice.push([5, 2]);
    world.click(alice, &lobby, "Lancer la partie").await;
    let turn = turn_in(&world, channel, alice).await;
    world.dice.push(FORGET_IT);
    world.click(alice, &turn, "Lancer").await;
    let turn = turn_in(&world, channel, bob).await;
    world.dice.push([5; 9]);
    let rolled = world.click(bob, &turn, "Lancer").await;
    let kept = world.click(bob, &rolled, &label_with(&rolled, "5")).await;
    world.click(bob, &kept, &label_with(&kept, "180")).await;
    let turn = turn_in(&world, channel, alice).await;
    world.dice.push(FORGET_IT);
    world.click(alice, &turn, "Lancer").await;
    let end = over_in(&world, channel).await;
    assert!(end.text().contains("bob"), "{}", end.text());
    assert!(end.text().contains("fin de la partie"), "{}", end.text());
    assert_eq!(end.button_labels(), ["Revanche", "Analyse"]);

    // Its games count on that server's board, for all to see.
    let stats = slash_in(&world, bob, channel, "stats", json!({})).await;
    assert!(stats.text().contains('1'), "{}", stats.text());
    bot.shutdown().await;
    assert_answers_only(&world.standin, channel);
}

/// Waits until the store's game in `channel` has `player` on turn (a deadline passed while
/// nothing could show it).
async fn stored_turn_of(world: &World, channel: ChannelId, player: UserId) {
    let store = world.store().await;
    let wanted = forgetit::engine::Player::Person(player.get().into());
    for _ in 0..1000 {
        let (id, _) = store
            .open_game_in(channel.get().into())
            .await
            .unwrap()
            .expect("the game is open");
        // Read beside the bot's writes: a read between its game's row and its events is read
        // again.
        let loaded = store.load::<forgetit::games::forgetit::Game>(id).await;
        if loaded.is_ok_and(|loaded| loaded.game.current_player() == Some(wanted)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{player}'s turn never began in the store");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_15_minute_window_the_game_waits_and_the_next_click_shows_where_it_is() {
    let world = World::with_standin(|b| b.group_dm("alice, bob", &["alice", "bob"])).await;
    let chat = world.standin.group_dm("alice, bob");
    let mut config = world.config();
    // Long enough that the tokens expire first, however slow the machine.
    config.game.turn_timeout_secs = 5;
    let bot = world.start_bot(config).await;
    let (alice, bob) = (world.alice, world.bob);
    let lobby = slash_in(&world, alice, chat, "start", json!({"target": 50})).await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 2]);
    world.click(alice, &lobby, "Start").await;
    let turn = turn_in(&world, chat, alice).await;

    // Sixteen minutes later every token the bot holds has expired: alice's turn times out in
    // the store, and nothing can show it (the stand-in records any use of an expired token).
    bot.tables().settled().await;
    world.standin.clock().advance(Duration::from_secs(16 * 60));
    stored_turn_of(&world, chat, bob).await;
    bot.tables().settled().await;
    let shown = world.standin.message(turn.id).unwrap();
    assert!(
        shown.content().contains(&format!("<@{alice}>")),
        "unchanged: {shown:?}"
    );
    assert_eq!(
        world.standin.messages(chat).len(),
        2,
        "no message posted: the lobby and alice's turn"
    );

    // Bob clicks the buttons he still sees: his click shows where the game is, on that message,
    // and it is his turn there.
    let shown = world.click(bob, &turn, "Roll").await;
    assert_eq!(shown.id, turn.id);
    assert!(
        shown.content().contains(&format!("<@{bob}>")) && !shown.buttons().is_empty(),
        "{shown:?}"
    );
    world.dice.push([5; 9]);
    let rolled = world.click(bob, &shown, "Roll").await;
    assert_eq!(rolled.id, turn.id, "his turn goes on there");
    assert!(rolled.text().contains('5'), "{}", rolled.text());
    bot.shutdown().await;
    assert_answers_only(&world.standin, chat);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_click_before_six_bot_seats_turns_follows_up_five_times_at_most() {
    let world = World::with_standin(|b| b.group_dm("alice, bob", &["alice", "bob"])).await;
    let chat = world.standin.group_dm("alice, bob");
    let bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    let lobby = slash_in(
        &world,
        alice,
        chat,
        "start",
        json!({"target": 50, "bots": 6}),
    )
    .await;
    // The roll-off: alice's 5 beats six 1s (a 6 would be a word, which loses: F2).
    world.dice.push([5, 1, 1, 1, 1, 1, 1]);
    world.click(alice, &lobby, "Start").await;
    let turn = turn_in(&world, chat, alice).await;
    // Alice's FORGET IT, then each bot seat's: seven turns begin after one click.
    for _ in 0..7 {
        world.dice.push(FORGET_IT);
    }
    world.click(alice, &turn, "Roll").await;
    let next = world
        .standin
        .wait_for_message(chat, |m| {
            m.content().contains(&format!("<@{alice}>"))
                && !m.buttons().is_empty()
                && m.text().contains("Round 2")
        })
        .await
        .unwrap();
    assert!(next.button_labels().contains(&"Roll".to_string()));
    bot.shutdown().await;
    assert_answers_only(&world.standin, chat);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_in_a_group_dm_keeps_the_game_and_its_buttons() {
    let world = World::with_standin(|b| b.group_dm("alice, bob", &["alice", "bob"])).await;
    let chat = world.standin.group_dm("alice, bob");
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    let lobby = slash_in(&world, alice, chat, "start", json!({})).await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 2]);
    world.click(alice, &lobby, "Start").await;
    let turn = turn_in(&world, chat, alice).await;
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(alice, &turn, "Roll").await;
    bot.shutdown().await;

    // A new process holds no token of the old one's: the buttons alice sees still work, and
    // her bank's click brings bob's turn as its follow-up.
    let bot = world.start_bot(world.config()).await;
    let kept = world.click(alice, &rolled, &label_with(&rolled, "3")).await;
    assert_eq!(kept.id, turn.id);
    world.click(alice, &kept, &label_with(&kept, "Bank")).await;
    let bobs = turn_in(&world, chat, bob).await;
    assert!(bobs.id > turn.id, "a new message, once");
    bot.shutdown().await;
    assert_answers_only(&world.standin, chat);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_that_closed_while_nothing_could_show_it_shows_so_at_the_next_click() {
    let world = World::with_standin(|b| b.group_dm("alice, bob", &["alice", "bob"])).await;
    let chat = world.standin.group_dm("alice, bob");
    let mut config = world.config();
    // Long enough that the token expires first, however slow the machine.
    config.game.lobby_timeout_secs = 5;
    let bot = world.start_bot(config).await;
    let lobby = slash_in(&world, world.alice, chat, "start", json!({})).await;
    // Once the table has done all it was asked (its lobby's id read through the token), the
    // token expires, then the lobby closes in the store.
    bot.tables().settled().await;
    world.standin.clock().advance(Duration::from_secs(16 * 60));
    let store = world.store().await;
    for _ in 0..1000 {
        if store
            .open_game_in(chat.get().into())
            .await
            .unwrap()
            .is_none()
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(store.open_game_in(chat.get().into()).await.unwrap(), None);
    assert_eq!(
        world.standin.message(lobby.id).unwrap().button_labels(),
        lobby.button_labels(),
        "nothing could show it"
    );
    // Bob's Join shows the lobby closed, on its own message: nothing is left with buttons.
    let closed = world.click(world.bob, &lobby, "Join").await;
    assert_eq!(closed.id, lobby.id);
    assert!(closed.buttons().is_empty(), "{closed:?}");
    bot.shutdown().await;
    assert_answers_only(&world.standin, chat);
}
