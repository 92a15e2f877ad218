//! The `forgetit` binary as a child process: started against a Discord stand-in, configured by
//! environment variables only, its database a SQLite file or a PostgreSQL URL ([`Database`]),
//! its log (JSON lines on stderr) collected as it comes; stopped with SIGTERM (a clean stop) or
//! SIGKILL (a crash).
//!
//! `CARGO_BIN_EXE_forgetit` is the binary cargo built for the tests (the debug profile under
//! `cargo test`): the same `main` as the release build, not the library called in-process.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord_standin::{ChannelId, Message, Standin, StandinConfig, UserId};
use serde_json::{json, Value};
use tokio::sync::watch;

/// How long a child process may take to connect or to stop (a guard against hangs only).
pub const PROCESS_TIMEOUT: Duration = Duration::from_secs(60);

/// The database a process runs on.
#[derive(Clone, Debug)]
pub enum Database {
    /// A SQLite file (`FORGETIT_DATABASE__PATH`).
    File(PathBuf),
    /// A database server's URL, `postgres://...` (`FORGETIT_DATABASE__URL`).
    Url(String),
}

impl Database {
    /// A new, empty database of its own on the test binary's PostgreSQL server
    /// ([`super::postgres::server`]).
    pub async fn fresh_postgres() -> Database {
        Database::Url(super::postgres::server().await.fresh_database().await)
    }

    /// The environment variable that gives the process this database, and its value.
    fn env(&self) -> (&'static str, &std::ffi::OsStr) {
        match self {
            Database::File(path) => ("FORGETIT_DATABASE__PATH", path.as_os_str()),
            Database::Url(url) => ("FORGETIT_DATABASE__URL", std::ffi::OsStr::new(url)),
        }
    }
}

/// A running `forgetit` process, with its log (JSON lines on stderr) collected as it comes.
pub struct BotProcess {
    pub name: &'static str,
    child: Option<Child>,
    log: Arc<Mutex<Vec<Value>>>,
    changed: watch::Receiver<usize>,
}

