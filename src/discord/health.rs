//! `metrics.listen`'s HTTP server (axum), served from the first moment of a start (right after
//! its socket is bound, before the database is opened) to the end of the stop's drain:
//! - `/livez`: liveness, 200 whenever the process answers at all (never asks Discord or the
//!   database: an outage must not restart every replica);
//! - `/readyz`: readiness, 200 (`{"ready":true}`) once every shard of the process is connected
//!   (its heartbeats acknowledged: [`Acks`]) and the database takes a write and commits it, else
//!   503 with a JSON body giving the reasons (`starting`, `draining`, `gateway`, `database`) and
//!   their details (a start waiting for the database or Discord says which, and the last error);
//! - `/healthz`: the old name of readiness, kept for compatibility: `/readyz`'s status, its body
//!   `ok` or the details, a line each;
//! - `/metrics`: the process's metrics in Prometheus' text format ([`crate::telemetry`]), 503
//!   until the start has opened the database and built the tables.

use crate::sync::Lock;
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::PrometheusHandle;

use super::*;
use crate::tables::shards::Shards;
use crate::telemetry;

/// How long `/readyz` waits for the database's write.
pub(super) const DATABASE_TIMEOUT: Duration = Duration::from_secs(2);

/// What `/healthz` and the gauges of `/metrics` read: one bot's shards, database and tables.
pub(super) struct Health {
    pub(super) shard_manager: Arc<serenity::ShardManager>,
    pub(super) store: Store,
    pub(super) tables: Tables,
    /// The shards this process runs, if the config says (else: those serenity started).
    pub(super) shards: Option<Shards>,
    /// Every shard seen running: one gone from serenity's runners (restarting) is still one of
    /// the process's, not connected.
    pub(super) seen: Mutex<BTreeSet<u32>>,
    /// Whether dice are drawn with the application emoji.
    pub(super) pictures: bool,
    /// Each shard's heartbeat acknowledgements, as sampled ([`Health::sample_acks`]).
    pub(super) acks: Mutex<std::collections::HashMap<u32, Acks>>,
    /// Told when a shard's readiness changes without a change of stage (its heartbeats no longer
    /// acknowledged, or again): what the shards' stage changes tell.
    pub(super) changes: Arc<tokio::sync::watch::Sender<u64>>,
}

/// What is known of a shard's heartbeat acknowledgements: serenity updates a shard's latency at
/// each ACK and says nothing of a heartbeat left unacknowledged until its next one (Discord's
/// interval is 41.25 s), so a frozen gateway would stay "connected" for up to two intervals. The
/// latency's last change is when the last ACK came; the time between two changes, the interval.
#[derive(Clone, Copy, Debug)]
pub(super) struct Acks {
    latency: Option<Duration>,
    /// When `latency` last changed (or was first seen).
    since: std::time::Instant,
    /// The time between its last two changes: the heartbeat interval.
    interval: Option<Duration>,
    /// Whether it was reported silent at the last sample.
    silent: bool,
}

/// The heartbeat interval assumed until two ACKs tell it (Discord's).
pub(super) const HEARTBEAT: Duration = Duration::from_millis(41_250);
/// How long after a heartbeat is due without its ACK a connected shard is reported not ready:
/// 15 s, or two fifths of a shorter interval (a gateway with quick heartbeats, as the tests'), so
/// that it is always said before serenity notices at the next heartbeat.
pub(super) const SILENCE: Duration = Duration::from_secs(15);
/// How often the ACKs are sampled.
pub(super) const SAMPLE_EVERY: Duration = Duration::from_secs(1);

impl Acks {
    fn silent_for(&self, now: std::time::Instant) -> Option<Duration> {
        let quiet = now.duration_since(self.since);
        let interval = self.interval.unwrap_or(HEARTBEAT);
        (quiet > interval + SILENCE.min(interval * 2 / 5)).then_some(quiet)
    }
}

impl Health {
    /// Each shard of the process: whether it is connected, its stage, its heartbeat's latency.
    async fn shards(&self) -> Vec<(u32, serenity::ConnectionStage, Option<Duration>)> {
        let runners = self.shard_manager.runners.lock().await;
        let mut seen = self.seen.locked();
        seen.extend(runners.keys().map(|id| id.0));
        let ids: Vec<u32> = match self.shards {
            Some(s) => (s.range.first..s.range.end).collect(),
            None => seen.iter().copied().collect(),
        };
        ids.into_iter()
            .map(|id| match runners.get(&serenity::ShardId(id)) {
                Some(info) => (id, info.stage, info.latency),
                None => (id, serenity::ConnectionStage::Disconnected, None),
            })
            .collect()
    }

