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
//!
//! Every metric ([`METRICS`], docs/operating.md's table) is described (its `# HELP`) and
//! registered at zero for each of its label values when the recorder is installed, so that
//! `increase()` sees the first event; the process's own (`process_*`) are `metrics-process`'s,
//! collected at each scrape.

use crate::sync::Lock;
use std::fmt::Write as _;
use std::future::Future;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
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
pub const TABLES_ASLEEP: &str = "forgetit_tables_asleep";
/// 1 if the shard is connected to the gateway, else 0, by shard.
pub const SHARD_CONNECTED: &str = "forgetit_gateway_shard_connected";
/// The shard's last heartbeat round trip, by shard, while it is connected (rendered from the
/// bot's state, not by the recorder: a shard down has no latency, not its last one).
pub const SHARD_LATENCY: &str = "forgetit_gateway_latency_seconds";
/// Sessions a shard got back after its first (`how`: `resume` or `identify`), by shard.
pub const RECONNECTS: &str = "forgetit_gateway_reconnects_total";
/// Answers to the bot's REST requests (channel messages, interaction answers), by `status`: `2xx`,
/// the HTTP status of a refusal (`404`, `500`, ...), or `none` (no answer: the connection failed).
pub const REST: &str = "forgetit_rest_responses_total";
/// Seconds from a REST request's sending to its answer, by route group ([`Route`]): with
/// `discord.http_proxy`, the time the proxy held it (its rate limiting) is in it.
pub const REST_SECONDS: &str = "forgetit_rest_request_seconds";
/// Requests held back by a rate limit: a 429 answer, or a wait of serenity's own rate limiter.
pub const RATE_LIMITED: &str = "forgetit_rest_rate_limited_total";
/// 1 for how dice are drawn (`mode`: `pictures`, the application emoji, or `unicode`), 0 for
/// the other.
pub const DICE_MODE: &str = "forgetit_dice_mode";
/// Database errors (every error the database gave the store, but a row it did not find), by
/// kind.
pub const DB_ERRORS: &str = "forgetit_db_errors_total";
/// 1, labelled with what the running bot is (rendered from the bot's state).
pub const BUILD_INFO: &str = "forgetit_build_info";

/// A metric's type, as Prometheus names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    Counter,
    Gauge,
    Histogram,
}

impl Type {
    pub fn as_str(self) -> &'static str {
        match self {
            Type::Counter => "counter",
            Type::Gauge => "gauge",
            Type::Histogram => "histogram",
        }
    }
}

/// The values a label takes.
#[derive(Clone, Copy, Debug)]
pub enum Values {
    /// These, each registered at start.
    These(&'static [&'static str]),
    /// Each shard of the bot, registered at its first scrape.
    Shards,
    /// Any (what the bot is: [`BUILD_INFO`]'s).
    Any,
}

/// One of the bot's metrics: its name, type, `# HELP` text and labels.
#[derive(Clone, Copy, Debug)]
pub struct Metric {
    pub name: &'static str,
    pub kind: Type,
    pub help: &'static str,
    pub labels: &'static [(&'static str, Values)],
}

const KINDS: Values = Values::These(&["command", "component", "autocomplete", "modal", "other"]);
const OUTCOMES: Values = Values::These(&["answered", "deferred", "failed"]);
/// The statuses registered at start: a success, Discord's documented refusals, and no answer
/// (another status is counted from its first).
pub const STATUSES: &[&str] = &[
    "2xx", "400", "401", "403", "404", "405", "429", "500", "502", "503", "504", "none",
];
/// The kinds of [`DB_ERRORS`].
pub const DB_ERROR_KINDS: &[&str] = &[
    "database",
    "connection",
    "pool_timed_out",
    "closed",
    "other",
];