impl BotProcess {
    /// Starts the binary in `dir` (no config file there) configured by `env` on top of the
    /// token (`DISCORD_TOKEN`, unless `env` gives `DISCORD_TOKEN_FILE`), the proxy, the database
    /// `db` and JSON logs.
    pub fn spawn(
        name: &'static str,
        standin: &Standin,
        dir: &Path,
        db: &Database,
        env: &[(&str, &str)],
    ) -> BotProcess {
        let (db_key, db_value) = db.env();
        let mut command = Command::new(env!("CARGO_BIN_EXE_forgetit"));
        command
            .current_dir(dir)
            .env_clear()
            .env("FORGETIT_DISCORD__HTTP_PROXY", standin.rest_url())
            .env(db_key, db_value)
            .env("FORGETIT_LOG__FORMAT", "json")
            .env("FORGETIT_LOG__FILTER", "info")
            // Players clicking as fast as the bot answers, many games in one server: the limits
            // are tested apart (`limits_e2e`).
            .env("FORGETIT_LIMITS__CLICKS_PER_MINUTE", "100000")
            .env("FORGETIT_LIMITS__TABLES_PER_SERVER", "100000")
            .env("FORGETIT_LIMITS__LOBBIES_PER_PERSON", "100000")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        // The token from the environment, unless `env` names its file.
        if !env.iter().any(|(key, _)| *key == "DISCORD_TOKEN_FILE") {
            command.env("DISCORD_TOKEN", standin.token());
        }
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("start the forgetit binary");
        let stderr = child.stderr.take().expect("piped stderr");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, changed) = watch::channel(0);
        let lines = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let entry = serde_json::from_str(&line).unwrap_or(json!({ "raw": line }));
                let mut lines = lines.lock().unwrap();
                lines.push(entry);
                tx.send_replace(lines.len());
            }
        });
        BotProcess {
            name,
            child: Some(child),
            log,
            changed,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("running").id()
    }

    /// Every log entry so far.
    pub fn log(&self) -> Vec<Value> {
        self.log.lock().unwrap().clone()
    }

    /// The log as it keeps coming, also after the process was stopped.
    pub fn log_handle(&self) -> Arc<Mutex<Vec<Value>>> {
        Arc::clone(&self.log)
    }

    /// The entries with this message.
    pub fn logged(&self, message: &str) -> Vec<Value> {
        self.log()
            .into_iter()
            .filter(|e| e["fields"]["message"] == message)
            .collect()
    }

    /// Waits (on the log pipe, without polling) for an entry `pred` accepts.
    pub async fn wait_log(&self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let mut changed = self.changed.clone();
        let found = tokio::time::timeout(PROCESS_TIMEOUT, async {
            loop {
                if let Some(entry) = self.log().into_iter().find(&pred) {
                    return entry;
                }
                if changed.changed().await.is_err() {
                    panic!("{} exited before {what}:\n{:#?}", self.name, self.log());
                }
            }
        })
        .await;
        found.unwrap_or_else(|_| panic!("{} never logged {what}:\n{:#?}", self.name, self.log()))
    }

    /// Waits until the bot registered its commands and is connected.
    pub async fn connected(&self) {
        self.wait_log("\"connected\"", |e| e["fields"]["message"] == "connected")
            .await;
    }

    /// Sends `signal` (`TERM`, `KILL`, ...) to the process.
    fn signal(&self, signal: &str) {
        let pid = self.pid();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "kill -{signal} {pid}");
    }

    /// Waits up to `limit` for the process to end: its exit status and how long it took, or
    /// `Err` (with the process still running, killed when dropped) if it did not end in time.
    async fn wait_for_exit(&mut self, limit: Duration) -> Result<(ExitStatus, Duration), String> {
        let started = Instant::now();
        let mut child = self.child.take().expect("running");
        let (tx, rx) = tokio::sync::oneshot::channel();
        // `Child::wait` blocks: a thread waits for the exit and hands the child back.
        std::thread::spawn(move || {
            let status = child.wait();
            let _ = tx.send((child, status));
        });
        match tokio::time::timeout(limit, rx).await {
            Ok(Ok((_, status))) => Ok((status.expect("wait for the process"), started.elapsed())),
            Ok(Err(_)) => Err(format!("{}: the waiting thread failed", self.name)),
            // Still running (the waiting thread holds it): the caller kills it by pid.
            Err(_) => Err(format!(
                "{} did not stop within {limit:?}:\n{:#?}",
                self.name,
                self.log()
            )),
        }
    }

    /// Waits up to `limit` for the process to end on its own: its exit status and how long it
    /// took.
    pub async fn exit_within(&mut self, limit: Duration) -> Result<(ExitStatus, Duration), String> {
        self.wait_for_exit(limit).await
    }

    /// Why the process stopped, and its exit status, from the JSON line it ends with (an ERROR
    /// with `exit_status`).
    pub async fn fatal_line(&self) -> (String, u64) {
        let line = self
            .wait_log("the fatal line", |e| {
                e["level"] == "ERROR" && e["fields"]["exit_status"].is_u64()
            })
            .await;
        let message = line["fields"]["message"].as_str().unwrap().to_string();
        (message, line["fields"]["exit_status"].as_u64().unwrap())
    }

    /// SIGTERM, then waits for the process to end.
    pub async fn stop(self) -> ExitStatus {
        self.stop_within(PROCESS_TIMEOUT)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .0
    }

    /// SIGTERM, then waits up to `limit` for the process to end: its exit status and how long
    /// it took after the signal.
    pub async fn stop_within(mut self, limit: Duration) -> Result<(ExitStatus, Duration), String> {
        let pid = self.pid();
        self.signal("TERM");
        let waited = self.wait_for_exit(limit).await;
        if waited.is_err() {
            // Don't leave it running: the waiting thread reaps it.
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
        waited
    }

    /// SIGKILL (a crash: nothing of the process runs after it), then waits for it to end.
    pub async fn kill(mut self) -> ExitStatus {
        self.signal("KILL");
        self.wait_for_exit(PROCESS_TIMEOUT)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .0
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        // A failed test must not leave the process running.
        if let Some(child) = self.child.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

// ----- what the channel shows (the game buttons of the processes' messages) -----------------

/// A stand-in for a process of the bot to play against: the `general` channel, alice, the bot
/// token `token` (shaped as serenity wants: three dot-separated parts).
pub async fn standin(token: &str) -> Standin {
    Standin::builder()
        .config(StandinConfig {
            token: token.into(),
            wait_timeout: Duration::from_secs(30),
            ..StandinConfig::default()
        })
        .channels(&["general"])
        .users(&[("alice", "en-US")])
        .start()
        .await
}

/// The `(game, version)` of every game component in `components` (`fgi:{game}:{version}:...`).
pub fn game_states(components: &[Value]) -> Vec<(i64, u64)> {
    fn walk(value: &Value, out: &mut Vec<(i64, u64)>) {
        match value {
            Value::Object(map) => {
                if let Some(id) = map.get("custom_id").and_then(Value::as_str) {
                    let mut parts = id.split(':');
                    if parts.next() == Some("fgi") {
                        let game = parts.next().and_then(|g| g.parse().ok());
                        let version = parts.next().and_then(|v| v.parse().ok());
                        if let (Some(game), Some(version)) = (game, version) {
                            out.push((game, version));
                        }
                    }
                }
                map.values().for_each(|v| walk(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    components.iter().for_each(|c| walk(c, &mut out));
    out
}

/// The turn message a player acts on: the public message of the game with move buttons showing
/// the highest state (the newest of equals), with that state.
pub fn current_turn(messages: &[Message], game: i64) -> Option<(Message, u64)> {
    messages
        .iter()
        .filter(|m| m.content().contains("your turn"))
        .filter_map(|m| {
            let version = game_states(m.components())
                .into_iter()
                .filter(|(g, _)| *g == game)
                .map(|(_, v)| v)
                .max()?;
            Some((m.clone(), version))
        })
        .max_by_key(|(m, v)| (*v, m.id))
}

/// The user a turn message mentions: `<@123>, your turn!`.
pub fn on_turn(message: &Message) -> UserId {
    let content = message.content();
    let start = content.find("<@").expect("a mention") + 2;
    let end = start + content[start..].find('>').expect("a mention");
    UserId(content[start..end].parse().expect("a user id"))
}

/// A game being played in a channel.
pub struct Table {
    pub channel: ChannelId,
    pub game: i64,
}

/// Opens a two-person game to `target` in `channel` (`host` opens it, `guest` joins) and starts
/// it; returns it once the first turn shows.
pub async fn open_game(
    standin: &Standin,
    channel: ChannelId,
    host: UserId,
    guest: UserId,
    target: u32,
) -> Table {
    let lobby = standin
        .run_slash(
            host,
            channel,
            "forgetit",
            Some("start"),
            json!({ "target": target }),
        )
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    let game = game_states(lobby.components())[0].0;
    let joined = standin.click(guest, lobby.id, "Join").await.unwrap();
    joined.response().await.unwrap();
    let started = standin.click(host, lobby.id, "Start").await.unwrap();
    started.response().await.unwrap();
    standin
        .wait_until("the first turn", |view| {
            current_turn(&view.messages(channel), game).map(|_| ())
        })
        .await
        .unwrap();
    Table { channel, game }
}
