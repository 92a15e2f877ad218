//! `metrics.listen`'s HTTP server (axum): `/metrics`, the process's metrics in Prometheus' text
//! format ([`crate::telemetry`]), and `/healthz`, 200 while every shard of the process is
//! connected and the database answers a query, else 503 with the reasons, a line each.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use metrics_exporter_prometheus::PrometheusHandle;

use super::*;
use crate::tables::shards::Shards;
use crate::telemetry;

/// How long `/healthz` waits for the database's answer.
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
}

impl Health {
    /// Each shard of the process: whether it is connected, its stage, its heartbeat's latency.
    async fn shards(&self) -> Vec<(u32, serenity::ConnectionStage, Option<Duration>)> {
        let runners = self.shard_manager.runners.lock().await;
        let mut seen = self.seen.lock().unwrap();
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

    /// Why the process is not healthy (nothing when it is).
    async fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let shards = self.shards().await;
        if shards.is_empty() {
            problems.push("no shard has started yet".to_string());
        }
        for (id, stage, _) in shards {
            if stage != serenity::ConnectionStage::Connected {
                problems.push(format!("shard {id} is not connected ({stage})"));
            }
        }
        match tokio::time::timeout(DATABASE_TIMEOUT, self.store.ping()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => problems.push(format!("the database does not answer: {e}")),
            Err(_) => problems.push(format!(
                "the database did not answer within {} s",
                DATABASE_TIMEOUT.as_secs()
            )),
        }
        problems
    }
}

type Shared = (Arc<Health>, &'static PrometheusHandle);

async fn metrics(State((health, handle)): State<Shared>) -> impl IntoResponse {
    let shards = health.shards().await;
    let state = telemetry::State {
        open_tables: health.tables.open_tables(),
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

async fn healthz(State((health, _)): State<Shared>) -> impl IntoResponse {
    let problems = health.problems().await;
    if problems.is_empty() {
        (StatusCode::OK, "ok\n".to_string())
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            problems.iter().map(|p| format!("{p}\n")).collect(),
        )
    }
}

/// The running server.
pub(super) struct Server {
    pub(super) addr: SocketAddr,
    task: JoinHandle<()>,
    upkeep: JoinHandle<()>,
}

impl Server {
    pub(super) fn stop(&self) {
        self.task.abort();
        self.upkeep.abort();
    }
}

/// The server's socket (`metrics.listen`), and the process's recorder installed (once), so that
/// what the start does is counted.
pub(super) async fn bind(listen: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    telemetry::handle()?;
    tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| format!("metrics.listen {listen}: {e}"))
}

/// Serves `/metrics` and `/healthz` on `listener`.
pub(super) fn serve(
    listener: tokio::net::TcpListener,
    health: Arc<Health>,
) -> Result<Server, String> {
    let handle = telemetry::handle()?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let app = axum::Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .with_state((health, handle));
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
    info!(%addr, "serving /metrics and /healthz");
    Ok(Server { addr, task, upkeep })
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
    if !data.identified.lock().unwrap().insert(shard) {
        telemetry::reconnected(shard, "identify");
    }
}
