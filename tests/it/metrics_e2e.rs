//! `metrics.listen`: the real bot against the stand-in serves `/metrics` (Prometheus' text
//! format) and `/healthz`. The recorder is the process's, shared by every bot of this test
//! binary: counters are read as how much they moved, a bot's own gauges as they are.

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use discord_standin::GatewayFault;
use forgetit::config::Config;
use forgetit::discord::RunningBot;
use serde_json::json;

/// `world`'s config, with the metrics served on a free port of localhost.
fn config(world: &World) -> Config {
    let mut config = world.config();
    config.metrics.listen = Some("127.0.0.1:0".parse().unwrap());
    config
}

/// GET `path` of the bot's metrics server: the status and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let response = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// One scrape of `/metrics`.
struct Scrape(String);

impl Scrape {
    async fn of(addr: SocketAddr) -> Scrape {
        let (status, body) = get(addr, "/metrics").await;
        assert_eq!(status, 200, "{body}");
        Scrape(body)
    }

    /// The sum of the series named `name` whose labels include `labels` (0 if there is none).
    fn value(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        self.0
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let (series, value) = line.rsplit_once(' ')?;
                let (series_name, series_labels) = match series.split_once('{') {
                    Some((n, rest)) => (n, rest.trim_end_matches('}')),
                    None => (series, ""),
                };
                let has = |(k, v): &(&str, &str)| {
                    series_labels
                        .split(',')
                        .any(|pair| pair == format!("{k}=\"{v}\""))
                };
                (series_name == name && labels.iter().all(has)).then(|| value.parse::<f64>())
            })
            .map(Result::unwrap)
            .sum()
    }

    /// How much the series moved since `before`.
    fn moved(&self, before: &Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
        self.value(name, labels) - before.value(name, labels)
    }
}

