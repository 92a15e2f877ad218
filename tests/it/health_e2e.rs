//! Health for machines (`metrics.listen`): `/livez` answers from the first moment of a start to
//! the end of its stop and never asks Discord or the database; `/readyz` says why the bot is not
//! ready (`starting`, `gateway`, `database`, `draining`, as JSON); `forgetit healthcheck` asks
//! them for a container. And a stop whose grace period ends with an interaction still in flight
//! tells its person, privately and in their language, that the bot is restarting.

use crate::common;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use common::health::{free_port, get, readyz};
use common::process::{BotProcess, Database};
use common::*;
use discord_standin::GatewayFault;
use forgetit::config::Config;
use forgetit::discord::{self, BotOptions, RunningBot};
use serde_json::json;

/// `world`'s config, with the health endpoints served on a free port of localhost.
fn config(world: &World) -> Config {
    let mut config = world.config();
    config.metrics.listen = Some("127.0.0.1:0".parse().unwrap());
    config
}

/// `/livez` is 200.
async fn alive(addr: SocketAddr) {
    assert_eq!(get(addr, "/livez").await, (200, "alive\n".to_string()));
}

/// `/readyz` once its status is `status`: asked again at each change of a shard's connection
/// stage (which it reads), for at most 30 s; returns its reasons.
async fn readiness_becomes(bot: &RunningBot, addr: SocketAddr, status: u16) -> Vec<String> {
    let mut changes = bot.shard_changes();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        changes.borrow_and_update();
        let (now, reasons, body) = readyz(addr).await;
        if now == status {
            return reasons;
        }
        let changed = tokio::time::timeout_at(deadline, changes.changed()).await;
        assert!(
            matches!(changed, Ok(Ok(()))),
            "/readyz stayed {now} ({body}), not {status}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn livez_answers_and_readyz_says_starting_while_a_start_is_held_before_the_database() {
    let world = World::new().await;
    let config = config(&world);
    let (serving, served) = tokio::sync::oneshot::channel();
    let (release, released) = tokio::sync::oneshot::channel::<()>();
    let clock = world.standin.clock();
    let options = BotOptions {
        http_proxy: Some(world.standin.rest_url()),
        dice: Box::new(world.dice.clone()),
        clock: std::sync::Arc::new(move || clock.now()),
        serving: Some(serving),
        hold_start: Some(Box::pin(async move {
            let _ = released.await;
        })),
        ..BotOptions::default()
    };
    // The start, and what is seen while it is held, side by side (a start is one task).
    let held = async {
        let addr = served.await.expect("served before the database is opened");
        // Held before the database is opened: alive, not ready, and nothing asked of Discord.
        alive(addr).await;
        let (status, reasons, body) = readyz(addr).await;
        assert_eq!(
            (status, reasons),
            (503, vec!["starting".to_string()]),
            "{body}"
        );
        let (status, old) = get(addr, "/healthz").await;
        assert_eq!(status, 503, "/healthz is readiness's old name: {old}");
        assert!(old.contains("starting"), "{old}");
        // Metrics from the first second: every series at zero, with its HELP, before the
        // database is even opened.
        let (status, metrics) = get(addr, "/metrics").await;
        assert_eq!(status, 200, "{metrics}");
        for series in [
            "# HELP forgetit_db_errors_total ",
            "forgetit_build_info{",
            "# HELP forgetit_interactions_total ",
        ] {
            assert!(metrics.contains(series), "{series} in:\n{metrics}");
        }
        assert_eq!(
            world.standin.connects(),
            0,
            "no shard before the start is released"
        );

        release.send(()).unwrap();
        addr
    };
    let (started, addr) = tokio::join!(discord::start(&config, options), held);
    let bot = started.expect("the start goes on");
    assert_eq!(bot.metrics_addr(), Some(addr));
    world.standin.wait_for_command("forgetit").await.unwrap();
    assert_eq!(
        readiness_becomes(&bot, addr, 200).await,
        Vec::<String>::new()
    );
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
    alive(addr).await;
    bot.shutdown().await;
    assert!(
        reqwest::get(format!("http://{addr}/livez")).await.is_err(),
        "the server stops at the end of the stop"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_gateway_while_the_shard_is_down_and_livez_stays_200() {
    let world = World::new().await;
    let bot = world.start_bot(config(&world)).await;
    let addr = bot.metrics_addr().unwrap();
    readiness_becomes(&bot, addr, 200).await;

    world.standin.block_gateway();
    let hit = world
        .standin
        .gateway_fault(GatewayFault::InvalidSession { resumable: false });
    assert_eq!(hit, 1);
    world.standin.wait_for_disconnects(1).await.unwrap();
    world.standin.wait_for_connects(2).await.unwrap();
    let (status, reasons, body) = readyz(addr).await;
    assert_eq!(
        (status, reasons),
        (503, vec!["gateway".to_string()]),
        "{body}"
    );
    let detail = body["reasons"][0]["detail"].as_str().unwrap();
    assert!(detail.contains("shard 0 is not connected"), "{body}");
    alive(addr).await;

    world.standin.unblock_gateway();
    world.standin.wait_for_identifies(2).await.unwrap();
    readiness_becomes(&bot, addr, 200).await;
    bot.shutdown().await;
}

/// `chattr` on `files` (as `faults_e2e` makes a database read-only under a running bot).
fn chattr(flag: &str, files: &[PathBuf]) {
    let done = Command::new("chattr")
        .arg(flag)
        .args(files)
        .status()
        .expect("run chattr");
    assert!(
        done.success(),
        "chattr {flag} (the tests run as root, on ext4)"
    );
}

/// Gives the files back, whatever the test did.
struct Immutable(Vec<PathBuf>);

impl Drop for Immutable {
    fn drop(&mut self) {
        chattr("-i", &self.0);
    }
}

/// A database that does not take writes: on SQLite a read-only file (the old `/healthz` read
/// `SELECT 1` on the read pool, which a read-only disk still answers; `/readyz` commits a
/// write); on PostgreSQL (whose files are its server's) the table `/readyz` writes to locked by
/// another session, so that its write does not commit in time. `/readyz` says `database`,
/// `/livez` stays 200, and both come back once it takes writes again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_database_while_the_database_takes_no_write_and_livez_stays_200() {
    let world = World::new().await;
    let bot = world.start_bot(config(&world)).await;
    let addr = bot.metrics_addr().unwrap();
    readiness_becomes(&bot, addr, 200).await;

    enum Blocked {
        Sqlite(Immutable),
        Postgres(sqlx::PgConnection),
    }
    let blocked = match &world.postgres {
        None => {
            let files = vec![world.db.clone(), world.db.with_extension("db-wal")];
            chattr("+i", &files);
            Blocked::Sqlite(Immutable(files))
        }
        Some(url) => {
            use sqlx::{Connection, Executor};
            let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
            conn.execute("BEGIN").await.unwrap();
            conn.execute("LOCK TABLE app_versions IN EXCLUSIVE MODE")
                .await
                .unwrap();
            Blocked::Postgres(conn)
        }
    };
    let (status, reasons, body) = readyz(addr).await;
    assert_eq!(
        (status, reasons),
        (503, vec!["database".to_string()]),
        "{body}"
    );
    alive(addr).await;
    match blocked {
        Blocked::Sqlite(immutable) => drop(immutable),
        Blocked::Postgres(mut conn) => {
            use sqlx::Executor;
            conn.execute("COMMIT").await.unwrap();
        }
    }

    let (status, _, body) = readyz(addr).await;
    assert_eq!(status, 200, "writable again: {body}");
    bot.shutdown().await;
}

/// The boxes alice fills with 2 2 3 3 3, one a turn (as `review_e2e`).
const BOXES: [&str; 13] = [
    "chance",
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "dickey",
];

/// A Get Dickey review whose strategy table is not there yet (its cache a FIFO nobody writes:
/// its preparation is held until the test releases it) is clicked, and answered with a private
/// "being prepared" placeholder; the stop, its grace period short, says `draining` on `/readyz`
/// while `/livez` answers, and at the end of its grace period turns the placeholder into its
/// notice to alice, in French, that the bot is restarting. The next start has no
/// token to answer: nothing of an interaction is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_still_solving_at_the_end_of_the_grace_period_is_told_the_bot_restarts() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "fr"), ("bob", "en-US"), ("carol", "en-GB")],
    )
    .await;
    // The real table, to hand the held solve once the stop is over.
    common::strategy::table();
    let fifo = world.db.with_extension("strategy.fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    let mut config = config(&world);
    config.strategy.cache = fifo.clone();
    config.shutdown.grace_secs = 2;
    let bot = world.start_bot(config).await;
    let addr = bot.metrics_addr().unwrap();
    let alice = world.alice;
    let lobby = world
        .command(alice, "getdickey", "start", json!({ "language": 0 }))
        .await;
    world.click(alice, &lobby, "Start").await;
    for key in BOXES {
        let turn = world.turn_of(alice).await;
        world.dice.push([2, 2, 3, 3, 3]);
        let roll = turn
            .button_labels()
            .into_iter()
            .find(|l| l.starts_with("Roll"))
            .unwrap();
        let rolled = world.click(alice, &turn, &roll).await;
        world.score(alice, &rolled, key).await;
    }
    let over = world.game_over().await;

    let review = world.standin.click(alice, over.id, "Review").await.unwrap();
    // The table is still being prepared: the answer is a private placeholder saying so, its
    // review to follow (`ephemeral_then`), held.
    let waiting = review.answer().await.unwrap();
    assert!(waiting.is_ephemeral());
    assert!(
        waiting.text().contains("table de stratégie"),
        "{}",
        waiting.text()
    );
    let stopping = tokio::spawn(bot.shutdown());
    // The stop closed the gateway: it is draining.
    world.standin.wait_for_disconnects(1).await.unwrap();
    let (status, reasons, body) = readyz(addr).await;
    assert_eq!(
        (status, reasons),
        (503, vec!["draining".to_string()]),
        "{body}"
    );
    alive(addr).await;
    stopping.await.unwrap();

    // The placeholder became the notice: the person is not left waiting for a review to come.
    let told = review.answer().await.unwrap();
    assert!(told.is_ephemeral());
    assert_eq!(
        told.text(),
        "Le bot redémarre\u{a0}: veuillez réessayer dans un instant.",
    );
    assert_eq!(review.record().responses.len(), 1, "one initial response");
    assert!(review.record().followups.is_empty());
    assert!(reqwest::get(format!("http://{addr}/livez")).await.is_err());

    // The held solve gets its table; the review then ends without a second answer.
    let cache = common::strategy::cache();
    tokio::task::spawn_blocking(move || std::fs::write(&fifo, std::fs::read(cache).unwrap()))
        .await
        .unwrap()
        .unwrap();

    // The next start answers nothing of the last one's.
    let config = world.config();
    let bot = world.start_bot(config).await;
    bot.tables().settled().await;
    bot.shutdown().await;
    assert!(review.record().followups.is_empty());
    assert_eq!(
        review.answer().await.unwrap().text(),
        "Le bot redémarre\u{a0}: veuillez réessayer dans un instant.",
        "the held review, released, did not replace the notice"
    );
    world.standin.assert_clean();
}

/// `forgetit healthcheck ARGS` with `listen` as `metrics.listen`: its exit code and its line.
fn healthcheck(dir: &std::path::Path, listen: &str, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_forgetit"))
        .current_dir(dir)
        .env_clear()
        .env("FORGETIT_METRICS__LISTEN", listen)
        .arg("healthcheck")
        .args(args)
        .output()
        .expect("run forgetit healthcheck");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    (out.status.code().unwrap(), text.trim().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forgetit_healthcheck_exits_0_against_the_running_binary_and_1_against_nothing() {
    let world = World::new().await;
    let dir = tempfile::tempdir().unwrap();
    let listen = format!("127.0.0.1:{}", free_port());
    let database = match &world.postgres {
        Some(url) => Database::Url(url.clone()),
        None => Database::File(dir.path().join("forgetit.db")),
    };
    let env = [("FORGETIT_METRICS__LISTEN", listen.as_str())];
    let bot = BotProcess::spawn("forgetit", &world.standin, dir.path(), &database, &env);
    bot.connected().await;
    let (code, line) = healthcheck(dir.path(), &listen, &[]);
    assert_eq!(code, 0, "{line}");
    assert!(line.starts_with("ok: /livez"), "{line}");
    let status = bot.stop().await;
    assert!(status.success());

    // Nothing listens there any more.
    for args in [&[][..], &["--ready"][..]] {
        let (code, line) = healthcheck(dir.path(), &listen, args);
        assert_eq!(code, 1, "{line}");
        assert!(line.starts_with("forgetit: healthcheck: /"), "{line}");
    }
}