/// Every metric of the bot but the process's own (`process_*`, from `metrics-process`), as
/// docs/operating.md lists them.
pub const METRICS: &[Metric] = &[
    Metric {
        name: BUILD_INFO,
        kind: Type::Gauge,
        help: "1, labelled with the bot's version, build profile and database backend.",
        labels: &[
            ("version", Values::Any),
            ("profile", Values::Any),
            ("database", Values::Any),
        ],
    },
    Metric {
        name: INTERACTIONS_RECEIVED,
        kind: Type::Counter,
        help: "Interactions received from the gateway, by kind.",
        labels: &[("kind", KINDS)],
    },
    Metric {
        name: INTERACTIONS,
        kind: Type::Counter,
        help: "Interactions answered, by kind and outcome (answered, deferred, failed).",
        labels: &[("kind", KINDS), ("outcome", OUTCOMES)],
    },
    Metric {
        name: ANSWER_SECONDS,
        kind: Type::Histogram,
        help: "Seconds from an interaction's arrival to its answer being taken.",
        labels: &[("kind", KINDS), ("outcome", OUTCOMES)],
    },
    Metric {
        name: COMMITS,
        kind: Type::Counter,
        help: "Actions committed to the database.",
        labels: &[],
    },
    Metric {
        name: COMMIT_BATCH,
        kind: Type::Histogram,
        help: "Jobs per committer transaction.",
        labels: &[],
    },
    Metric {
        name: OPEN_TABLES,
        kind: Type::Gauge,
        help: "Tables holding an open game (a lobby or a game in play).",
        labels: &[],
    },
    Metric {
        name: TABLES_ASLEEP,
        kind: Type::Gauge,
        help: "Open tables asleep: their game in the database, their deadline kept (counted in forgetit_open_tables too).",
        labels: &[],
    },
    Metric {
        name: SHARD_CONNECTED,
        kind: Type::Gauge,
        help: "1 while the shard is connected to the gateway, else 0.",
        labels: &[("shard", Values::Shards)],
    },
    Metric {
        name: SHARD_LATENCY,
        kind: Type::Gauge,
        help: "The connected shard's last heartbeat round trip, in seconds (none while down).",
        labels: &[("shard", Values::Shards)],
    },
    Metric {
        name: RECONNECTS,
        kind: Type::Counter,
        help: "Sessions a shard got back after its first, by how (resume, identify).",
        labels: &[
            ("shard", Values::Shards),
            ("how", Values::These(&["resume", "identify"])),
        ],
    },
    Metric {
        name: REST,
        kind: Type::Counter,
        help: "Answers to the bot's REST requests, by status (2xx, the refusal's, none).",
        labels: &[("status", Values::These(STATUSES))],
    },
    Metric {
        name: REST_SECONDS,
        kind: Type::Histogram,
        help:
            "Seconds from a REST request's sending to its answer, a REST proxy's queueing included.",
        labels: &[("route", Values::These(Route::ALL))],
    },
    Metric {
        name: RATE_LIMITED,
        kind: Type::Counter,
        help: "REST requests held back by a rate limit (a 429, or serenity's limiter waiting).",
        labels: &[],
    },
    Metric {
        name: DICE_MODE,
        kind: Type::Gauge,
        help: "1 for how dice are drawn (pictures or unicode), 0 for the other.",
        labels: &[("mode", Values::These(&["pictures", "unicode"]))],
    },
    Metric {
        name: DB_ERRORS,
        kind: Type::Counter,
        help: "Errors the database gave the store, by kind (a row not found is none).",
        labels: &[("kind", Values::These(DB_ERROR_KINDS))],
    },
];

/// The answer-time histogram's buckets, in seconds: Discord fails an interaction unanswered after
/// 3 s, and the bot defers one after 1.5 s.
const ANSWER_BUCKETS: &[f64] = &[
    0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0,
];
/// The batch-size histogram's buckets (the committer takes at most 64 jobs).
const BATCH_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];
/// The REST time's buckets, in seconds: a proxy may hold a request for a rate limit's reset.
const REST_BUCKETS: &[f64] = &[0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

/// Why the process's recorder could not be installed (kept for every later [`handle`], hence its
/// reason as text).
#[derive(Clone, Debug, thiserror::Error)]
#[error("the metrics recorder could not be installed: {0}")]
pub struct RecorderError(String);

/// The process's recorder, installed on first use, every metric described and registered at zero
/// (so that `increase()` sees the first event); an error if another recorder was installed first
/// (by a program embedding the bot).
pub fn handle() -> Result<&'static PrometheusHandle, RecorderError> {
    static HANDLE: OnceLock<Result<PrometheusHandle, RecorderError>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(ANSWER_SECONDS.into()), ANSWER_BUCKETS)
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full(COMMIT_BATCH.into()), BATCH_BUCKETS)
                })
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full(REST_SECONDS.into()), REST_BUCKETS)
                })
                .and_then(PrometheusBuilder::install_recorder)
                .map_err(|e| RecorderError(e.to_string()))?;
            register();
            process().describe();
            process().collect();
            Ok(handle)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The process's CPU time, memory, file descriptors, threads and start time (`process_*`).
fn process() -> &'static metrics_process::Collector {
    static PROCESS: OnceLock<metrics_process::Collector> = OnceLock::new();
    PROCESS.get_or_init(metrics_process::Collector::default)
}

/// Every metric of [`METRICS`] the recorder renders described, and registered at zero for each
/// of its label values known at start (a shard's are at the bot's first scrape, [`render`]).
fn register() {
    for metric in METRICS {
        let rendered_here = metric
            .labels
            .iter()
            .any(|(_, values)| matches!(values, Values::Any))
            || metric.name == SHARD_LATENCY;
        if rendered_here {
            continue;
        }
        match metric.kind {
            Type::Counter => describe_counter!(metric.name, metric.help),
            Type::Gauge => describe_gauge!(metric.name, metric.help),
            Type::Histogram => describe_histogram!(metric.name, metric.help),
        }
        if metric
            .labels
            .iter()
            .all(|(_, values)| matches!(values, Values::These(_)))
        {
            register_each(metric, &[]);
        }
    }
}