/// `/healthz` once its status is `status`: asked again at each change of a shard's connection
/// stage (which `/healthz` reads), for at most 30 s; returns the body.
async fn health_becomes(bot: &RunningBot, addr: SocketAddr, status: u16) -> String {
    let mut changes = bot.shard_changes();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        changes.borrow_and_update();
        let (now, body) = get(addr, "/healthz").await;
        if now == status {
            return body;
        }
        let changed = tokio::time::timeout_at(deadline, changes.changed()).await;
        assert!(
            matches!(changed, Ok(Ok(()))),
            "/healthz stayed {now} ({body:?}), not {status}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_move_with_a_game() {
    let world = World::new().await;
    let bot = world.start_bot(config(&world)).await;
    let addr = bot.metrics_addr().expect("the metrics are served");
    let before = Scrape::of(addr).await;
    assert_eq!(
        before.value("forgetit_open_tables", &[]),
        0.0,
        "{}",
        before.0
    );

    // A slash command and two clicks: the lobby, bob joins, alice starts.
    let turn = world.two_player_game(500).await;
    // alice rolls and keeps: two more clicks, two more commits.
    world.dice.push([2, 2, 1, 3, 4, 5, 1, 3, 4]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    world.click(world.alice, &rolled, "Keep 2s").await;
    bot.tables().settled().await;
    let after = Scrape::of(addr).await;

    let received = "forgetit_interactions_received_total";
    assert!(after.moved(&before, received, &[("kind", "command")]) >= 1.0);
    assert!(after.moved(&before, received, &[("kind", "component")]) >= 4.0);
    let answered = |kind| {
        let count = |outcome| {
            after.moved(
                &before,
                "forgetit_interactions_total",
                &[("kind", kind), ("outcome", outcome)],
            )
        };
        count("answered") + count("deferred")
    };
    assert!(answered("command") >= 1.0, "{}", after.0);
    assert!(answered("component") >= 4.0, "{}", after.0);
    // The time to answer is a histogram, each answer in its buckets.
    let timed = after.moved(
        &before,
        "forgetit_answer_seconds_count",
        &[("kind", "component")],
    );
    assert!(timed >= 4.0, "{}", after.0);
    let within_3s = after.moved(
        &before,
        "forgetit_answer_seconds_bucket",
        &[("kind", "component"), ("le", "3")],
    );
    assert!(within_3s >= 4.0, "{}", after.0);
    // Join, Start, Roll and Keep are committed, in one or more transactions.
    assert!(after.moved(&before, "forgetit_commits_total", &[]) >= 4.0);
    assert!(after.moved(&before, "forgetit_commit_batch_size_count", &[]) >= 1.0);
    assert!(after.moved(&before, "forgetit_commit_batch_size_sum", &[]) >= 4.0);
    // Each answer and each message posted or edited was taken.
    let taken = after.moved(
        &before,
        "forgetit_rest_responses_total",
        &[("status", "2xx")],
    );
    assert!(taken >= 5.0, "{}", after.0);
    // This bot's state: one table open, its shard connected, Unicode dice.
    assert_eq!(after.value("forgetit_open_tables", &[]), 1.0, "{}", after.0);
    let connected = after.value("forgetit_gateway_shard_connected", &[("shard", "0")]);
    assert_eq!(connected, 1.0, "{}", after.0);
    assert_eq!(
        after.value("forgetit_dice_mode", &[("mode", "unicode")]),
        1.0
    );
    assert_eq!(
        after.value("forgetit_dice_mode", &[("mode", "pictures")]),
        0.0
    );
    assert!(after.0.contains("# TYPE forgetit_answer_seconds histogram"));
    assert!(after
        .0
        .contains("# TYPE forgetit_commit_batch_size histogram"));
    assert!(!after.0.contains(&world.standin.token()), "no token shown");

    // alice leaves: bob, the last seat, wins, and the table is no longer open.
    world.slash(world.alice, "leave", json!({})).await;
    bot.tables().settled().await;
    let over = Scrape::of(addr).await;
    assert_eq!(over.value("forgetit_open_tables", &[]), 0.0, "{}", over.0);
    bot.shutdown().await;
    assert!(
        reqwest::get(format!("http://{addr}/metrics"))
            .await
            .is_err(),
        "the server stops with the bot"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_503_while_the_gateway_is_down() {
    let world = World::new().await;
    let bot = world.start_bot(config(&world)).await;
    let addr = bot.metrics_addr().expect("the metrics are served");
    assert_eq!(health_becomes(&bot, addr, 200).await, "ok\n");
    let before = Scrape::of(addr).await;

    // A gateway outage: Discord ends the session, and new connections get no HELLO.
    world.standin.block_gateway();
    let hit = world
        .standin
        .gateway_fault(GatewayFault::InvalidSession { resumable: false });
    assert_eq!(hit, 1);
    world.standin.wait_for_disconnects(1).await.unwrap();
    // serenity restarts the shard: its runner is gone from the shard manager before the new one
    // connects (and then waits for a HELLO that does not come).
    world.standin.wait_for_connects(2).await.unwrap();
    let (status, down) = get(addr, "/healthz").await;
    assert_eq!(status, 503, "{down}");
    assert!(down.contains("shard 0 is not connected"), "{down}");
    assert!(!down.contains("database"), "the database answers: {down}");
    let scrape = Scrape::of(addr).await;
    let connected = scrape.value("forgetit_gateway_shard_connected", &[("shard", "0")]);
    assert_eq!(connected, 0.0, "{}", scrape.0);

    // Back: the shard identifies anew, and the bot is healthy again.
    world.standin.unblock_gateway();
    world.standin.wait_for_identifies(2).await.unwrap();
    assert_eq!(health_becomes(&bot, addr, 200).await, "ok\n");
    // And it plays.
    let lobby = world.slash(world.alice, "start", json!({})).await;
    assert!(lobby.button_labels().contains(&"Join".to_string()));
    let after = Scrape::of(addr).await;
    let reconnects = after.moved(
        &before,
        "forgetit_gateway_reconnects_total",
        &[("shard", "0"), ("how", "identify")],
    );
    assert!(reconnects >= 1.0, "{}", after.0);
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_metrics_server_unless_configured() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    assert_eq!(bot.metrics_addr(), None);
    bot.shutdown().await;
}
