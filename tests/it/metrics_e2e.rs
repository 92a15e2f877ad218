//! `metrics.listen`: the real bot against the stand-in serves `/metrics` (Prometheus' text
//! format) and `/healthz`. The recorder is the process's, shared by every bot of this test
//! binary: counters are read as how much they moved, a bot's own gauges as they are; the first
//! scrape of a bot is checked in a process of its own (a fresh recorder), every series at zero.

use crate::common;

use std::collections::BTreeMap;
use std::io::Write;
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
use discord_standin::GatewayFault;
use forgetit::config::Config;
use forgetit::discord::RunningBot;
use forgetit::telemetry::{self, Type, Values, METRICS};
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
        self.series(name, labels).sum()
    }

    /// Whether a series named `name` has all of `labels`.
    fn has(&self, name: &str, labels: &[(&str, &str)]) -> bool {
        self.series(name, labels).next().is_some()
    }

    /// The values of the series named `name` whose labels include `labels`.
    fn series<'a>(
        &'a self,
        name: &'a str,
        labels: &'a [(&'a str, &'a str)],
    ) -> impl Iterator<Item = f64> + 'a {
        self.0
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(move |line| {
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
                (series_name == name && labels.iter().all(has)).then(|| value.parse().unwrap())
            })
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

/// A table asleep is still an open game: counted in `forgetit_open_tables`, and in
/// `forgetit_tables_asleep` until a click wakes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_asleep_is_counted_open_and_asleep() {
    let world = World::new().await;
    let mut config = config(&world);
    config.game.sleep_after_secs = 1;
    let bot = world.start_bot(config).await;
    let addr = bot.metrics_addr().expect("the metrics are served");
    let turn = world.two_player_game(500).await;
    bot.tables().until_asleep(world.channel.get().into()).await;
    // (open tables, of them asleep)
    let counts = |s: &Scrape| {
        (
            s.value("forgetit_open_tables", &[]),
            s.value("forgetit_tables_asleep", &[]),
        )
    };
    let asleep = Scrape::of(addr).await;
    assert_eq!(counts(&asleep), (1.0, 1.0), "{}", asleep.0);
    world.dice.push([1, 2, 3, 4, 5, 1, 2, 3, 4]);
    world.click(world.alice, &turn, "Roll").await;
    let awake = Scrape::of(addr).await;
    assert_eq!(counts(&awake), (1.0, 0.0), "{}", awake.0);
    bot.shutdown().await;
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
    // And each was timed, by route group (the stand-in is the bot's REST proxy here).
    let timed = |route| {
        after.moved(
            &before,
            "forgetit_rest_request_seconds_count",
            &[("route", route)],
        )
    };
    assert!(timed("interaction") >= 5.0, "{}", after.0);
    // This bot's state: one table open (awake), its shard connected, Unicode dice.
    assert_eq!(after.value("forgetit_open_tables", &[]), 1.0, "{}", after.0);
    assert_eq!(
        after.value("forgetit_tables_asleep", &[]),
        0.0,
        "{}",
        after.0
    );
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
    // A shard down has no latency (not its last heartbeat's), its HELP still there.
    let latency = "forgetit_gateway_latency_seconds";
    assert!(!scrape.has(latency, &[("shard", "0")]), "{}", scrape.0);
    assert!(scrape.0.contains(&format!("# HELP {latency} ")));

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

/// Set in the process of its own that [`every_series_is_there_from_the_first_scrape`] runs in.
const FRESH: &str = "FORGETIT_TEST_FRESH_RECORDER";

/// Every documented series is in the first scrape of a bot, at zero, with its `# HELP` and
/// `# TYPE` (so that `increase()` sees the first event), and Prometheus' `promtool check metrics`
/// accepts the scrape. Checked in a process of its own (this test binary, this test alone): the
/// recorder is the process's, which the other tests' bots count into.
#[test]
fn every_series_is_there_from_the_first_scrape() {
    if std::env::var_os(FRESH).is_some() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        return runtime.block_on(first_scrape());
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "metrics_e2e::every_series_is_there_from_the_first_scrape",
            "--test-threads=1",
            "--nocapture",
        ])
        .env(FRESH, "1")
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    assert!(said.contains("1 passed"), "the check ran: {said}");
}

/// The metrics table of docs/operating.md, "Metrics and health": each metric's type and HELP.
fn documented() -> BTreeMap<String, (String, String)> {
    let docs = std::fs::read_to_string("docs/operating.md").unwrap();
    let section = docs
        .split("\n## ")
        .find(|s| s.starts_with("Metrics and health"))
        .expect("docs/operating.md has a \"Metrics and health\" section");
    section
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 4, "metric | type | labels | HELP: {line}");
            let name = cells[0].trim_matches('`').to_string();
            (name, (cells[1].to_string(), cells[3].to_string()))
        })
        .collect()
}

