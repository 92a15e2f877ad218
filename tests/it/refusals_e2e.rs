//! Refusals that help and boards that say what they count (issue #44), end to end through the
//! Discord stand-in: a move out of turn names whose turn it is and links the turn's message; a
//! busy channel's answer names the channel and links its game, to a newcomer and to someone
//! already playing there; `config set` with a duration it refuses quotes the value typed and
//! examples, each of which it then takes; an empty Pig board names Pig. The texts themselves, in
//! English and French, and the property that every example quoted is accepted: `refusals`.

use crate::common;

use common::*;
use discord_standin::Message;
use serde_json::json;

fn private(message: &Message) -> String {
    assert!(
        message.is_ephemeral(),
        "a private answer: {}",
        message.text()
    );
    message.text().trim().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_out_of_turn_names_whose_turn_it_is_and_links_the_turn() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let turn = world.two_player_game(500).await;
    let refused = world.click(world.bob, &turn, "Roll").await;
    let link = format!(
        "https://discord.com/channels/{}/{}/{}",
        world.standin.guild_id(),
        world.channel,
        turn.id
    );
    assert_eq!(
        private(&refused),
        format!("It's **alice**'s turn, not yours. [Go to the turn]({link}).")
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_channels_answer_names_the_channel_and_links_its_game() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let lobby = world.slash(world.alice, "start", json!({})).await;
    let link = format!(
        "https://discord.com/channels/{}/{}/{}",
        world.standin.guild_id(),
        world.channel,
        lobby.id
    );
    let channel = format!("<#{}>", world.channel);
    // Someone else: where the game is, and what they may do.
    let busy = world.slash(world.bob, "start", json!({})).await;
    let text = private(&busy);
    assert!(
        text.starts_with(&format!(
            "There is already [a game of **For Get It**]({link}) in {channel}: join it, wait \
             for it to end, or start yours in another channel."
        )),
        "{text}"
    );
    // Its host, already seated: where they play it.
    let seated = world.slash(world.alice, "start", json!({})).await;
    assert_eq!(
        private(&seated),
        format!("You're already playing [a game of **For Get It**]({link}) in {channel}: carry on there.")
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_duration_is_quoted_with_examples_the_setting_then_takes() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    world.standin.grant(world.alice, 1 << 5);
    let set = |options| world.command(world.alice, "forgetit", "config set", options);
    // The tester's: `1.5s` was quoted as an example for the time for each move, and refused.
    let refused = set(json!({ "turn-timeout": "1.5s" })).await;
    let text = private(&refused);
    assert_eq!(
        text,
        "You entered `1.5s`. **turn-timeout** takes a duration from 30 s to 7 d, such as `30s`, \
         `1h` or `7d`: nothing was done."
    );
    // And `5m` for the bot seats' pace.
    let refused = set(json!({ "bot-pace": "5m" })).await;
    let paced = private(&refused);
    assert!(
        paced.starts_with("You entered `5m`. **bot-pace**"),
        "{paced}"
    );
    // Each example quoted is taken.
    for (option, text) in [("turn-timeout", &text), ("bot-pace", &paced)] {
        let examples: Vec<&str> = text.split('`').skip(1).step_by(2).skip(1).collect();
        assert_eq!(examples.len(), 3, "{text}");
        for example in examples {
            let saved = set(json!({ option: example })).await;
            assert!(
                private(&saved).contains("Saved"),
                "{option}: {example}: {}",
                saved.text()
            );
        }
    }
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_pig_board_names_pig() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let board = world
        .command(world.alice, "pig", "leaderboard", json!({}))
        .await;
    let text = board.text();
    assert!(text.contains("🏆 Pig · this server · by wins"), "{text}");
    assert!(
        text.contains("Nobody is on this board yet: finish a game of Pig to be the first!"),
        "{text}"
    );
    assert!(text.contains("Bot seats are not ranked"), "{text}");
    bot.shutdown().await;
    world.standin.assert_clean();
}