    /// Notes each shard's latency, and when it changed (an ACK came); tells `changes` when a
    /// shard's silence begins or ends.
    pub(super) async fn sample_acks(&self) {
        let now = std::time::Instant::now();
        let latencies: Vec<(u32, Option<Duration>)> = {
            let runners = self.shard_manager.runners.lock().await;
            runners
                .iter()
                .map(|(id, info)| (id.0, info.latency))
                .collect()
        };
        let mut flipped = false;
        {
            let mut acks = self.acks.locked();
            for (id, latency) in latencies {
                let entry = acks.entry(id).or_insert(Acks {
                    latency,
                    since: now,
                    interval: None,
                    silent: false,
                });
                if entry.latency != latency {
                    if latency.is_some() && entry.latency.is_some() {
                        entry.interval = Some(now.duration_since(entry.since));
                    }
                    entry.latency = latency;
                    entry.since = now;
                }
                let silent = entry.silent_for(now).is_some();
                flipped |= silent != entry.silent;
                entry.silent = silent;
            }
        }
        if flipped {
            self.changes.send_modify(|changes| *changes += 1);
        }
    }

    /// Why the process is not ready (nothing when it is): each a reason and its detail.
    async fn problems(&self) -> Vec<Unready> {
        let mut problems = Vec::new();
        let shards = self.shards().await;
        if shards.is_empty() {
            problems.push(Unready::gateway("no shard has started yet".to_string()));
        }
        let now = std::time::Instant::now();
        for (id, stage, _) in shards {
            if stage != serenity::ConnectionStage::Connected {
                let detail = format!("shard {id} is not connected ({stage})");
                problems.push(Unready::gateway(detail));
                continue;
            }
            let acks = self.acks.locked().get(&id).copied();
            if let Some(quiet) = acks.and_then(|acks| acks.silent_for(now)) {
                problems.push(Unready::gateway(format!(
                    "shard {id} is connected, but no heartbeat of its has been acknowledged for \
                     {} s (a gateway that stopped answering)",
                    quiet.as_secs()
                )));
            }
        }
        match tokio::time::timeout(DATABASE_TIMEOUT, self.store.probe_write()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => problems.push(Unready::database(format!(
                "the database does not take a write: {e}"
            ))),
            Err(_) => problems.push(Unready::database(format!(
                "the database did not commit a write within {} s",
                DATABASE_TIMEOUT.as_secs()
            ))),
        }
        problems
    }
}

/// Why the process is not ready: `starting`, `draining`, `gateway` or `database`, and what
/// exactly.
#[derive(Debug, Clone, serde::Serialize)]
pub(super) struct Unready {
    reason: &'static str,
    detail: String,
}

impl Unready {
    fn gateway(detail: String) -> Unready {
        Unready {
            reason: "gateway",
            detail,
        }
    }

    fn database(detail: String) -> Unready {
        Unready {
            reason: "database",
            detail,
        }
    }
}

/// What the server answers from, from the first moment of a start to the end of its stop.
pub(super) struct Probes {
    /// The running bot's parts, once the start has them.
    health: OnceLock<Arc<Health>>,
    /// Set when the stop begins.
    draining: AtomicBool,
    /// What a start waits for (the database, Discord), while it waits.
    waiting: Mutex<Option<Unready>>,
    handle: &'static PrometheusHandle,
    /// The database's backend, as `forgetit_build_info` names it.
    database: &'static str,
}

impl Probes {
    /// Why the process is not ready (nothing when it is).
    async fn unready(&self) -> Vec<Unready> {
        if self.draining.load(Ordering::SeqCst) {
            return vec![Unready {
                reason: "draining",
                detail: "the bot is stopping: it finishes what it was asked, and takes nothing new"
                    .to_string(),
            }];
        }
        if let Some(waiting) = self.waiting.locked().clone() {
            return vec![waiting];
        }
        match self.health.get() {
            None => vec![Unready {
                reason: "starting",
                detail: "the bot is starting: opening the database, setting up the emoji, \
                         loading the open games"
                    .to_string(),
            }],
            Some(health) => health.problems().await,
        }
    }
}

