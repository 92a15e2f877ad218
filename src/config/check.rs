//! What a value of the configuration may be, beyond its type: the ranges, and [`BadValue`], the one
//! line that says what is wrong.

use std::path::PathBuf;

use super::{log_filter_checked, Config, MAX_BOT_PACE_MS, MAX_TURN_TIMEOUT_SECS};
use crate::tables::shards::{ShardRange, ShardsError};

/// The longest a move log may be kept when a time is set (ten years).
pub const MAX_LOG_DAYS: u32 = 3650;

/// The highest value of each limit.
pub const MAX_LIMIT: u32 = 100_000;

/// The longest grace a stop may be given (five minutes; orchestrators kill well before).
pub const MAX_GRACE_SECS: u64 = 300;

/// A value of the configuration that its type alone does not rule out, but the bot refuses: each
/// says the key, the value and what it may be, on one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadValue {
    #[error("game.default_target {value} is not between {min} and {max}")]
    DefaultTarget { value: u32, min: u32, max: u32 },
    #[error("game.turn_timeout_secs {0} is not between 1 and {MAX_TURN_TIMEOUT_SECS} (a week)")]
    TurnTimeout(u64),
    #[error("game.lobby_timeout_secs {0} is not between 1 and {MAX_TURN_TIMEOUT_SECS} (a week)")]
    LobbyTimeout(u64),
    #[error("game.sleep_after_secs {0} is not between 1 and {MAX_TURN_TIMEOUT_SECS} (a week)")]
    SleepAfter(u64),
    #[error("game.bot_pace_ms {0} is more than {MAX_BOT_PACE_MS} (a minute)")]
    BotPace(u64),
    #[error("shutdown.grace_secs {0} is not between 1 and {MAX_GRACE_SECS}")]
    Grace(u64),
    #[error("startup.wait_secs {0} is not between 1 and {MAX_TURN_TIMEOUT_SECS} (a week; leave it out to wait as long as it takes)")]
    StartupWait(u64),
    /// One of `limits`: its key and value.
    #[error("{key} {value} is not between 1 and {MAX_LIMIT}")]
    Limit { key: &'static str, value: u32 },
    #[error("retention.game_logs_days {0} is not between 1 and {MAX_LOG_DAYS} (leave it out to keep every log)")]
    LogDays(u32),
    /// `database.url`, shown without its password ([`redacted`](crate::store::redacted)).
    #[error("database.url {shown} is neither sqlite://PATH nor postgres://...")]
    DatabaseUrl { shown: String },
    #[error("discord.shards {0} needs discord.shard_count (the bot's total number of shards, over all its processes)")]
    ShardsWithoutCount(ShardRange),
    #[error(transparent)]
    Shards(#[from] ShardsError),
    #[error("discord.http_proxy {0:?} is not a URL like \"http://127.0.0.1:3000\"")]
    HttpProxy(String),
    /// A setting given both inline and by file.
    #[error("{key} and {key}_file are both set: set one")]
    Twice { key: &'static str },
    /// A secret's file that could not be read: who tried, and why.
    #[error("{key}_file {}: cannot be read by uid {uid}: {cause}", path.display())]
    SecretFile {
        key: &'static str,
        path: PathBuf,
        uid: u32,
        cause: String,
    },
    #[error("{key}_file {} is empty", path.display())]
    EmptySecret { key: &'static str, path: PathBuf },
    #[error("database.password_file needs a postgres:// database.url")]
    PasswordWithoutPostgres,
    #[error("database.password_file and a password in database.url are both set: set one")]
    PasswordTwice,
    /// A variable named as a setting that is none (`FORGETIT_` without the `__` of a key).
    #[error("environment variable {0} is not a setting: a setting is FORGETIT_SECTION__KEY, e.g. FORGETIT_LOG__FILTER")]
    StrayVariable(String),
    /// `log.filter` or `RUST_LOG`, which tracing cannot read.
    #[error("{key} {value:?} is not a log filter: {cause}")]
    LogFilter {
        key: &'static str,
        value: String,
        cause: String,
    },
}

impl Config {
    /// Checks what the types alone don't: the game settings' ranges (of the bot's own games), the
    /// shard range against the shard count, the proxy URL.
    pub fn validate(&self) -> Result<(), BadValue> {
        let game = &self.game;
        if let Some(target) = crate::games::hosted().server_target() {
            if !(target.min..=target.max).contains(&game.default_target) {
                return Err(BadValue::DefaultTarget {
                    value: game.default_target,
                    min: target.min,
                    max: target.max,
                });
            }
        }
        if !(1..=MAX_TURN_TIMEOUT_SECS).contains(&game.turn_timeout_secs) {
            return Err(BadValue::TurnTimeout(game.turn_timeout_secs));
        }
        if !(1..=MAX_TURN_TIMEOUT_SECS).contains(&game.lobby_timeout_secs) {
            return Err(BadValue::LobbyTimeout(game.lobby_timeout_secs));
        }
        if game.bot_pace_ms > MAX_BOT_PACE_MS {
            return Err(BadValue::BotPace(game.bot_pace_ms));
        }
        if !(1..=MAX_TURN_TIMEOUT_SECS).contains(&game.sleep_after_secs) {
            return Err(BadValue::SleepAfter(game.sleep_after_secs));
        }
        if !(1..=MAX_GRACE_SECS).contains(&self.shutdown.grace_secs) {
            return Err(BadValue::Grace(self.shutdown.grace_secs));
        }
        if let Some(wait) = self.startup.wait_secs {
            if !(1..=MAX_TURN_TIMEOUT_SECS).contains(&wait) {
                return Err(BadValue::StartupWait(wait));
            }
        }
        let limits = &self.limits;
        for (key, value) in [
            ("limits.lobbies_per_person", limits.lobbies_per_person),
            ("limits.tables_per_server", limits.tables_per_server),
            ("limits.clicks_per_minute", limits.clicks_per_minute),
        ] {
            if !(1..=MAX_LIMIT).contains(&value) {
                return Err(BadValue::Limit { key, value });
            }
        }
        if let Some(days) = self.retention.game_logs_days {
            if !(1..=MAX_LOG_DAYS).contains(&days) {
                return Err(BadValue::LogDays(days));
            }
        }
        self.database.validate()?;
        log_filter_checked("log.filter", &self.log.filter)?;
        self.shards()?;
        self.http_proxy()?;
        Ok(())
    }
}
