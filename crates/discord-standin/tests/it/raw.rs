//! Interactions the test writes itself (`RawInteraction`): unchecked options, and DMs (no guild,
//! no member), through a real poise bot.

use crate::common;

use discord_standin::{RawInteraction, Standin};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn raw_commands_reach_the_bot_unchecked_and_dms_have_no_guild() {
    let standin = Standin::start().await;
    let bot = common::start_bot(&standin).await;
    let alice = standin.user("alice");
    let channel = standin.channel_id();
    standin.wait_for_command("forgetit").await.unwrap();

    // From alice's DM: no guild, no member; the answer lands in her DM channel.
    let info = json!({"name": "forgetit", "options": [{"name": "info", "type": 1, "options": []}]});
    let sent = standin
        .send_raw(alice, RawInteraction::command(channel, info).in_dm())
        .await
        .unwrap();
    let answer = sent.answer().await.unwrap();
    assert_eq!(answer.channel_id, standin.dm_channel(alice));
    assert!(
        answer.content().starts_with("guild=? "),
        "{}",
        answer.content()
    );
    assert!(
        answer.content().ends_with("user=alice"),
        "{}",
        answer.content()
    );

    // A value run_slash refuses (players is a u8 option): sent as it is. poise only logs its
    // parse error, so nothing answers it, and the stand-in says so.
    let data = json!({"name": "forgetit", "options": [{"name": "start", "type": 1,
        "options": [{"name": "players", "type": 4, "value": -1}]}]});
    assert!(standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("start"),
            json!({"players": -1})
        )
        .await
        .is_err());
    let mut errors = common::FRAMEWORK_ERRORS.subscribe();
    let sent = standin
        .send_raw(alice, RawInteraction::command(channel, data))
        .await
        .unwrap();
    common::framework_error(&mut errors, "start").await;
    assert!(sent.record().responses.is_empty());
    let problems = standin.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("/forgetit start"), "{problems:?}");
    bot.abort();
}