async fn first_scrape() {
    let world = World::new().await;
    let bot = world.start_bot(config(&world)).await;
    let addr = bot.metrics_addr().expect("the metrics are served");
    // Its shard known (and connected): the series of each shard are there too.
    health_becomes(&bot, addr, 200).await;
    let scrape = Scrape::of(addr).await;
    let text = &scrape.0;

    // Every metric the bot has is documented, and every documented one is in the scrape, with the
    // documented type and HELP.
    let documented = documented();
    for metric in METRICS {
        let (kind, help) = documented
            .get(metric.name)
            .unwrap_or_else(|| panic!("{} is not in docs/operating.md's table", metric.name));
        assert_eq!(
            kind,
            metric.kind.as_str(),
            "{}'s type in the docs",
            metric.name
        );
        assert_eq!(help, metric.help, "{}'s HELP in the docs", metric.name);
    }
    for (name, (kind, help)) in &documented {
        let help_line = format!("# HELP {name} {help}\n");
        assert!(text.contains(&help_line), "no `{help_line}` in:\n{text}");
        let type_line = format!("# TYPE {name} {kind}\n");
        assert!(text.contains(&type_line), "no `{type_line}` in:\n{text}");
    }

    // Each series of each label's values, at zero: the counters, and the histograms' counts.
    for metric in METRICS {
        let mut combinations: Vec<Vec<(&str, &str)>> = vec![Vec::new()];
        for (label, values) in metric.labels {
            let values: &[&str] = match values {
                Values::These(values) => values,
                Values::Shards => &["0"],
                Values::Any => continue,
            };
            combinations = combinations
                .into_iter()
                .flat_map(|labels| {
                    values.iter().map(move |v| {
                        let mut labels = labels.clone();
                        labels.push((*label, *v));
                        labels
                    })
                })
                .collect();
        }
        for labels in combinations {
            match metric.kind {
                Type::Counter => {
                    assert!(
                        scrape.has(metric.name, &labels),
                        "{} {labels:?}:\n{text}",
                        metric.name
                    );
                    assert_eq!(
                        scrape.value(metric.name, &labels),
                        0.0,
                        "{} {labels:?}",
                        metric.name
                    );
                }
                Type::Histogram => {
                    let count = format!("{}_count", metric.name);
                    assert!(scrape.has(&count, &labels), "{count} {labels:?}:\n{text}");
                    assert_eq!(scrape.value(&count, &labels), 0.0, "{count} {labels:?}");
                    let bucket = format!("{}_bucket", metric.name);
                    let mut all = labels.clone();
                    all.push(("le", "+Inf"));
                    assert_eq!(scrape.value(&bucket, &all), 0.0, "{bucket} {labels:?}");
                }
                // A gauge is the bot's state: there, but not zero (a connected shard is 1); the
                // latency only once a heartbeat came back.
                Type::Gauge if metric.name == telemetry::SHARD_LATENCY => {}
                Type::Gauge => {
                    assert!(
                        scrape.has(metric.name, &labels),
                        "{} {labels:?}:\n{text}",
                        metric.name
                    );
                }
            }
        }
    }
    let build = [
        ("version", env!("CARGO_PKG_VERSION")),
        (
            "profile",
            if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
        ),
    ];
    assert_eq!(scrape.value(telemetry::BUILD_INFO, &build), 1.0, "{text}");
    assert_eq!(
        scrape.value("forgetit_gateway_shard_connected", &[("shard", "0")]),
        1.0
    );
    assert_eq!(scrape.value("forgetit_open_tables", &[]), 0.0);
    // The process: its memory, its files (the database, the sockets), when it started.
    assert!(
        scrape.value("process_resident_memory_bytes", &[]) > 0.0,
        "{text}"
    );
    assert!(scrape.value("process_open_fds", &[]) > 0.0, "{text}");
    let started = scrape.value("process_start_time_seconds", &[]);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    assert!(
        started > now - 3600.0 && started <= now + 1.0,
        "{started} vs {now}"
    );

    promtool_accepts(text);
    bot.shutdown().await;
}

/// Prometheus' own `promtool check metrics` reads `text` without an error (Debian's package
/// `prometheus`; `cargo xtask test` installs it).
fn promtool_accepts(text: &str) {
    let promtool = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut promtool = match promtool {
        Ok(child) => child,
        Err(e) => panic!(
            "promtool cannot run ({e}): install Debian's package `prometheus` \
             (`apt-get install --no-install-recommends prometheus`, or `cargo xtask test`)"
        ),
    };
    promtool
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = promtool.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "promtool check metrics: {}{}\n{text}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
