//! The sections on how the process runs: `[shutdown]`, `[limits]`, `[retention]`, `[metrics]` and
//! `[startup]`.

use serde::{Deserialize, Serialize};

/// How a stop (SIGTERM, SIGINT) goes (the bot's `RunningBot::shutdown`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShutdownConfig {
    /// Seconds a stop waits for what is in flight (clicks, commands, reviews, their deferred
    /// answers) to finish; what still runs then is logged, and left.
    pub grace_secs: u64,
}

impl Default for ShutdownConfig {
    fn default() -> Self {
        ShutdownConfig { grace_secs: 10 }
    }
}

/// What one person, and one server, may open or click: counted per server, the same for every
/// server. Past a limit the bot answers privately, saying the limit, and does nothing.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsConfig {
    /// The open lobbies (games not started yet) one person may host at once, in one server.
    pub lobbies_per_person: u32,
    /// The open games (in their lobby or being played) one server may have at once.
    pub tables_per_server: u32,
    /// The clicks one person may make in a minute in one server (in a burst, then one every
    /// 60/n seconds).
    pub clicks_per_minute: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        let tables = crate::tables::Limits::default();
        LimitsConfig {
            lobbies_per_person: tables.lobbies_per_person,
            tables_per_server: tables.tables_per_server,
            clicks_per_minute: 60,
        }
    }
}

/// What the database keeps of finished games.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RetentionConfig {
    /// Days a finished game's move log is kept (its review and rematch need it); its result,
    /// ratings and statistics are kept for good. `None`: every log is kept.
    pub game_logs_days: Option<u32>,
}

/// How a start waits for what it needs (docs/operating.md, "A start that waits").
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StartupConfig {
    /// Seconds a start waits for the database and for Discord to answer (asking again, 1 s to a
    /// minute apart) before it gives up with exit status 1. None: it waits as long as it takes.
    pub wait_secs: Option<u64>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// Serve `/metrics` (Prometheus' text format) and `/healthz` on this address, e.g.
    /// "127.0.0.1:9100". None: no server (the default).
    pub listen: Option<std::net::SocketAddr>,
}