/// `metric` registered for every combination of its labels' values, `fixed` given.
fn register_each(metric: &Metric, fixed: &[(&'static str, String)]) {
    let mut combinations: Vec<Vec<metrics::Label>> = vec![fixed
        .iter()
        .map(|(k, v)| metrics::Label::new(*k, v.clone()))
        .collect()];
    for (label, values) in metric.labels {
        let Values::These(values) = values else {
            continue;
        };
        combinations = combinations
            .into_iter()
            .flat_map(|labels| {
                values.iter().map(move |value| {
                    let mut labels = labels.clone();
                    labels.push(metrics::Label::new(*label, *value));
                    labels
                })
            })
            .collect();
    }
    for labels in combinations {
        match metric.kind {
            Type::Counter => drop(counter!(metric.name, labels)),
            Type::Gauge => drop(gauge!(metric.name, labels)),
            Type::Histogram => drop(histogram!(metric.name, labels)),
        }
    }
}

/// Held while a bot sets its gauges and renders them, so that two bots of one process (tests)
/// each render their own.
pub static SCRAPE: Mutex<()> = Mutex::new(());

/// Set when the process's stop closes the gateway: serenity 0.12 then warns of each shard's
/// close ("Received an error awaiting close frame": tungstenite ends a close this side began
/// with an error, always), which the log's filter drops from then on (`cli`'s `Hush`).
///
/// The process's, not a bot's: its reader is the log's filter, installed once for the process
/// (tracing's global subscriber) before any bot starts, and serenity's warning says nothing of
/// which bot's shard it is. A process that logs through it runs one bot (`run`, `sandbox`); the
/// tests' bots, many in a process, log without it.
pub static GATEWAY_CLOSING: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

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

/// The groups of REST routes the bot's requests are timed by ([`REST_SECONDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// An interaction's initial response (or its deferral): `POST /interactions/{id}/{token}/callback`.
    Interaction,
    /// An interaction's follow-ups and edits of its responses: `/webhooks/{application}/{token}/...`.
    Webhook,
    /// A channel's messages posted and edited: `/channels/{id}/messages...`.
    Message,
    /// A game's thread opened or archived: `/channels/{id}/messages/{id}/threads`, `PATCH /channels/{id}`.
    Thread,
}

impl Route {
    /// Each group's label.
    pub const ALL: &'static [&'static str] = &["interaction", "webhook", "message", "thread"];

    fn as_str(self) -> &'static str {
        match self {
            Route::Interaction => "interaction",
            Route::Webhook => "webhook",
            Route::Message => "message",
            Route::Thread => "thread",
        }
    }
}

/// `request` (a REST request to a route of `route`), timed from now to its answer.
pub async fn rest_timed<T>(route: Route, request: impl Future<Output = T>) -> T {
    let sent = Instant::now();
    let answer = request.await;
    histogram!(REST_SECONDS, "route" => route.as_str()).record(sent.elapsed().as_secs_f64());
    answer
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

/// The database gave the store an error of `kind` (one of [`DB_ERROR_KINDS`]).
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
    /// How many of them sleep.
    pub tables_asleep: usize,
    /// Each shard the bot runs: whether it is connected, and its heartbeat's latency.
    pub shards: Vec<(u32, bool, Option<Duration>)>,
    /// Whether dice are drawn with the application emoji.
    pub pictures: bool,
    /// The database's backend (`sqlite`, `postgres`).
    pub database: &'static str,
}

/// The metrics, `state` set, in Prometheus' text format: the recorder's, then the bot's own
/// ([`BUILD_INFO`], and [`SHARD_LATENCY`] for its connected shards).
pub fn render(handle: &PrometheusHandle, state: &State) -> String {
    let _one = SCRAPE.locked();
    process().collect();
    gauge!(OPEN_TABLES).set(state.open_tables as f64);
    gauge!(TABLES_ASLEEP).set(state.tables_asleep as f64);
    let reconnects = METRICS.iter().find(|m| m.name == RECONNECTS);
    for &(shard, connected, _) in &state.shards {
        gauge!(SHARD_CONNECTED, "shard" => shard.to_string()).set(f64::from(u8::from(connected)));
        if let Some(reconnects) = reconnects {
            register_each(reconnects, &[("shard", shard.to_string())]);
        }
    }
    gauge!(DICE_MODE, "mode" => "pictures").set(f64::from(u8::from(state.pictures)));
    gauge!(DICE_MODE, "mode" => "unicode").set(f64::from(u8::from(!state.pictures)));
    let mut text = handle.render();
    let help = |name| {
        METRICS
            .iter()
            .find(|m| m.name == name)
            .map_or("", |m| m.help)
    };
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let _ = write!(
        text,
        "# HELP {BUILD_INFO} {}\n# TYPE {BUILD_INFO} gauge\n\
         {BUILD_INFO}{{version=\"{}\",profile=\"{profile}\",database=\"{}\"}} 1\n\n",
        help(BUILD_INFO),
        env!("CARGO_PKG_VERSION"),
        state.database,
    );
    let _ = writeln!(
        text,
        "# HELP {SHARD_LATENCY} {}\n# TYPE {SHARD_LATENCY} gauge",
        help(SHARD_LATENCY)
    );
    for &(shard, connected, latency) in &state.shards {
        if let (true, Some(latency)) = (connected, latency) {
            let _ = writeln!(
                text,
                "{SHARD_LATENCY}{{shard=\"{shard}\"}} {}",
                latency.as_secs_f64()
            );
        }
    }
    text
}
