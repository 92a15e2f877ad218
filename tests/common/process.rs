//! The `forgetit` binary as a child process: started against a Discord stand-in, configured by
//! environment variables only, its log (JSON lines on stderr) collected as it comes; stopped with
//! SIGTERM (a clean stop) or SIGKILL (a crash).
//!
//! `CARGO_BIN_EXE_forgetit` is the binary cargo built for the tests (the debug profile under
//! `cargo test`): the same `main` as the release build, not the library called in-process.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord_standin::Standin;
use serde_json::{json, Value};
use tokio::sync::watch;

/// How long a child process may take to connect or to stop (a guard against hangs only).
pub const PROCESS_TIMEOUT: Duration = Duration::from_secs(60);

/// A running `forgetit` process, with its log (JSON lines on stderr) collected as it comes.
pub struct BotProcess {
    pub name: &'static str,
    child: Option<Child>,
    log: Arc<Mutex<Vec<Value>>>,
    changed: watch::Receiver<usize>,
}

impl BotProcess {
    /// Starts the binary in `dir` (no config file there) configured by `env` on top of the
    /// token, the proxy, the database and JSON logs.
    pub fn spawn(
        name: &'static str,
        standin: &Standin,
        dir: &Path,
        db: &Path,
        env: &[(&str, &str)],
    ) -> BotProcess {
        let mut command = Command::new(env!("CARGO_BIN_EXE_forgetit"));
        command
            .current_dir(dir)
            .env_clear()
            .env("DISCORD_TOKEN", standin.token())
            .env("FORGETIT_DISCORD__HTTP_PROXY", standin.rest_url())
            .env("FORGETIT_DATABASE__PATH", db)
            .env("FORGETIT_LOG__FORMAT", "json")
            .env("FORGETIT_LOG__FILTER", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
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
