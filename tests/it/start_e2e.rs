//! A start that waits (docs/operating.md, "A start that waits"): the `forgetit` binary started
//! before its database and Discord answer waits for each (readiness 503 saying which, and why;
//! liveness 200), then serves; a token Discord refuses ends the start at once with exit status 4;
//! `startup.wait_secs` gives up with the last error; SIGTERM during the wait is a clean stop.
//!
//! "Answering later" is a port that nothing listens on until the test starts a forwarder there,
//! to the test's PostgreSQL server or to the stand-in's REST API.

use crate::common;

use std::time::Duration;

use common::health::free_port;
use common::process::{BotProcess, Database};
use discord_standin::Standin;
use serde_json::Value;
use tokio::net::{TcpListener, TcpStream};

/// From now on, connections to 127.0.0.1:`port` reach `to` (host:port).
async fn forward(port: u16, to: String) {
    let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            let to = to.clone();
            tokio::spawn(async move {
                if let Ok(mut outbound) = TcpStream::connect(&to).await {
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                }
            });
        }
    });
}

/// `/readyz`'s status and body.
async fn readyz(health: u16) -> (u16, Value) {
    let answer = reqwest::get(format!("http://127.0.0.1:{health}/readyz"))
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap())
}

/// `forgetit healthcheck [--ready]` against the bot serving on `health`: its exit status and
/// what it printed.
async fn healthcheck(health: u16, ready: bool) -> (i32, String) {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_forgetit"));
    command
        .arg("healthcheck")
        .env_clear()
        .env("FORGETIT_METRICS__LISTEN", format!("127.0.0.1:{health}"))
        .current_dir(std::env::temp_dir());
    if ready {
        command.arg("--ready");
    }
    let output = tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code().unwrap(), said)
}

