//! The bot end to end: the real serenity + poise client, the real store on a SQLite file, and the
//! Discord stand-in on 127.0.0.1, with dice scripted through the library. Every test ends by
//! checking that every request the bot sent is valid against Discord's OpenAPI spec and limits,
//! and that every interaction got exactly one initial response in time.

use crate::common;

use common::*;
use discord_standin::Message;
use forgetit::engine::Player;
use forgetit::games::forgetit::Game;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_between_two_people() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    let turn = world.two_player_game(50).await;
    assert_eq!(labels(&turn), ["Roll"]);

    // F11's first roll: 3,3,3 on the FOR dice, GET, 2,2,4,4,5 — keep the 3s.
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(alice, &turn, "Roll").await;
    assert_eq!(rolled.id, turn.id, "the turn message is edited in place");
    assert!(
        labels(&rolled).iter().any(|l| l.contains('3')),
        "{:?}",
        labels(&rolled)
    );
    assert!(rolled.text().contains("GET"), "{}", rolled.text());
    let keep = label_with(&rolled, "3");
    let kept = world.click(alice, &rolled, &keep).await;
    let bank = label_with(&kept, "Bank");
    assert!(bank.contains("9"), "three 3s bank 9: {bank}");
    let banked = world.click(alice, &kept, &bank).await;
    assert!(banked.buttons().is_empty(), "an ended turn has no buttons");
    assert!(banked.text().contains('9'), "{}", banked.text());

    // Bob: six 5s at once: 6 × 5 × 4 = 120, past the target. Alice gets a last turn.
    let turn = world.turn_of(bob).await;
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(bob, &turn, "Roll").await;
    let keep = label_with(&rolled, "5");
    let kept = world.click(bob, &rolled, &keep).await;
    let bank = label_with(&kept, "Bank");
    assert!(bank.contains("120"), "{bank}");
    world.click(bob, &kept, &bank).await;

    // Alice's last turn: FORGET IT on the first roll. Game over, bob wins.
    let turn = world.turn_of(alice).await;
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    let ended = world.click(alice, &turn, "Roll").await;
    assert!(ended.text().contains("FORGET IT"), "{}", ended.text());
    let over = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.text().contains("120")
                && m.button_labels() == ["Rematch", "Review"]
                && m.text().contains("bob")
                && m.text().to_lowercase().contains("win")
        })
        .await
        .unwrap();
    assert!(!over.is_ephemeral());
    // Its chart follows, on the same message: the story in words as its alt text, the embed
    // showing it, the buttons as they were.
    let charted = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.id == over.id && m.attachment("game.png").is_some()
        })
        .await
        .unwrap();
    let chart = charted.attachment("game.png").unwrap();
    assert!(chart.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // As wide as a phone reads it (render::chart), as high as its legend needs.
    let (width, height) = chart.dimensions.unwrap();
    assert_eq!(width, forgetit::render::chart::WIDTH);
    assert!(height > forgetit::render::chart::HEIGHT, "{height}");
    let alt = chart.description.as_deref().unwrap_or_default();
    assert!(
        alt.contains("bob led from round 1")
            && alt.contains("bob banked 120 in round 1")
            && alt.ends_with("alice 9, bob 120"),
        "{alt}"
    );
    let image = charted.embeds()[0]["image"]["url"]
        .as_str()
        .unwrap_or_default();
    assert!(image.ends_with("/game.png"), "{image}");
    assert_eq!(charted.button_labels(), ["Rematch", "Review"]);

    // Lifetime stats and the leaderboard count the game.
    let stats = world.slash(bob, "stats", json!({})).await;
    assert!(stats.is_ephemeral());
    assert!(stats.text().contains("120"), "{}", stats.text());
    let board = world
        .slash(
            alice,
            "leaderboard",
            json!({ "by": 1 }), /* poise choices are indexes: wins, points, best turn */
        )
        .await;
    let text = board.text();
    let (b, a) = (text.find("bob").unwrap(), text.find("alice").unwrap());
    assert!(b < a, "bob (120) ranks above alice (9): {text}");
    // Its buttons are routed too: the same board across servers names people as this server
    // knows them, and mentions no one (a mention of someone not in the server is "unknown user").
    let global = world
        .standin
        .click_raw(alice, board.id, "lb:fgi:global:points:1")
        .await
        .unwrap();
    assert_eq!(global.response().await.unwrap().kind, 7);
    let global = global.answer().await.unwrap();
    let text = global.text();
    assert!(
        text.contains("bob · 120") && text.contains("alice · 9") && !text.contains("<@"),
        "{text}"
    );

    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_a_bot_seat() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    let lobby = world
        .slash(alice, "start", json!({ "target": 50, "bots": 1 }))
        .await;
    assert!(lobby.text().contains("Bot 1"), "{}", lobby.text());
    world.dice.push([5, 1]); // alice first
    world.click(alice, &lobby, "Start").await;
    let turn = world.turn_of(alice).await;
    world.dice.push([4, 4, 1, 2, 3, 5, 1, 2, 3]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let keep = label_with(&rolled, "4");
    let kept = world.click(alice, &rolled, &keep).await;
    let bank = label_with(&kept, "Bank");
    world.click(alice, &kept, &bank).await;
    // The bot plays its turn by itself (random dice after the script), and it is alice's turn
    // again: a second turn message that mentions her.
    let mention = format!("<@{alice}>");
    let second = world
        .standin
        .wait_until("alice's second turn", |view| {
            let turns: Vec<_> = view
                .messages(world.channel)
                .into_iter()
                .filter(|m| m.content().contains(&mention) && !m.buttons().is_empty())
                .collect();
            let last = turns.last()?;
            (last.id != turn.id).then(|| Some(last.clone()))
        })
        .await
        .unwrap()
        .unwrap();
    assert_ne!(second.id, turn.id);
    let bot_turn = world
        .standin
        .messages(world.channel)
        .into_iter()
        .find(|m| m.text().contains("Bot 1") && m.id > turn.id && m.id < second.id)
        .expect("the bot's turn has its own message");
    assert!(bot_turn.buttons().is_empty());

    // Alice leaves: the bot is the last seat playing, so it wins, and the channel is free.
    let left = world.slash(alice, "leave", json!({})).await;
    assert!(left.is_ephemeral(), "{}", left.text());
    // The answer comes first; the turn message then shows that she left.
    world
        .standin
        .wait_until("alice's turn ended by leaving", |view| {
            let m = view.message(second.id)?;
            (m.buttons().is_empty() && m.text().contains("left")).then_some(())
        })
        .await
        .unwrap();
    world
        .standin
        .wait_for_message(world.channel, |m| {
            m.id > second.id
                && m.button_labels() == ["Rematch", "Review"]
                && m.content().contains("Bot 1")
                && m.content().contains("wins")
        })
        .await
        .unwrap();
    let again = world.slash(alice, "start", json!({})).await;
    assert!(
        !again.is_ephemeral(),
        "a new game can start: {}",
        again.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_may_ask_for_the_odds_privately_and_nothing_changes() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);

    let turn = world.two_player_game(500).await;
    assert_eq!(labels(&turn), ["Roll"], "no Odds before the first roll");
    // Two 4s and two 1s; a GET and an IT are set aside.
    world.dice.push([4, 4, 1, W, 2, 3, W, 5, 1]);
    let rolled = world.click(alice, &turn, "Roll").await;
    assert_eq!(labels(&rolled), ["Keep 1s", "Keep 4s", "Odds"]);
    let before = world.standin.message(rolled.id).unwrap();

    // Bob, not on turn, asks: only he sees the answer, and the turn message stays as it was.
    let odds = world.click(bob, &rolled, "Odds").await;
    assert!(odds.is_ephemeral(), "{}", odds.text());
    assert_eq!(odds.visible_to, Some(bob));
    let text = odds.text();
    assert!(text.contains("Odds") && text.contains("alice"), "{text}");
    // Keeping the 4s leaves one FOR die with GET and IT out; keeping the 1s, two FOR dice.
    assert!(text.contains("FORGET IT next: 16.67% (1 in 6)"), "{text}");
    assert!(text.contains("FORGET IT next: 30.56%"), "{text}");
    // Issue 54: it speaks of alice, whose turn it is, not to bob.
    assert!(
        text.contains("alice chooses the point number.")
            && text.contains("alice's best play is **Keep 4s**."),
        "the recommendation, by its button, in the third person: {text}"
    );
    assert!(!text.contains("Click"), "{text}");
    let after = world.standin.message(rolled.id).unwrap();
    assert_eq!(after.state, before.state, "the turn message is unchanged");
    assert_eq!(after.history.len(), before.history.len(), "and not edited");
    assert!(
        world
            .standin
            .ephemeral_for(alice)
            .iter()
            .all(|m| !m.text().contains("Odds")),
        "alice does not see bob's answer"
    );

    // Odds is no move: the message's buttons still work on the same state. Alice keeps the 4s
    // and asks herself: one in six, bank 8 or roll on.
    let kept = world.click(alice, &rolled, "Keep 4s").await;
    assert_eq!(kept.id, rolled.id);
    assert_eq!(labels(&kept), ["Roll 5 dice", "Bank 8", "Odds"]);
    let odds = world.click(alice, &kept, "Odds").await;
    assert_eq!(odds.visible_to, Some(alice));
    let text = odds.text();
    assert!(text.contains("16.67% (1 in 6)"), "{text}");
    // Each choice named by its button.
    let roll = labels(&kept)
        .into_iter()
        .find(|l| l.starts_with("Roll"))
        .unwrap();
    assert!(text.contains("Bank 8") && text.contains(&roll), "{text}");
    assert!(
        text.contains(&format!("Click **{roll}**.")) || text.contains("Click **Bank 8**."),
        "a recommendation: {text}"
    );
    let bank = world.click(alice, &kept, "Bank 8").await;
    assert!(bank.buttons().is_empty(), "the turn ended as usual");

    bot.shutdown().await;
    world.standin.assert_clean();
}

/// The ephemeral text a user was answered with last.
fn is_private_answer(message: &Message, needle: &str) -> bool {
    message.is_ephemeral() && message.text().contains(needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_click_and_command_is_answered_privately_and_changes_nothing() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);

    let nothing = world.slash(bob, "join", json!({})).await;
    assert!(is_private_answer(&nothing, "no game"), "{}", nothing.text());

    let lobby = world.slash(alice, "start", json!({})).await;
    let busy = world.slash(bob, "start", json!({})).await;
    assert!(
        busy.is_ephemeral(),
        "a second start points to the open game"
    );
    world.click(bob, &lobby, "Join").await;
    let not_host = world.click(bob, &lobby, "Start").await;
    assert!(
        not_host.is_ephemeral(),
        "only the host starts: {}",
        not_host.text()
    );
    let cancel = world.slash(bob, "cancel", json!({})).await;
    assert!(
        cancel.is_ephemeral() && cancel.text().contains("host"),
        "{}",
        cancel.text()
    );
    let kick = world
        .slash(carol, "kick", json!({ "user": alice.to_string() }))
        .await;
    assert!(
        kick.is_ephemeral() && kick.text().contains("host"),
        "{}",
        kick.text()
    );

    world.dice.push([5, 2]);
    world.click(alice, &lobby, "Start").await;
    let turn = world.turn_of(alice).await;
    let before = world.standin.message(turn.id).unwrap().state.clone();
    let not_seated = world.click(carol, &turn, "Roll").await;
    assert!(
        is_private_answer(&not_seated, "not playing"),
        "{}",
        not_seated.text()
    );
    let not_yours = world.click(bob, &turn, "Roll").await;
    assert!(
        is_private_answer(&not_yours, "It's **alice**'s turn, not yours."),
        "{}",
        not_yours.text()
    );
    assert_eq!(
        world.standin.message(turn.id).unwrap().state,
        before,
        "nothing changed"
    );

    // A click on a state that is no longer shown: the old Roll button after the roll.
    let old_roll = turn.button("Roll").unwrap().custom_id.clone().unwrap();
    world.dice.push([2, 2, 1, 3, 4, 5, 1, 3, 4]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let stale = world
        .standin
        .click_raw(alice, turn.id, &old_roll)
        .await
        .unwrap();
    let stale = stale.answer().await.unwrap();
    // Alice's Roll clicked twice: the first counted.
    assert!(
        is_private_answer(&stale, "Already done"),
        "{}",
        stale.text()
    );
    assert_eq!(world.standin.message(turn.id).unwrap().state, rolled.state);
    let unknown = world
        .standin
        .click_raw(alice, turn.id, "what-is-this")
        .await
        .unwrap();
    let unknown = unknown.answer().await.unwrap();
    assert!(unknown.is_ephemeral(), "{}", unknown.text());

    // Well-formed ids of another kind of message act only there: the lobby's Leave and Cancel
    // pressed on the turn message, a move pressed on the lobby, a move of the other game.
    let lobby_id = |action: &str| {
        let join = lobby.button("Join").unwrap().custom_id.clone().unwrap();
        join.replace(":join", &format!(":{action}"))
    };
    let version = |message: &Message| {
        let id = message.buttons()[0].custom_id.clone().unwrap();
        id.rsplit_once(':').unwrap().0.to_string()
    };
    let on_turn = version(&rolled);
    for (message, custom_id) in [
        (turn.id, lobby_id("leave")),
        (turn.id, lobby_id("cancel")),
        (turn.id, lobby_id("start")),
        (lobby.id, format!("{on_turn}:roll")),
        (turn.id, format!("{on_turn}:hold:1")),
        (turn.id, format!("{on_turn}:scores")),
        (turn.id, format!("{on_turn}:kick:{alice}")),
    ] {
        let click = world.standin.click_raw(alice, message, &custom_id);
        let answer = click.await.unwrap().answer().await.unwrap();
        assert!(
            is_private_answer(&answer, "button"),
            "{custom_id}: {}",
            answer.text()
        );
        assert_eq!(
            world.standin.message(turn.id).unwrap().state,
            rolled.state,
            "{custom_id} changed nothing"
        );
    }
    let first = rolled.button_labels()[0].clone();
    let still = world.click(alice, &rolled, &first).await;
    assert!(!still.is_ephemeral(), "alice plays on: {}", still.text());

    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_identical_clicks_at_once_apply_once() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let turn = world.two_player_game(500).await;
    let roll = turn.button("Roll").unwrap().custom_id.clone().unwrap();
    world
        .dice
        .push([2, 2, 1, 3, 4, 5, 1, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    let (a, b) = tokio::join!(
        world.standin.click_raw(world.alice, turn.id, &roll),
        world.standin.click_raw(world.alice, turn.id, &roll),
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    let kinds = [
        a.response().await.unwrap().kind,
        b.response().await.unwrap().kind,
    ];
    assert!(
        kinds.contains(&7) && kinds.contains(&4),
        "one update, one private answer: {kinds:?}"
    );
    // Exactly one roll happened: nine dice used from the script, the next nine still there.
    assert_eq!(world.dice.remaining(), 9);
    bot.shutdown().await;
    let store = world.store().await;
    let (id, _) = store
        .open_game_in(world.channel.get().into())
        .await
        .unwrap()
        .unwrap();
    let events = store
        .events::<forgetit::games::forgetit::Game>(id)
        .await
        .unwrap();
    let rolls = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                forgetit::games::forgetit::Event::Game(
                    forgetit::games::forgetit::GameEvent::Rolled { .. }
                )
            )
        })
        .count();
    assert_eq!(rolls, 1);
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_keeps_the_game_and_its_buttons() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let turn = world.two_player_game(500).await;
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    bot.shutdown().await;

    // A new process on the same database: the old message's buttons still work.
    let before = world.standin.requests().len();
    let bot = world.start_bot(world.config()).await;
    let keep = label_with(&rolled, "3");
    let kept = world.click(world.alice, &rolled, &keep).await;
    assert!(!kept.is_ephemeral(), "{}", kept.text());
    // After a clean stop the message shows the game already: the restart sent nothing to the
    // channel before the click was answered (a table resumes before it takes a click).
    let resent = sent_to_channels_before_an_answer(&world, before);
    assert!(
        resent.is_empty(),
        "shown again after a clean stop: {resent:?}"
    );
    let bank = label_with(&kept, "Bank");
    assert!(bank.contains('9'), "{bank}");
    world.click(world.alice, &kept, &bank).await;
    world.turn_of(world.bob).await;
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// The requests to channels (posts, edits) from the `before`-th request to the first answer to
/// an interaction.
fn sent_to_channels_before_an_answer(world: &World, before: usize) -> Vec<String> {
    world.standin.requests()[before..]
        .iter()
        .take_while(|r| !r.path.ends_with("/callback"))
        .filter(|r| r.path.starts_with("/api/v10/channels/"))
        .map(|r| format!("{} {}", r.method, r.path))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_after_a_clean_stop_shows_a_lobby_as_it_was() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let lobby = world.slash(world.alice, "start", json!({})).await;
    bot.shutdown().await;

    let before = world.standin.requests().len();
    let bot = world.start_bot(world.config()).await;
    let joined = world.click(world.bob, &lobby, "Join").await;
    assert!(joined.text().contains("bob"), "{}", joined.text());
    let resent = sent_to_channels_before_an_answer(&world, before);
    assert!(
        resent.is_empty(),
        "shown again after a clean stop: {resent:?}"
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// After a restart, an open game with nothing to do sleeps: no task holds it, only its deadline
/// is kept. A click wakes it as it was, and a deadline that comes while it sleeps still times
/// its turn out (F9).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_an_idle_game_sleeps_and_a_click_or_its_deadline_wakes_it() {
    let world = World::new().await;
    let mut config = world.config();
    config.game.turn_timeout_secs = 3;
    let bot = world.start_bot(config.clone()).await;
    let turn = world.two_player_game(500).await;
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    bot.shutdown().await;

    let before = world.standin.requests().len();
    let bot = world.start_bot(config).await;
    let channel = world.channel.get().into();
    assert_eq!(bot.tables().asleep(), [channel], "it sleeps from the start");
    assert_eq!(bot.tables().open_tables(), 1, "and still counts as open");
    let keep = label_with(&rolled, "3");
    let kept = world.click(world.alice, &rolled, &keep).await;
    assert!(!kept.is_ephemeral(), "{}", kept.text());
    assert!(bot.tables().asleep().is_empty(), "the click woke it");
    let resent = sent_to_channels_before_an_answer(&world, before);
    assert!(resent.is_empty(), "shown again on waking: {resent:?}");
    // Alice walks away: her turn times out, her three 3s banked for her, and bob is up.
    world.turn_of(world.bob).await;
    let scores = world.slash(world.bob, "scores", json!({})).await;
    assert!(scores.text().contains("alice · 9"), "{}", scores.text());
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// A table with nothing to do sleeps after `game.sleep_after_secs`; its next click finds the game
/// as it was, and its deadline, kept while it sleeps, still comes (F9).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_table_sleeps_and_wakes_for_its_next_click_and_its_deadline() {
    let world = World::new().await;
    let mut config = world.config();
    config.game.sleep_after_secs = 1;
    config.game.turn_timeout_secs = 4;
    let bot = world.start_bot(config).await;
    let channel = world.channel.get().into();
    let turn = world.two_player_game(500).await;
    bot.tables().until_asleep(channel).await;
    assert_eq!(bot.tables().open_tables(), 1);
    world.dice.push([4, 4, 4, 1, 2, 3, 5, 1, 2]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    let keep = label_with(&rolled, "4");
    let kept = world.click(world.alice, &rolled, &keep).await;
    assert!(!kept.is_ephemeral(), "{}", kept.text());
    // It sleeps again, and its deadline wakes it: 12 points banked for alice, bob is up.
    bot.tables().until_asleep(channel).await;
    world.turn_of(world.bob).await;
    let scores = world.slash(world.bob, "scores", json!({})).await;
    assert!(scores.text().contains("alice · 12"), "{}", scores.text());
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_times_out_is_banked_for_the_player() {
    let world = World::new().await;
    let mut config = world.config();
    config.game.turn_timeout_secs = 1;
    let bot = world.start_bot(config).await;
    let turn = world.two_player_game(500).await;
    world.dice.push([4, 4, 4, 1, 2, 3, 5, 1, 2]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    let keep = label_with(&rolled, "4");
    world.click(world.alice, &rolled, &keep).await;
    // Alice walks away: her turn times out, 12 points are banked for her, and bob is up.
    world.turn_of(world.bob).await;
    let ended = world.standin.message(turn.id).unwrap();
    assert!(ended.buttons().is_empty());
    assert!(
        ended.text().to_lowercase().contains("time"),
        "{}",
        ended.text()
    );
    let scores = world.slash(world.bob, "scores", json!({})).await;
    assert!(
        scores.text().contains("alice · 12"),
        "banked for her: {}",
        scores.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_only_bot_seats_are_left_the_game_is_cancelled() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let lobby = world
        .slash(world.alice, "start", json!({ "bots": 2 }))
        .await;
    world.dice.push([5, 1, 1]);
    world.click(world.alice, &lobby, "Start").await;
    let turn = world.turn_of(world.alice).await;
    world.slash(world.alice, "leave", json!({})).await;
    world
        .standin
        .wait_for_message(world.channel, |m| {
            m.id > turn.id && m.buttons().is_empty() && m.text().contains("cancelled")
        })
        .await
        .unwrap();
    let store = world.store().await;
    assert_eq!(
        store
            .open_game_in(world.channel.get().into())
            .await
            .unwrap(),
        None
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_can_manage_messages_may_kick_and_cancel() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    let lobby = world.slash(alice, "start", json!({ "bots": 1 })).await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 1, 1]);
    world.click(alice, &lobby, "Start").await;
    let turn = world.turn_of(alice).await;

    world.standin.grant(carol, 1 << 13); // MANAGE_MESSAGES
    let kicked = world
        .slash(carol, "kick", json!({ "user": bob.to_string() }))
        .await;
    assert!(is_private_answer(&kicked, "removed"), "{}", kicked.text());
    let scores = world.slash(alice, "scores", json!({})).await;
    assert!(
        scores.text().contains("~~bob~~ · 0 (left)"),
        "{}",
        scores.text()
    );
    let not_bob = world.click(bob, &turn, "Roll").await;
    assert!(
        is_private_answer(&not_bob, "not playing"),
        "bob is out: {}",
        not_bob.text()
    );

    world.slash(carol, "cancel", json!({})).await;
    let cancelled = world
        .standin
        .wait_until("the cancelled turn message", |view| {
            let m = view.message(turn.id)?;
            m.buttons().is_empty().then(|| m.clone())
        })
        .await
        .unwrap();
    assert!(
        cancelled.text().contains("cancelled"),
        "{}",
        cancelled.text()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_nobody_starts_closes_and_frees_the_channel() {
    let world = World::new().await;
    let mut config = world.config();
    config.game.lobby_timeout_secs = 1;
    let bot = world.start_bot(config).await;
    let lobby = world.slash(world.alice, "start", json!({})).await;
    assert!(!lobby.buttons().is_empty());
    // Nobody joins or starts: a second later the table closes by itself.
    let closed = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.id == lobby.id && m.buttons().is_empty() && m.text().contains("table closed")
        })
        .await
        .unwrap();
    assert!(closed.text().contains("cancelled before the game started"));
    // The channel is free for a new table.
    let again = world.slash(world.bob, "start", json!({})).await;
    assert_ne!(again.id, lobby.id);
    assert!(again.button_labels().iter().any(|b| b.contains("Join")));
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Rematch, on the end of a finished game: the first of its people to click it opens a new table
/// with the same options (target, bot seats) and hosts it; each other person of that game who
/// clicks it takes a seat; nobody else may, and not while another game (even another's lobby) is
/// open in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_brings_the_same_people_and_bots_back_with_the_same_target() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    let lobby = world
        .slash(alice, "start", json!({ "target": 50, "bots": 1 }))
        .await;
    world.click(bob, &lobby, "Join").await;
    world.dice.push([5, 2, 1]); // roll-off: alice first (seated alice, Bot 1, bob)
    world.click(alice, &lobby, "Start").await;
    // Alice banks 120 (F10: the others have a last turn each), the bot plays its last turn by
    // itself, and bob spells FORGET IT.
    let turn = world.turn_of(alice).await;
    world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let kept = world.click(alice, &rolled, &label_with(&rolled, "5")).await;
    world.click(alice, &kept, &label_with(&kept, "Bank")).await;
    let turn = world.turn_of(bob).await;
    world.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    world.click(bob, &turn, "Roll").await;
    let over = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.button_labels() == ["Rematch", "Review"]
        })
        .await
        .unwrap();
    assert!(over.text().contains("wins"), "{}", over.text());

    // Carol did not play it.
    let refused = world.click(carol, &over, "Rematch").await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.text().contains("Only the players of that game"),
        "{}",
        refused.text()
    );
    // A lobby opened by someone else is not the rematch: Rematch seats no one there.
    let store = world.store().await;
    world.slash(carol, "start", json!({})).await;
    let (other, _) = store
        .open_game_in(world.channel.get().into())
        .await
        .unwrap()
        .expect("carol's lobby");
    let busy = world.click(alice, &over, "Rematch").await;
    assert!(busy.is_ephemeral());
    assert!(
        busy.text()
            .contains("There is already [a game of **For Get It**](https://discord.com/channels/"),
        "{}",
        busy.text()
    );
    assert_eq!(store.seats(other).await.unwrap().len(), 1);
    world.slash(carol, "cancel", json!({})).await;

    // Bob asks first: a new table, his, with the bot seat back and the same target.
    let rematch = world.click(bob, &over, "Rematch").await;
    assert!(!rematch.is_ephemeral(), "{}", rematch.text());
    assert!(rematch.button_labels().contains(&"Join".to_string()));
    let text = rematch.text();
    assert!(text.contains("bob") && text.contains("Bot 1"), "{text}");
    assert!(!text.contains("alice"), "{text}");
    assert!(text.contains("50"), "the same target: {text}");
    let (new_id, _) = store
        .open_game_in(world.channel.get().into())
        .await
        .unwrap()
        .expect("the rematch is open");
    let game = store.load::<Game>(new_id).await.unwrap().game;
    assert_eq!(game.settings.target, 50);
    assert_eq!(game.host, Player::Person(bob.get().into()));
    // Alice's click seats her at it (answered privately; the lobby shows her).
    let joined = world.click(alice, &over, "Rematch").await;
    assert!(joined.is_ephemeral(), "{}", joined.text());
    world
        .standin
        .wait_until("alice in the rematch's lobby", |view| {
            view.message(rematch.id)?
                .text()
                .contains("alice")
                .then_some(())
        })
        .await
        .unwrap();
    let seats = store.seats(new_id).await.unwrap();
    let players: Vec<Player> = seats.iter().map(|s| s.player).collect();
    assert_eq!(
        players,
        [
            Player::Person(bob.get().into()),
            Player::Bot(1),
            Player::Person(alice.get().into())
        ]
    );
    // Once it is being played, Rematch opens nothing more.
    world.dice.push([5, 2, 1]);
    world.click(bob, &rematch, "Start").await;
    let busy = world.click(alice, &over, "Rematch").await;
    assert!(busy.is_ephemeral());
    // Alice is seated in it: she is told so, with a link to it.
    assert!(
        busy.text()
            .contains("already playing [a game of **For Get It**](https://discord.com/channels/"),
        "{}",
        busy.text()
    );
    assert_eq!(
        store
            .open_game_in(world.channel.get().into())
            .await
            .unwrap(),
        Some((new_id, forgetit::games::forgetit::KIND.as_str().to_string()))
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Leaderboards of a period (issue "What players come back for": "a week period excluding an
/// older game"): `period: last 7 days` counts only the games finished in the last 7 days (the
/// title says so); all time (the default) counts every game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaderboard_of_the_last_week_leaves_out_an_older_game() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    // Two games, each won by the one left when the other leaves: bob, then alice.
    for (leaver, winner) in [(alice, bob), (bob, alice)] {
        world.two_player_game(500).await;
        world.slash(leaver, "leave", json!({})).await;
        world
            .standin
            .wait_for_message(world.channel, |m| {
                m.button_labels() == ["Rematch", "Review"]
                    && m.content().contains(&format!("<@{winner}>"))
                    && m.content().contains("wins")
            })
            .await
            .unwrap();
    }
    // The first finished 8 days ago.
    let eight_days = 8 * 24 * 60 * 60 * 1000;
    world
        .execute(&format!(
            "UPDATE results SET finished_ms = finished_ms - {eight_days} \
             WHERE game_id = (SELECT MIN(game_id) FROM results)"
        ))
        .await;
    // poise choices are indexes: scope 0 this server; by 0 wins; period 0 the last 7 days.
    let week = world
        .slash(alice, "leaderboard", json!({ "period": 0 }))
        .await
        .text();
    assert!(week.contains("last 7 days"), "{week}");
    assert!(
        week.contains("alice · 1") && week.contains("bob · 0"),
        "{week}"
    );
    let all = world.slash(alice, "leaderboard", json!({})).await.text();
    assert!(!all.contains("last 7 days"), "{all}");
    assert!(
        all.contains("alice · 1") && all.contains("bob · 1"),
        "{all}"
    );
    // Two rated games: her stats show her rating over them, as a chart and in its alt text.
    let stats = world.slash(alice, "stats", json!({})).await;
    assert!(stats.is_ephemeral());
    let chart = stats.attachment("rating.png").expect("a rating chart");
    assert!(chart.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let alt = chart.description.as_deref().unwrap_or_default();
    assert!(alt.contains("rating over their last 2 games"), "{alt}");
    let image = stats.embeds()[0]["image"]["url"]
        .as_str()
        .unwrap_or_default();
    assert!(image.ends_with("/rating.png"), "{image}");
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Ratings (issue "What players come back for": "ratings after a 3-seat game with a shared
/// win"): alice and bob share the win over the bot seat; `by: rating` ranks them first together
/// (the same rating); the bot seat, rated too, is on no board (issue #44: one rule for bot seats
/// on every board, said in the footer).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_win_over_a_bot_seat_rates_all_three() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    let lobby = world.slash(alice, "start", json!({ "target": 50 })).await;
    world.click(bob, &lobby, "Join").await;
    world.click(alice, &lobby, "Add bot").await;
    // Seated alice, bob, Bot 1, who play in that order from the roll-off's winner, alice.
    world.dice.push([5, 2, 1]);
    world.click(alice, &lobby, "Start").await;
    // Alice banks 120 (F10: the others have a last turn each), bob ties her, and the bot's last
    // roll spells FORGET IT.
    for (player, more) in [(alice, vec![]), (bob, vec![W, 1, 1, W, 2, 2, W, 3, 3])] {
        let turn = world.turn_of(player).await;
        world.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
        world.dice.push(more);
        let rolled = world.click(player, &turn, "Roll").await;
        let kept = world
            .click(player, &rolled, &label_with(&rolled, "5"))
            .await;
        world.click(player, &kept, &label_with(&kept, "Bank")).await;
    }
    let over = world
        .standin
        .wait_for_message(world.channel, |m| {
            m.button_labels() == ["Rematch", "Review"]
        })
        .await
        .unwrap();
    assert!(over.text().contains("share the win"), "{}", over.text());

    // poise choices are indexes: by 3 is the rating.
    let board = world
        .slash(alice, "leaderboard", json!({ "by": 3 }))
        .await
        .text();
    let line = |who: &str| {
        board
            .lines()
            .find(|l| l.contains(who))
            .unwrap_or_else(|| panic!("no {who}: {board}"))
            .to_string()
    };
    let (a, b) = (line("alice"), line("bob"));
    assert!(
        board.contains("🏆 For Get It · this server · by rating"),
        "{board}"
    );
    assert!(a.starts_with("🥇") && b.starts_with("🥇"), "{board}");
    // Bot seats are on no board, and the footer says so.
    assert!(!board.contains("Bot 1"), "{board}");
    assert!(board.contains("Bot seats are not ranked"), "{board}");
    let value = |l: &str| l.rsplit(" · ").next().unwrap().parse::<f64>().unwrap();
    assert_eq!(value(&a), value(&b), "{board}");
    bot.shutdown().await;
    world.standin.assert_clean();
}
