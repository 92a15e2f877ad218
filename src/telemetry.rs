//! The bot's metrics, in Prometheus' text format (`metrics.listen`; docs/operating.md, "Metrics
//! and health"): what happened is counted where it happens, through the `metrics` crate's macros,
//! into `metrics-exporter-prometheus`'s recorder; the server (`discord::health`) renders it.
//!
//! One recorder for the process, installed by the first bot that serves metrics ([`handle`]),
//! never per bot: the `metrics` crate's recorder is global, and the counters are counted where
//! no bot is at hand (the store's committer, an interaction's answer). A process runs one bot, so
//! its series are that bot's. Until a recorder is installed (no `metrics.listen`), every macro
//! is a no-op. A test process runs many bots against one recorder: their counters add up, so a
//! test reads how much a counter moved, never its value; what is one bot's state (open tables,
//! its shards, its dice) is a gauge set from that bot when it is scraped ([`SCRAPE`]).

use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Interactions received from the gateway, by kind (`command`, `component`, `autocomplete`,
/// `modal`, `other`).
pub const INTERACTIONS_RECEIVED: &str = "forgetit_interactions_received_total";
/// Interactions answered, by kind and outcome: `answered` (the first response was the answer),
/// `deferred` (answered after a deferral), `failed` (Discord refused the answer, or none came).
pub const INTERACTIONS: &str = "forgetit_interactions_total";
/// Seconds from an interaction's arrival to its answer being taken, by kind and outcome.
pub const ANSWER_SECONDS: &str = "forgetit_answer_seconds";
/// Actions' commits written (each a game's event, in a group commit).
pub const COMMITS: &str = "forgetit_commits_total";
/// Jobs per committer transaction (commits, and the messages that show games).
pub const COMMIT_BATCH: &str = "forgetit_commit_batch_size";
/// Tables holding an open game (a lobby or a game in play).
pub const OPEN_TABLES: &str = "forgetit_open_tables";
/// 1 if the shard is connected to the gateway, else 0, by shard.
pub const SHARD_CONNECTED: &str = "forgetit_gateway_shard_connected";
/// The shard's last heartbeat round trip, by shard.
pub const SHARD_LATENCY: &str = "forgetit_gateway_latency_seconds";
/// Sessions a shard got back after its first (`how`: `resume` or `identify`), by shard.
pub const RECONNECTS: &str = "forgetit_gateway_reconnects_total";
/// Answers to the bot's REST requests (channel messages, interaction answers), by `status`: `2xx`,
/// the HTTP status of a refusal (`404`, `500`, ...), or `none` (no answer: the connection failed).
pub const REST: &str = "forgetit_rest_responses_total";
/// Requests held back by a rate limit: a 429 answer, or a wait of serenity's own rate limiter.
pub const RATE_LIMITED: &str = "forgetit_rest_rate_limited_total";
/// 1 for how dice are drawn (`mode`: `pictures`, the application emoji, or `unicode`), 0 for
/// the other.
pub const DICE_MODE: &str = "forgetit_dice_mode";
/// Database errors (every error the database gave the store), by kind.
pub const DB_ERRORS: &str = "forgetit_db_errors_total";

/// The answer-time histogram's buckets, in seconds: Discord fails an interaction unanswered after
/// 3 s, and the bot defers one after 1.5 s.
const ANSWER_BUCKETS: &[f64] = &[
    0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0,
];
/// The batch-size histogram's buckets (the committer takes at most 64 jobs).
const BATCH_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];

/// The process's recorder, installed on first use; an error if another recorder was installed
/// first (by a program embedding the bot).
pub fn handle() -> Result<&'static PrometheusHandle, String> {
    static HANDLE: OnceLock<Result<PrometheusHandle, String>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(ANSWER_SECONDS.into()), ANSWER_BUCKETS)
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full(COMMIT_BATCH.into()), BATCH_BUCKETS)
                })
                .and_then(PrometheusBuilder::install_recorder)
                .map_err(|e| format!("the metrics recorder could not be installed: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Held while a bot sets its gauges and renders them, so that two bots of one process (tests)
/// each render their own.
pub static SCRAPE: Mutex<()> = Mutex::new(());

/// How often the recorder's histograms are drained when nobody scrapes.
pub const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// An interaction arrived.
pub fn interaction_received(kind: &'static str) {
    counter!(INTERACTIONS_RECEIVED, "kind" => kind).increment(1);
}

/// How an interaction's answer went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Answered,
    Deferred,
    Failed,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::Deferred => "deferred",
            Outcome::Failed => "failed",
        }
    }
}

/// An interaction of `kind` was answered (or not) `after` its arrival, if that is known.
pub fn interaction_answered(kind: &'static str, outcome: Outcome, after: Option<Duration>) {
    let outcome = outcome.as_str();
    counter!(INTERACTIONS, "kind" => kind, "outcome" => outcome).increment(1);
    if let Some(after) = after {
        histogram!(ANSWER_SECONDS, "kind" => kind, "outcome" => outcome)
            .record(after.as_secs_f64());
    }
}

/// A REST request was answered: `Some(status)` (a success is counted as `2xx`), or `None` when
/// no answer came.
pub fn rest_answer(status: Option<u16>) {
    let status = match status {
        Some(200..=299) => "2xx".to_string(),
        Some(code) => code.to_string(),
        None => "none".to_string(),
    };
    if status == "429" {
        rate_limited();
    }
    counter!(REST, "status" => status).increment(1);
}

/// A request was held back by a rate limit.
pub fn rate_limited() {
    counter!(RATE_LIMITED).increment(1);
}

/// The committer wrote a transaction of `jobs` jobs, `commits` of them actions' commits.
pub fn committed(jobs: usize, commits: usize) {
    histogram!(COMMIT_BATCH).record(jobs as f64);
    counter!(COMMITS).increment(commits as u64);
}

/// The database gave the store an error of `kind`.
pub fn db_error(kind: &'static str) {
    counter!(DB_ERRORS, "kind" => kind).increment(1);
}

/// Shard `shard` got a session back (`how`: `resume` or `identify`) after its first.
pub fn reconnected(shard: u32, how: &'static str) {
    counter!(RECONNECTS, "shard" => shard.to_string(), "how" => how).increment(1);
}

/// One bot's state, set as gauges just before it is rendered.
pub struct State {
    pub open_tables: usize,
    /// Each shard the bot runs: whether it is connected, and its heartbeat's latency.
    pub shards: Vec<(u32, bool, Option<Duration>)>,
    /// Whether dice are drawn with the application emoji.
    pub pictures: bool,
}

/// The metrics, `state` set, in Prometheus' text format.
pub fn render(handle: &PrometheusHandle, state: &State) -> String {
    let _one = SCRAPE.lock().unwrap_or_else(|e| e.into_inner());
    gauge!(OPEN_TABLES).set(state.open_tables as f64);
    for &(shard, connected, latency) in &state.shards {
        gauge!(SHARD_CONNECTED, "shard" => shard.to_string()).set(f64::from(u8::from(connected)));
        if let Some(latency) = latency {
            gauge!(SHARD_LATENCY, "shard" => shard.to_string()).set(latency.as_secs_f64());
        }
    }
    gauge!(DICE_MODE, "mode" => "pictures").set(f64::from(u8::from(state.pictures)));
    gauge!(DICE_MODE, "mode" => "unicode").set(f64::from(u8::from(!state.pictures)));
    handle.render()
}
