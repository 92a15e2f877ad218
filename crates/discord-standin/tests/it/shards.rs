//! Sharding as Discord does it: guild ids on known shards, `GET /gateway/bot` recommending the
//! shard count, each session getting only its shard's guilds, and each interaction sent on the
//! session of its guild's shard.

use crate::common;

use discord_standin::{shard_of, Standin};
use serde_json::{json, Value};

fn shard_of_payload(identify: &Value) -> [u64; 2] {
    let shard = identify["shard"]
        .as_array()
        .expect("IDENTIFY names its shard");
    [shard[0].as_u64().unwrap(), shard[1].as_u64().unwrap()]
}

#[test]
fn guilds_are_placed_on_the_shards_in_turn() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let standin = Standin::builder()
            .shard_count(3)
            .extra_guild("Second", &["general", "dice"])
            .extra_guild("Third", &["general"])
            .extra_guild("Fourth", &["general"])
            .start()
            .await;
        let guilds = standin.guilds();
        let shards: Vec<u32> = guilds.iter().map(|g| shard_of(g.id, 3)).collect();
        assert_eq!(shards, [0, 1, 2, 0]);
        let ids: Vec<u64> = guilds.iter().map(|g| g.id.get()).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids still increase");
        let second = standin.guild("Second");
        assert_eq!(second, guilds[1].id);
        assert_ne!(
            standin.channel_in(second, "general"),
            standin.channel_id(),
            "each guild has its own #general"
        );
        assert_eq!(
            standin.first_channel_of(second),
            standin.channel_in(second, "general")
        );
        assert_eq!(standin.shard_count(), 3);
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_shard_gets_its_own_guilds_and_their_interactions() {
    let standin = Standin::builder()
        .shard_count(2)
        .extra_guild("Second", &["general"])
        .start()
        .await;
    let (first, second) = (standin.guild_id(), standin.guild("Second"));
    let bot = common::start_autosharded_bot(&standin).await;
    assert_eq!(standin.wait_for_guild_session(first).await.unwrap(), [0, 2]);
    assert_eq!(
        standin.wait_for_guild_session(second).await.unwrap(),
        [1, 2]
    );
    standin.wait_for_command("forgetit").await.unwrap();

    // The bot asked the "proxy" how many shards to run, and identified each once.
    assert!(standin
        .requests()
        .iter()
        .any(|r| r.route.as_deref() == Some("/gateway/bot")));
    let mut identified: Vec<[u64; 2]> = standin.identifies().iter().map(shard_of_payload).collect();
    identified.sort();
    assert_eq!(identified, [[0, 2], [1, 2]]);
    let mut sessions = standin.sessions();
    sessions.sort();
    assert_eq!(sessions, [[0, 2], [1, 2]]);

    // READY and GUILD_CREATE: each session only its shard's guild.
    let dispatched = standin.dispatched();
    let ready_guilds: Vec<Vec<String>> = dispatched
        .iter()
        .filter(|(event, _)| event == "READY")
        .map(|(_, d)| {
            d["guilds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect();
    assert_eq!(ready_guilds.len(), 2);
    assert!(
        ready_guilds.iter().all(|g| g.len() == 1),
        "{ready_guilds:?}"
    );
    let created: Vec<&str> = dispatched
        .iter()
        .filter(|(event, _)| event == "GUILD_CREATE")
        .map(|(_, d)| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(created.len(), 2, "one GUILD_CREATE per guild: {created:?}");

    // An interaction goes to the session of its guild's shard only.
    let alice = standin.user("alice");
    for (guild, name, shard) in [(first, "Test Guild", [0, 2]), (second, "Second", [1, 2])] {
        let channel = standin.first_channel_of(guild);
        let info = standin
            .run_slash(alice, channel, "forgetit", Some("info"), json!({}))
            .await
            .unwrap();
        let answer = info.answer().await.unwrap();
        assert!(
            answer.content().contains(&format!("guild={name}")),
            "{}",
            answer.content()
        );
        assert_eq!(info.record().shards, [shard]);
    }
    bot.abort();
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_running_one_shard_of_two_sees_only_its_guild() {
    let standin = Standin::builder()
        .shard_count(2)
        .extra_guild("Second", &["general"])
        .start()
        .await;
    let mut client = common::client(&standin).await;
    let bot = tokio::spawn(async move { client.start_shard(1, 2).await });
    let second = standin.guild("Second");
    assert_eq!(
        standin.wait_for_guild_session(second).await.unwrap(),
        [1, 2]
    );
    standin.wait_for_command("forgetit").await.unwrap();
    assert_eq!(standin.sessions(), [[1, 2]]);
    let created: Vec<Value> = standin
        .dispatched()
        .into_iter()
        .filter(|(event, _)| event == "GUILD_CREATE")
        .map(|(_, d)| d["id"].clone())
        .collect();
    assert_eq!(created, [json!(second.to_string())]);

    let alice = standin.user("alice");
    let info = standin
        .run_slash(
            alice,
            standin.first_channel_of(second),
            "forgetit",
            Some("info"),
            json!({}),
        )
        .await
        .unwrap();
    assert!(info
        .answer()
        .await
        .unwrap()
        .content()
        .contains("guild=Second"));
    assert_eq!(info.record().shards, [[1, 2]]);
    bot.abort();
    standin.assert_clean();
}