type Shared = (Arc<Health>, &'static PrometheusHandle);

async fn metrics(State((health, handle)): State<Shared>) -> impl IntoResponse {
    let shards = health.shards().await;
    let state = telemetry::State {
        open_tables: health.tables.open_tables(),
        tables_asleep: health.tables.tables_asleep(),
        shards: shards
            .into_iter()
            .map(|(id, stage, latency)| {
                (id, stage == serenity::ConnectionStage::Connected, latency)
            })
            .collect(),
        pictures: health.pictures,
        database: match health.store.backend() {
            crate::store::BackendKind::Sqlite => "sqlite",
            crate::store::BackendKind::Postgres => "postgres",
        },
    };
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        telemetry::render(handle, &state),
    )
}

/// Liveness: the process answers.
async fn livez() -> &'static str {
    "alive\n"
}

/// Readiness, as JSON.
async fn readyz(State(probes): State<Arc<Probes>>) -> Response {
    let unready = probes.unready().await;
    let (status, body) = if unready.is_empty() {
        (StatusCode::OK, serde_json::json!({ "ready": true }))
    } else {
        let body = serde_json::json!({ "ready": false, "reasons": unready });
        (StatusCode::SERVICE_UNAVAILABLE, body)
    };
    let json = [(header::CONTENT_TYPE, "application/json")];
    (status, json, format!("{body}\n")).into_response()
}

/// Readiness by its old name: `ok`, or the details, a line each.
async fn healthz(State(probes): State<Arc<Probes>>) -> Response {
    let unready = probes.unready().await;
    if unready.is_empty() {
        (StatusCode::OK, "ok\n".to_string()).into_response()
    } else {
        let lines: String = unready.iter().map(|u| format!("{}\n", u.detail)).collect();
        (StatusCode::SERVICE_UNAVAILABLE, lines).into_response()
    }
}

/// `/metrics`: every series from the first moment of the start (at zero, the recorder's), and the
/// bot's own gauges (shards, open tables) once the start has its parts.
async fn metrics_once_started(State(probes): State<Arc<Probes>>) -> Response {
    match probes.health.get() {
        Some(health) => metrics(State((health.clone(), probes.handle)))
            .await
            .into_response(),
        None => {
            let state = telemetry::State {
                open_tables: 0,
                tables_asleep: 0,
                shards: Vec::new(),
                pictures: false,
                database: probes.database,
            };
            (
                [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
                telemetry::render(probes.handle, &state),
            )
                .into_response()
        }
    }
}

/// The running server.
pub(super) struct Server {
    pub(super) addr: SocketAddr,
    probes: Arc<Probes>,
    task: JoinHandle<()>,
    upkeep: JoinHandle<()>,
    /// Samples the shards' heartbeat ACKs, once started.
    sampler: Mutex<Option<JoinHandle<()>>>,
}

impl Server {
    /// The start has the bot's parts: readiness asks them from now on, `/metrics` shows them,
    /// and the shards' heartbeat ACKs are sampled.
    pub(super) fn started(&self, health: Health) {
        let health = Arc::new(health);
        if self.probes.health.set(health.clone()).is_ok() {
            let sampler = tokio::spawn(async move {
                let mut every = tokio::time::interval(SAMPLE_EVERY);
                loop {
                    every.tick().await;
                    health.sample_acks().await;
                }
            });
            *self.sampler.locked() = Some(sampler);
        }
    }

    /// The start waits for `what` (`database` or `gateway`), `detail` saying why; `None` once it
    /// answered.
    pub(super) fn waiting(&self, what: Option<(&'static str, String)>) {
        let waiting = what.map(|(reason, detail)| Unready { reason, detail });
        *self.probes.waiting.locked() = waiting;
    }

    /// The stop has begun: not ready any more (`draining`), alive until [`Server::stop`].
    pub(super) fn draining(&self) {
        self.probes.draining.store(true, Ordering::SeqCst);
    }

    pub(super) fn stop(&self) {
        self.task.abort();
        self.upkeep.abort();
        if let Some(sampler) = self.sampler.locked().take() {
            sampler.abort();
        }
    }
}

/// A start that fails stops its server.
impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Why the health and metrics server could not start.
#[derive(Debug, thiserror::Error)]
pub enum MetricsError {
    #[error(transparent)]
    Recorder(#[from] telemetry::RecorderError),
    #[error("metrics.listen {listen}: {error}")]
    Listen {
        listen: SocketAddr,
        #[source]
        error: std::io::Error,
    },
    /// The bound socket has no address (an operating system's error).
    #[error("{0}")]
    Address(#[source] std::io::Error),
}

/// The server's socket (`metrics.listen`), and the process's recorder installed (once), so that
/// what the start does is counted.
pub(super) async fn bind(listen: SocketAddr) -> Result<tokio::net::TcpListener, MetricsError> {
    telemetry::handle()?;
    tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|error| MetricsError::Listen { listen, error })
}

/// Serves `/livez`, `/readyz`, `/healthz` and `/metrics` on `listener`, from now on: the bot's
/// parts come later ([`Server::started`]).
pub(super) fn serve(
    listener: tokio::net::TcpListener,
    database: &'static str,
) -> Result<Server, MetricsError> {
    let handle = telemetry::handle()?;
    let addr = listener.local_addr().map_err(MetricsError::Address)?;
    let probes = Arc::new(Probes {
        health: OnceLock::new(),
        draining: AtomicBool::new(false),
        waiting: Mutex::new(None),
        handle,
        database,
    });
    let app = axum::Router::new()
        .route("/metrics", get(metrics_once_started))
        .route("/livez", get(livez))
        .route("/readyz", get(readyz))
        .route("/healthz", get(healthz))
        .with_state(probes.clone());
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            error!(error = %e, "the metrics server stopped");
        }
    });
    let upkeep = tokio::spawn(async move {
        let mut every = tokio::time::interval(telemetry::UPKEEP_EVERY);
        loop {
            every.tick().await;
            handle.run_upkeep();
        }
    });
    info!(%addr, "serving /livez, /readyz, /healthz and /metrics");
    Ok(Server {
        addr,
        probes,
        task,
        upkeep,
        sampler: Mutex::new(None),
    })
}