async fn livez(health: u16) -> u16 {
    reqwest::get(format!("http://127.0.0.1:{health}/livez"))
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// A WARN line saying that `what` does not answer yet.
fn does_not_answer(what: &'static str) -> impl Fn(&Value) -> bool {
    move |e: &Value| {
        e["level"] == "WARN"
            && e["fields"]["message"] == format!("{what} does not answer: trying again")
    }
}

async fn standin() -> Standin {
    common::process::standin("c3RhcnQ.d2FpdHM.the-right-token").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_started_before_its_database_and_discord_waits_for_both_then_serves() {
    let standin = standin().await;
    let postgres = common::postgres::server().await.fresh_database().await;
    // The same database through a port that answers only once the test says.
    let upstream = postgres
        .split_once("@")
        .and_then(|(_, rest)| rest.split_once('/'))
        .map(|(host, _)| host.to_string())
        .unwrap();
    let (db_port, rest_port, health) = (free_port(), free_port(), free_port());
    let late_db = postgres.replace(&upstream, &format!("127.0.0.1:{db_port}"));
    let rest = standin.rest_url();
    let rest_host = rest
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let late_rest = format!("http://127.0.0.1:{rest_port}");

    let dir = tempfile::tempdir().unwrap();
    let health_addr = format!("127.0.0.1:{health}");
    let bot = BotProcess::spawn(
        "bot",
        &standin,
        dir.path(),
        &Database::Url(late_db),
        &[
            ("FORGETIT_DISCORD__HTTP_PROXY", &late_rest),
            ("FORGETIT_METRICS__LISTEN", &health_addr),
        ],
    );

    // The database first: refused, said once, readiness says so, liveness is fine.
    let warned = bot
        .wait_log(
            "a WARN that the database does not answer",
            does_not_answer("the database"),
        )
        .await;
    let error = warned["fields"]["error"].as_str().unwrap();
    assert!(error.contains("Connection refused"), "{error}");
    let (status, body) = readyz(health).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["reasons"][0]["reason"], "database", "{body}");
    let detail = body["reasons"][0]["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("waiting for the database (attempt ") && detail.contains("refused"),
        "{detail}"
    );
    assert_eq!(livez(health).await, 200);
    // What a container's health check sees meanwhile: alive, not ready, saying why.
    let (status, said) = healthcheck(health, false).await;
    assert_eq!(status, 0, "{said}");
    let (status, said) = healthcheck(health, true).await;
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("waiting for the database"), "{said}");

    forward(db_port, upstream).await;
    bot.wait_log("the database answered", |e| {
        e["fields"]["message"] == "the database answered"
    })
    .await;
    bot.wait_log("database open", |e| {
        e["fields"]["message"] == "database open"
    })
    .await;

    // Then Discord, unreachable until the test forwards its port to the stand-in.
    bot.wait_log(
        "a WARN that Discord does not answer",
        does_not_answer("Discord"),
    )
    .await;
    let (status, body) = readyz(health).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["reasons"][0]["reason"], "gateway", "{body}");
    assert!(
        body["reasons"][0]["detail"]
            .as_str()
            .unwrap()
            .starts_with("waiting for Discord"),
        "{body}"
    );
    forward(rest_port, rest_host).await;
    bot.connected().await;
    // Ready once connected.
    let ready = healthcheck(health, true).await;
    assert_eq!(ready.0, 0, "{}", ready.1);
    assert!(ready.1.starts_with("ok"), "{}", ready.1);
    assert_eq!(
        bot.logged("the database does not answer: trying again")
            .len(),
        1,
        "one WARN a minute at most"
    );

    let log = bot.log_handle();
    // `/livez` answers through the stop, to (about) the process's exit: asked again and again
    // while it stops, its last answer comes less than half a second before the exit.
    let stopping = tokio::spawn(async move {
        let status = bot.stop().await;
        (status, std::time::Instant::now())
    });
    let client = reqwest::Client::new();
    let mut last_alive = std::time::Instant::now();
    while client
        .get(format!("http://127.0.0.1:{health}/livez"))
        .timeout(Duration::from_secs(1))
        .send()
        .await
        .is_ok_and(|r| r.status() == 200)
    {
        last_alive = std::time::Instant::now();
    }
    let (status, exited) = stopping.await.unwrap();
    assert!(status.success(), "{status}");
    let gap = exited.saturating_duration_since(last_alive);
    assert!(
        gap < Duration::from_millis(500),
        "/livez stopped {gap:?} before the exit"
    );
    // The first line says what runs; the last that it stopped.
    let log = log.lock().unwrap().clone();
    let first = &log[0];
    assert_eq!(first["fields"]["message"], "forgetit starting", "{log:#?}");
    assert_eq!(first["fields"]["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(first["fields"]["database"], "postgres");
    assert_eq!(first["fields"]["shards"], "all");
    assert!(first["fields"]["commit"]
        .as_str()
        .is_some_and(|c| !c.is_empty()));
    assert_eq!(
        log.last().unwrap()["fields"]["message"],
        "stopped",
        "{log:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_refuses_ends_the_start_at_once_with_status_4() {
    let standin = standin().await;
    let dir = tempfile::tempdir().unwrap();
    let db = Database::File(dir.path().join("forgetit.db"));
    let mut bot = BotProcess::spawn(
        "bot",
        &standin,
        dir.path(),
        &db,
        &[("DISCORD_TOKEN", "d3Jvbmc.dG9rZW4.refused-by-discord")],
    );
    let (status, took) = bot.exit_within(Duration::from_secs(30)).await.unwrap();
    assert_eq!(status.code(), Some(4), "{:#?}", bot.log());
    assert!(took < Duration::from_secs(10), "at once: {took:?}");
    let (last, status) = bot.fatal_line().await;
    assert_eq!(status, 4);
    assert!(
        last.starts_with("discord: the bot token was refused (401 Unauthorized)"),
        "{last}"
    );
    // The log's last line, as JSON as the others.
    let log = bot.log();
    assert_eq!(log.last().unwrap()["fields"]["exit_status"], 4, "{log:#?}");
    assert!(log.iter().all(|e| e.get("raw").is_none()), "{log:#?}");
    assert!(
        !last.contains("refused-by-discord"),
        "the token is never printed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wait_gives_up_at_its_deadline_and_a_stop_while_waiting_is_clean() {
    let standin = standin().await;
    let dir = tempfile::tempdir().unwrap();
    let nowhere = format!("postgres://forgetit@127.0.0.1:{}/forgetit", free_port());
    let mut bot = BotProcess::spawn(
        "bot",
        &standin,
        dir.path(),
        &Database::Url(nowhere.clone()),
        &[("FORGETIT_STARTUP__WAIT_SECS", "2")],
    );
    let (status, _) = bot.exit_within(Duration::from_secs(30)).await.unwrap();
    assert_eq!(status.code(), Some(1));
    let (last, _) = bot.fatal_line().await;
    assert!(
        last.starts_with("gave up waiting for the database after 2 s (startup.wait_secs): database postgres://forgetit@127.0.0.1:")
            && last.contains("Connection refused"),
        "{last}"
    );

    // Without a deadline it waits until told to stop: a clean stop, status 0.
    let bot = BotProcess::spawn("bot", &standin, dir.path(), &Database::Url(nowhere), &[]);
    bot.wait_log(
        "a WARN that the database does not answer",
        does_not_answer("the database"),
    )
    .await;
    let status = bot.stop().await;
    assert!(status.success(), "{status}");
}

/// Discord's REST answers but its gateway does not (refused): the start goes on waiting for it,
/// `/readyz` saying `gateway`, and connects once it answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gateway_that_refuses_at_start_is_waited_for() {
    let standin = standin().await;
    let gateway_port = free_port();
    let real = standin.gateway_url();
    standin.hand_out_gateway_url(&format!("ws://127.0.0.1:{gateway_port}"));
    let dir = tempfile::tempdir().unwrap();
    let health = free_port();
    let health_addr = format!("127.0.0.1:{health}");
    let bot = BotProcess::spawn(
        "bot",
        &standin,
        dir.path(),
        &Database::File(dir.path().join("forgetit.db")),
        &[("FORGETIT_METRICS__LISTEN", &health_addr)],
    );
    bot.wait_log("database open", |e| {
        e["fields"]["message"] == "database open"
    })
    .await;
    // Refused: serenity says so and tries again by itself.
    let (status, body) = readyz(health).await;
    assert_eq!(status, 503, "{body}");
    forward(gateway_port, real.trim_start_matches("ws://").to_string()).await;
    bot.connected().await;
    let status = bot.stop().await;
    assert!(status.success(), "{status}");
}