/// An interaction's kind, as the metrics name it.
pub(super) fn kind(interaction: &Interaction) -> &'static str {
    match interaction {
        Interaction::Command(_) => "command",
        Interaction::Component(_) => "component",
        Interaction::Autocomplete(_) => "autocomplete",
        Interaction::Modal(_) => "modal",
        _ => "other",
    }
}

/// Counts an interaction of `kind` answered outside [`io::InteractionReply`] (its time unknown).
pub(super) fn answered<T>(kind: &'static str, answered: &Result<T, serenity::Error>) {
    let outcome = match answered {
        Ok(_) => {
            telemetry::rest_answer(Some(200));
            telemetry::Outcome::Answered
        }
        Err(e) => {
            io::rest_failed(e);
            telemetry::Outcome::Failed
        }
    };
    telemetry::interaction_answered(kind, outcome, None);
}

/// Shard `shard` identified (READY): after its first session, a reconnection.
pub(super) fn identified(data: &Data, shard: u32) {
    if !data.identified.locked().insert(shard) {
        telemetry::reconnected(shard, "identify");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acks(interval: Option<Duration>, since: std::time::Instant) -> Acks {
        Acks {
            latency: Some(Duration::from_millis(40)),
            since,
            interval,
            silent: false,
        }
    }

    /// Discord's interval (told, or assumed before two ACKs): said 15 s after a heartbeat is due
    /// without its ACK; a quicker gateway's, two fifths of its interval after.
    #[test]
    fn a_shard_is_silent_15_s_after_a_missed_heartbeat_or_two_fifths_of_a_short_interval() {
        let since = std::time::Instant::now();
        let at = |secs: f64| since + Duration::from_secs_f64(secs);
        for interval in [None, Some(HEARTBEAT)] {
            assert_eq!(acks(interval, since).silent_for(at(41.25 + 14.9)), None);
            assert!(acks(interval, since).silent_for(at(41.25 + 15.1)).is_some());
        }
        let quick = acks(Some(Duration::from_secs(8)), since);
        assert_eq!(quick.silent_for(at(8.0 + 3.1)), None);
        assert!(quick.silent_for(at(8.0 + 3.3)).is_some());
    }
}
