//! Configuration: defaults, then the TOML file, then the environment. See config.example.toml.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};

use crate::render::DiceStyle;
use crate::store::{redacted, BackendKind, Durability};
use crate::tables::shards::{ShardRange, Shards, ShardsError};
use crate::tables::TableConfig;

pub use crate::duration::{MAX_BOT_PACE_MS, MAX_TURN_TIMEOUT_SECS};

/// The file read when no `--config` is given (if it exists).
pub const DEFAULT_FILE: &str = "config.toml";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub discord: DiscordConfig,
    pub database: DatabaseConfig,
    pub game: GameConfig,
    pub emoji: DiceStyle,
    pub strategy: StrategyConfig,
    pub log: LogConfig,
    pub shutdown: ShutdownConfig,
    pub limits: LimitsConfig,
    pub retention: RetentionConfig,
    pub metrics: MetricsConfig,
    pub startup: StartupConfig,
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

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token. Prefer the DISCORD_TOKEN environment variable, or a file.
    pub token: Option<Token>,
    /// A file holding the bot token (a Docker or Kubernetes secret; `DISCORD_TOKEN_FILE` in the
    /// environment), its trailing newline dropped. Not with `token`.
    pub token_file: Option<PathBuf>,
    /// Register the slash commands in this server only (instant, for development) instead of
    /// globally.
    pub guild_id: Option<crate::ids::GuildId>,
    /// Send every REST request to this rate-limiting proxy (e.g. twilight-http-proxy at
    /// `http://127.0.0.1:3000`) instead of Discord; the gateway URL is fetched through it too.
    pub http_proxy: Option<String>,
    /// The bot's total number of shards, over all its processes. None: as many as Discord
    /// recommends (`GET /gateway/bot`), all in this process.
    pub shard_count: Option<u32>,
    /// The shards this process runs, e.g. "0..4" (0 to 3). None: all of `shard_count`.
    pub shards: Option<ShardRange>,
}

/// The bot token: never printed.
#[derive(Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The database, by URL: `sqlite://PATH` or `postgres://USER:PASSWORD@HOST/NAME`. Without
    /// it, the SQLite file at `path`.
    pub url: Option<String>,
    /// A file holding `url` (a secret), its trailing newline dropped. Not with `url`.
    pub url_file: Option<PathBuf>,
    /// A file holding the PostgreSQL password, for a `url` without one (PostgreSQL's own
    /// `PGPASSFILE` works too).
    pub password_file: Option<PathBuf>,
    /// The SQLite file, created on first run (when no `url` is given).
    pub path: PathBuf,
    /// What an answered click's commit survives: "process" (the process being killed; the
    /// default) or "machine" (a power cut too: an fsync per transaction).
    pub durability: Durability,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            url: None,
            url_file: None,
            password_file: None,
            path: PathBuf::from("forgetit.db"),
            durability: Durability::default(),
        }
    }
}

impl DatabaseConfig {
    /// The database, for logs and errors: its URL without a password, or the SQLite file.
    pub fn shown(&self) -> String {
        match &self.url {
            Some(url) => redacted(url),
            None => self.path.display().to_string(),
        }
    }

    fn validate(&self) -> Result<(), BadValue> {
        match &self.url {
            Some(url) if BackendKind::of(url).is_none() => Err(BadValue::DatabaseUrl {
                shown: redacted(url),
            }),
            _ => Ok(()),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// The target of a game started without one, for the games whose target a server sets.
    pub default_target: u32,
    /// Seconds a person has for each move before their turn times out.
    pub turn_timeout_secs: u64,
    /// Seconds a table may wait in its lobby, since its last change, before it closes unstarted.
    pub lobby_timeout_secs: u64,
    /// Milliseconds a bot seat waits before each move.
    pub bot_pace_ms: u64,
    /// Seconds a table with nothing to do stays in memory before it sleeps (its game in the
    /// store, its deadline kept; the next click or the deadline loads it again).
    pub sleep_after_secs: u64,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            default_target: crate::games::server_target().map_or(0, |t| t.default),
            turn_timeout_secs: 300,
            lobby_timeout_secs: 3600,
            bot_pace_ms: 1500,
            sleep_after_secs: crate::tables::SLEEP_AFTER.as_secs(),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StrategyConfig {
    /// Where a game that keeps a solved strategy table (8 MB) keeps it, so that later
    /// runs read it instead of solving it again. An empty path: no file, solve at every run.
    pub cache: PathBuf,
}

impl Default for StrategyConfig {
    fn default() -> Self {
        StrategyConfig {
            cache: PathBuf::from("strategy-cache.bin"),
        }
    }
}

impl StrategyConfig {
    /// The cache file, `None` when none is wanted.
    pub fn cache(&self) -> Option<PathBuf> {
        (!self.cache.as_os_str().is_empty()).then(|| self.cache.clone())
    }
}

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

/// The longest a move log may be kept when a time is set (ten years).
pub const MAX_LOG_DAYS: u32 = 3650;

/// The highest value of each limit.
pub const MAX_LIMIT: u32 = 100_000;

/// The longest grace a stop may be given (five minutes; orchestrators kill well before).
pub const MAX_GRACE_SECS: u64 = 300;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter, e.g. "info" or "info,forgetit=debug". RUST_LOG overrides it.
    pub filter: String,
    pub format: LogFormat,
    /// Colours in plain logs: `auto` (only when stderr is a terminal and `NO_COLOR` is unset),
    /// `always` or `never`.
    pub color: LogColor,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            filter: "info".into(),
            format: LogFormat::Plain,
            color: LogColor::Auto,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogColor {
    Auto,
    Always,
    Never,
}

impl LogColor {
    /// Whether lines are coloured, for a writer that is (or is not) a terminal and the
    /// environment's `NO_COLOR` (<https://no-color.org>: set and not empty, no colour).
    pub fn colored(self, terminal: bool, no_color: Option<&str>) -> bool {
        match self {
            LogColor::Always => true,
            LogColor::Never => false,
            LogColor::Auto => terminal && no_color.is_none_or(str::is_empty),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Plain,
    Json,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("config file {0} does not exist")]
    Missing(PathBuf),
    /// The file or the environment could not be read into a [`Config`].
    #[error("config: {0}")]
    Unreadable(#[source] Box<figment::Error>),
    #[error("config: {0}")]
    Invalid(#[from] BadValue),
}

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
    /// `database.url`, shown without its password ([`redacted`]).
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
    /// Loads the configuration: defaults < `file` (or config.toml if present) < environment
    /// (`FORGETIT_SECTION__KEY`, and `DISCORD_TOKEN`).
    pub fn load(file: Option<&Path>) -> Result<Config, ConfigError> {
        let file = match file {
            Some(path) if !path.exists() => return Err(ConfigError::Missing(path.into())),
            Some(path) => path.to_path_buf(),
            None => PathBuf::from(DEFAULT_FILE),
        };
        stray_variables(std::env::vars_os())?;
        let mut config: Config = Self::figment(&file)
            .extract()
            .map_err(|e| ConfigError::Unreadable(Box::new(e)))?;
        config.read_secrets()?;
        config.validate()?;
        if let Some(value) = std::env::var("RUST_LOG")
            .ok()
            .filter(|v| !v.trim().is_empty())
        {
            log_filter_checked("RUST_LOG", &value)?;
        }
        Ok(config)
    }

    /// Reads the secrets given by file (`discord.token_file`, `database.url_file`,
    /// `database.password_file`) into the settings they stand for.
    pub fn read_secrets(&mut self) -> Result<(), BadValue> {
        let discord = &mut self.discord;
        if let Some(path) = discord.token_file.take() {
            if discord.token.is_some() {
                return Err(BadValue::Twice {
                    key: "discord.token",
                });
            }
            discord.token = Some(Token::new(read_secret("discord.token", &path)?));
        }
        let database = &mut self.database;
        if let Some(path) = database.url_file.take() {
            if database.url.is_some() {
                return Err(BadValue::Twice {
                    key: "database.url",
                });
            }
            database.url = Some(read_secret("database.url", &path)?);
        }
        if let Some(path) = database.password_file.take() {
            let password = read_secret("database.password", &path)?;
            let url = database.url.as_deref().unwrap_or_default();
            if BackendKind::of(url) != Some(BackendKind::Postgres) {
                return Err(BadValue::PasswordWithoutPostgres);
            }
            let mut parsed = url::Url::parse(url).map_err(|_| BadValue::DatabaseUrl {
                shown: redacted(url),
            })?;
            if parsed.password().is_some() {
                return Err(BadValue::PasswordTwice);
            }
            // Every byte but letters and digits escaped: `url` itself leaves a `%` as it is.
            let escaped = percent_encoding::utf8_percent_encode(
                &password,
                percent_encoding::NON_ALPHANUMERIC,
            )
            .to_string();
            parsed
                .set_password(Some(&escaped))
                .map_err(|()| BadValue::DatabaseUrl {
                    shown: redacted(url),
                })?;
            database.url = Some(parsed.into());
        }
        Ok(())
    }

    /// Checks what the types alone don't: the game settings' ranges, the shard range against the
    /// shard count, the proxy URL.
    pub fn validate(&self) -> Result<(), BadValue> {
        let game = &self.game;
        if let Some(target) = crate::games::server_target() {
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

    /// The shards this process runs: `None` to let Discord say how many (all in this process).
    pub fn shards(&self) -> Result<Option<Shards>, BadValue> {
        match (self.discord.shard_count, self.discord.shards) {
            (None, None) => Ok(None),
            (None, Some(range)) => Err(BadValue::ShardsWithoutCount(range)),
            (Some(count), range) => {
                let range = range.unwrap_or(ShardRange {
                    first: 0,
                    end: count,
                });
                Ok(Some(Shards::new(range, count)?))
            }
        }
    }

    /// The REST proxy's base URL (no trailing slash), if one is configured.
    pub fn http_proxy(&self) -> Result<Option<String>, BadValue> {
        let Some(url) = self.discord.http_proxy.as_deref().map(str::trim) else {
            return Ok(None);
        };
        let rest = url
            .strip_prefix("http://")
            .or_else(|| url.strip_prefix("https://"));
        match rest {
            Some(host) if !host.trim_end_matches('/').is_empty() && !host.contains(' ') => {
                Ok(Some(url.trim_end_matches('/').to_string()))
            }
            _ => Err(BadValue::HttpProxy(url.to_string())),
        }
    }

    fn figment(file: &Path) -> Figment {
        Figment::from(Serialized::defaults(Config::default()))
            .merge(Toml::file(file))
            // Settings only: a variable without the `__` of a key is a Service's link
            // (`stray_variables` refuses any other).
            .merge(
                Env::prefixed("FORGETIT_")
                    .filter(|key| key.as_str().contains("__"))
                    .split("__"),
            )
            .merge(
                Env::raw()
                    .only(&["DISCORD_TOKEN", "DISCORD_TOKEN_FILE"])
                    .map(|key| match key.as_str() {
                        "DISCORD_TOKEN_FILE" => "discord.token_file".into(),
                        _ => "discord.token".into(),
                    }),
            )
    }

    /// What the game service needs.
    pub fn tables(&self) -> TableConfig {
        TableConfig {
            turn_timeout: Duration::from_secs(self.game.turn_timeout_secs),
            lobby_timeout: Duration::from_secs(self.game.lobby_timeout_secs),
            bot_pace: Duration::from_millis(self.game.bot_pace_ms),
            default_target: self.game.default_target,
            style: self.emoji.clone(),
            // Checked by `load` (and by `discord::start`).
            shards: self.shards().ok().flatten(),
            strategy_cache: self.strategy.cache(),
            limits: crate::tables::Limits {
                lobbies_per_person: self.limits.lobbies_per_person,
                tables_per_server: self.limits.tables_per_server,
            },
            sleep_after: Duration::from_secs(self.game.sleep_after_secs),
        }
    }
}

/// A secret read from `path` for `key`, its trailing newline (or CRLF) dropped.
fn read_secret(key: &'static str, path: &Path) -> Result<String, BadValue> {
    let text = std::fs::read_to_string(path).map_err(|e| BadValue::SecretFile {
        key,
        path: path.to_path_buf(),
        uid: crate::unix::effective_uid(),
        cause: e.to_string(),
    })?;
    let secret = text.trim_end_matches(['\n', '\r']);
    if secret.is_empty() {
        return Err(BadValue::EmptySecret {
            key,
            path: path.to_path_buf(),
        });
    }
    Ok(secret.to_string())
}

/// The tracing filter `value` of `key`, or why it is none.
pub fn log_filter_checked(
    key: &'static str,
    value: &str,
) -> Result<tracing_subscriber::EnvFilter, BadValue> {
    tracing_subscriber::EnvFilter::try_new(value).map_err(|e| BadValue::LogFilter {
        key,
        value: value.to_string(),
        cause: e.to_string(),
    })
}

/// Refuses a `FORGETIT_` variable that is not a setting (`FORGETIT_SECTION__KEY`), unless it is
/// one of the variables Kubernetes sets for a Service named `forgetit` or `forgetit-…` ("service
/// links": `…_SERVICE_HOST`, `…_SERVICE_PORT[_NAME]`, `…_PORT[_N_PROTO[_PROTO|_PORT|_ADDR]]`),
/// which are ignored.
fn stray_variables(
    vars: impl IntoIterator<Item = (std::ffi::OsString, std::ffi::OsString)>,
) -> Result<(), BadValue> {
    for (name, value) in vars {
        let name = name.to_string_lossy().to_ascii_uppercase();
        if let Some(rest) = name.strip_prefix("FORGETIT_") {
            if !rest.contains("__") && !service_link(&name, &value.to_string_lossy()) {
                return Err(BadValue::StrayVariable(name));
            }
        }
    }
    Ok(())
}

/// Whether `name` (upper case) and `value` have the form of a Kubernetes service link variable.
/// (`…_PORT` is one only with a value like `tcp://10.0.0.1:9100`: `FORGETIT_METRICS_PORT=9100`
/// is a setting mistyped.)
pub fn service_link(name: &str, value: &str) -> bool {
    // `…_PORT_8080_TCP`, `…_PORT_8080_TCP_PROTO`, `…_PORT_8080_TCP_PORT`, `…_PORT_8080_TCP_ADDR`.
    let port_of_a_protocol = name.contains("_PORT_")
        && name.rsplit("_PORT_").next().is_some_and(|tail| {
            let mut parts = tail.split('_');
            let number = parts
                .next()
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            let protocol = parts
                .next()
                .is_some_and(|p| matches!(p, "TCP" | "UDP" | "SCTP"));
            let field = match parts.next() {
                None => true,
                Some(f) => matches!(f, "PROTO" | "PORT" | "ADDR") && parts.next().is_none(),
            };
            number && protocol && field
        });
    if port_of_a_protocol || name.ends_with("_SERVICE_HOST") {
        return true;
    }
    if let Some((_, port_name)) = name.split_once("_SERVICE_PORT") {
        return port_name.is_empty() || port_name.starts_with('_');
    }
    name.ends_with("_PORT")
        && ["tcp://", "udp://", "sctp://"]
            .iter()
            .any(|scheme| value.starts_with(scheme))
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment's Jail returns figment's own (large) error
mod tests {
    use super::*;

    #[test]
    fn file_then_environment_override_the_defaults() {
        figment::Jail::expect_with(|jail| {
            jail.create_file(
                "bot.toml",
                "[database]\npath = \"/data/x.db\"\n[game]\nturn_timeout_secs = 60\n",
            )?;
            jail.set_env("FORGETIT_GAME__BOT_PACE_MS", "10");
            jail.set_env("DISCORD_TOKEN", "secret-token");
            let config = Config::load(Some(Path::new("bot.toml"))).unwrap();
            assert_eq!(config.database.path, PathBuf::from("/data/x.db"));
            assert_eq!(config.game.turn_timeout_secs, 60);
            assert_eq!(config.game.bot_pace_ms, 10);
            assert_eq!(config.game.default_target, 500);
            let token = config.discord.token.unwrap();
            assert_eq!(token.expose(), "secret-token");
            assert_eq!(format!("{token:?}"), "Token(<hidden>)");
            Ok(())
        });
    }

    #[test]
    fn a_missing_explicit_file_and_an_unknown_key_are_errors() {
        figment::Jail::expect_with(|jail| {
            let err = Config::load(Some(Path::new("nope.toml"))).unwrap_err();
            assert_eq!(err.to_string(), "config file nope.toml does not exist");
            jail.create_file("config.toml", "[game]\ntypo = 1\n")?;
            let err = Config::load(None).unwrap_err();
            assert!(err.to_string().contains("typo"), "{err}");
            Ok(())
        });
    }

    #[test]
    fn shards_and_the_proxy_come_from_the_environment() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("FORGETIT_DISCORD__HTTP_PROXY", "http://127.0.0.1:3000/");
            jail.set_env("FORGETIT_DISCORD__SHARD_COUNT", "4");
            jail.set_env("FORGETIT_DISCORD__SHARDS", "2..4");
            let config = Config::load(None).unwrap();
            assert_eq!(
                config.http_proxy().unwrap().as_deref(),
                Some("http://127.0.0.1:3000")
            );
            let shards = config.shards().unwrap().unwrap();
            assert_eq!(
                (shards.range.first, shards.range.end, shards.count),
                (2, 4, 4)
            );
            assert_eq!(config.tables().shards, Some(shards));
            assert_eq!(shards.to_string(), "shards 2..4 of 4");
            // One process of one shard: the ".." is read as a range, not a number.
            jail.set_env("FORGETIT_DISCORD__SHARD_COUNT", "1");
            jail.set_env("FORGETIT_DISCORD__SHARDS", "0..1");
            let one = Config::load(None).unwrap().shards().unwrap().unwrap();
            assert_eq!((one.range.first, one.range.end, one.count), (0, 1, 1));
            Ok(())
        });
    }

    #[test]
    fn the_database_url_comes_from_the_environment_and_is_shown_without_its_password() {
        figment::Jail::expect_with(|jail| {
            let config = Config::load(None).unwrap();
            assert_eq!(config.database.url, None);
            assert_eq!(config.database.shown(), "forgetit.db");
            jail.set_env(
                "FORGETIT_DATABASE__URL",
                "postgres://bot:s3cret@db.example:5432/forgetit",
            );
            let config = Config::load(None).unwrap();
            assert_eq!(
                config.database.url.as_deref(),
                Some("postgres://bot:s3cret@db.example:5432/forgetit")
            );
            assert_eq!(
                config.database.shown(),
                "postgres://bot:***@db.example:5432/forgetit"
            );
            jail.set_env("FORGETIT_DATABASE__URL", "mysql://bot:s3cret@db/forgetit");
            let err = Config::load(None).unwrap_err().to_string();
            assert_eq!(
                err,
                "config: database.url mysql://bot:***@db/forgetit is neither sqlite://PATH nor postgres://..."
            );
            Ok(())
        });
        assert_eq!(redacted("sqlite://forgetit.db"), "sqlite://forgetit.db");
        assert_eq!(redacted("postgres://bot@h/db"), "postgres://bot@h/db");
        assert_eq!(redacted("postgres://b:p@ss@h/db"), "postgres://b:***@h/db");
    }

    #[test]
    fn secrets_come_from_files_without_their_trailing_newline() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("token", "c2VjcmV0.from-a.file\n")?;
            jail.create_file("url", "postgres://bot@db.example/forgetit\r\n")?;
            jail.create_file("password", "p@ss:w/rd%\n")?;
            jail.set_env("DISCORD_TOKEN_FILE", "token");
            jail.set_env("FORGETIT_DATABASE__URL_FILE", "url");
            jail.set_env("FORGETIT_DATABASE__PASSWORD_FILE", "password");
            let config = Config::load(None).unwrap();
            let token = config.discord.token.as_ref().unwrap();
            assert_eq!(token.expose(), "c2VjcmV0.from-a.file");
            let url = config.database.url.as_deref().unwrap();
            assert_eq!(url, "postgres://bot:p%40ss%3Aw%2Frd%25@db.example/forgetit");
            assert_eq!(
                config.database.shown(),
                "postgres://bot:***@db.example/forgetit"
            );
            // What sqlx reads from it is the password as written.
            let parsed = url::Url::parse(url).unwrap();
            let password = percent_encoding::percent_decode_str(parsed.password().unwrap());
            assert_eq!(password.decode_utf8().unwrap(), "p@ss:w/rd%");
            assert!(!format!("{config:?}").contains("from-a.file"));

            let err = || Config::load(None).unwrap_err().to_string();
            jail.set_env("DISCORD_TOKEN", "inline.token.too");
            assert_eq!(
                err(),
                "config: discord.token and discord.token_file are both set: set one"
            );
            jail.clear_env();
            jail.create_file("empty", "\n")?;
            jail.set_env("DISCORD_TOKEN_FILE", "empty");
            assert_eq!(err(), "config: discord.token_file empty is empty");
            jail.set_env("DISCORD_TOKEN_FILE", "missing");
            let missing = err();
            assert!(
                missing.starts_with("config: discord.token_file missing: cannot be read by uid ")
                    && missing.contains("No such file"),
                "{missing}"
            );
            jail.clear_env();
            jail.set_env("FORGETIT_DATABASE__PASSWORD_FILE", "password");
            assert_eq!(
                err(),
                "config: database.password_file needs a postgres:// database.url"
            );
            jail.set_env(
                "FORGETIT_DATABASE__URL",
                "postgres://bot:inline@db/forgetit",
            );
            assert_eq!(
                err(),
                "config: database.password_file and a password in database.url are both set: set one"
            );
            Ok(())
        });
    }

    #[test]
    fn kubernetes_service_links_are_ignored_and_other_stray_variables_named() {
        figment::Jail::expect_with(|jail| {
            // What Kubernetes puts in a pod's environment for Services named forgetit and
            // forgetit-metrics (enableServiceLinks, on by default).
            for (name, value) in [
                ("FORGETIT_PORT", "tcp://10.96.0.12:9100"),
                ("FORGETIT_PORT_9100_TCP", "tcp://10.96.0.12:9100"),
                ("FORGETIT_PORT_9100_TCP_PROTO", "tcp"),
                ("FORGETIT_PORT_9100_TCP_PORT", "9100"),
                ("FORGETIT_PORT_9100_TCP_ADDR", "10.96.0.12"),
                ("FORGETIT_SERVICE_HOST", "10.96.0.12"),
                ("FORGETIT_SERVICE_PORT", "9100"),
                ("FORGETIT_SERVICE_PORT_METRICS", "9100"),
                ("FORGETIT_METRICS_SERVICE_HOST", "10.96.0.13"),
                ("FORGETIT_METRICS_PORT_9100_UDP", "udp://10.96.0.13:9100"),
            ] {
                jail.set_env(name, value);
            }
            jail.set_env("FORGETIT_LOG__FILTER", "debug");
            let config = Config::load(None).unwrap();
            assert_eq!(config.log.filter, "debug");
            assert_eq!(config.metrics.listen, None);
            // A typo of a setting is still refused, by name.
            jail.set_env("FORGETIT_LOG_FILTER", "debug");
            assert_eq!(
                Config::load(None).unwrap_err().to_string(),
                "config: environment variable FORGETIT_LOG_FILTER is not a setting: a setting is FORGETIT_SECTION__KEY, e.g. FORGETIT_LOG__FILTER"
            );
            Ok(())
        });
        for (name, value) in [
            ("FORGETIT_PORT_HTTP", "80"),
            ("FORGETIT_PORT_80_TCPX", "80"),
            ("FORGETIT_LOG_FORMAT", "json"),
            ("FORGETIT_METRICS_PORT", "9100"),
        ] {
            assert!(!service_link(name, value), "{name}");
        }
        assert!(service_link(
            "FORGETIT_METRICS_PORT",
            "tcp://10.96.0.13:9100"
        ));
    }

    #[test]
    fn a_log_filter_tracing_cannot_read_is_refused() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("FORGETIT_LOG__FILTER", "=[nonsense");
            let err = Config::load(None).unwrap_err().to_string();
            assert!(
                err.starts_with("config: log.filter \"=[nonsense\" is not a log filter: "),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1);
            jail.set_env("FORGETIT_LOG__FILTER", "info,forgetit=debug");
            jail.set_env("RUST_LOG", "forgetit=loud");
            let err = Config::load(None).unwrap_err().to_string();
            assert!(
                err.starts_with("config: RUST_LOG \"forgetit=loud\""),
                "{err}"
            );
            jail.set_env("RUST_LOG", "");
            Config::load(None).unwrap();
            Ok(())
        });
    }

    #[test]
    fn a_shard_count_alone_runs_every_shard_and_none_autoshards() {
        let mut config = Config::default();
        assert_eq!(config.shards().unwrap(), None);
        config.discord.shard_count = Some(3);
        let all = config.shards().unwrap().unwrap();
        assert_eq!((all.range.first, all.range.end), (0, 3));
    }

    #[test]
    fn bad_shards_and_proxies_are_one_clear_error() {
        figment::Jail::expect_with(|_jail| {
            let load = |toml: &str| -> String {
                std::fs::write("bad.toml", toml).unwrap();
                Config::load(Some(Path::new("bad.toml")))
                    .unwrap_err()
                    .to_string()
            };
            let outside = load("[discord]\nshard_count = 2\nshards = \"1..3\"\n");
            assert_eq!(
                outside,
                "config: discord.shards 1..3 is outside discord.shard_count 2 (the shards are 0..2)"
            );
            assert!(load("[discord]\nshards = \"0..1\"\n").contains("needs discord.shard_count"));
            assert!(load("[discord]\nshard_count = 0\n").contains("at least 1"));
            let err = load("[discord]\nshard_count = 2\nshards = \"two\"\n");
            assert!(err.contains("not a shard range"), "{err}");
            let err = load("[discord]\nhttp_proxy = \"localhost:3000\"\n");
            assert!(err.contains("discord.http_proxy"), "{err}");
            Ok(())
        });
    }

    #[test]
    fn game_settings_out_of_range_are_one_clear_error() {
        figment::Jail::expect_with(|jail| {
            for (toml, key) in [
                ("[game]\ndefault_target = 0\n", "game.default_target"),
                ("[game]\nturn_timeout_secs = 0\n", "game.turn_timeout_secs"),
                (
                    "[game]\nlobby_timeout_secs = 0\n",
                    "game.lobby_timeout_secs",
                ),
                (
                    "[game]\nturn_timeout_secs = 99999999999\n",
                    "game.turn_timeout_secs",
                ),
                ("[game]\nbot_pace_ms = 3600000\n", "game.bot_pace_ms"),
                ("[game]\nsleep_after_secs = 0\n", "game.sleep_after_secs"),
            ] {
                jail.create_file("config.toml", toml)?;
                let err = Config::load(None).unwrap_err().to_string();
                assert!(err.contains(key), "{err}");
                assert_eq!(err.lines().count(), 1);
            }
            Ok(())
        });
    }

    #[test]
    fn the_metrics_address_comes_from_the_environment_and_a_bad_one_is_one_clear_error() {
        figment::Jail::expect_with(|jail| {
            assert_eq!(Config::load(None).unwrap().metrics.listen, None);
            jail.set_env("FORGETIT_METRICS__LISTEN", "127.0.0.1:9100");
            let listen = Config::load(None).unwrap().metrics.listen;
            assert_eq!(listen, Some("127.0.0.1:9100".parse().unwrap()));
            jail.set_env("FORGETIT_METRICS__LISTEN", "localhost");
            let err = Config::load(None).unwrap_err().to_string();
            assert!(err.contains("socket address"), "{err}");
            assert!(err.to_lowercase().contains("metrics.listen"), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            jail.clear_env();
            jail.create_file("config.toml", "[metrics]\nlisten = \"127.0.0.1\"\n")?;
            let err = Config::load(None).unwrap_err().to_string();
            assert!(err.contains("metrics.listen"), "{err}");
            Ok(())
        });
    }

    #[test]
    fn the_six_sided_pieces_keep_their_older_names() {
        figment::Jail::expect_with(|jail| {
            jail.create_file(
                "config.toml",
                "[emoji]\ndickey_faces = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]\ndickey_held = \"📌\"\n",
            )?;
            let config = Config::load(None).unwrap();
            let six = crate::games::getdickey::dice::SIX_FACES;
            let held = crate::games::getdickey::dice::SIX_HELD;
            assert_eq!(config.emoji.piece(&six, 5), "f");
            assert_eq!(config.emoji.piece(&held, 0), "📌");
            Ok(())
        });
    }

    /// `[emoji]`'s keys are the games' declared pieces: an unknown one is refused naming them,
    /// a list of the wrong length is refused, and a set piece is read.
    #[test]
    fn the_emoji_keys_are_the_games_pieces() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("config.toml", "[emoji]\nsix_face = [\"a\"]\n")?;
            let err = Config::load(None).unwrap_err().to_string();
            assert!(err.contains("six_face"), "{err}");
            for key in [
                "style",
                "kinds",
                "numbers",
                "words",
                "six_faces",
                "six_held",
            ] {
                assert!(err.contains(&format!("`{key}`")), "{key}: {err}");
            }
            jail.create_file("config.toml", "[emoji]\nkinds = [\"a\", \"b\"]\n")?;
            let err = Config::load(None).unwrap_err().to_string();
            assert!(
                err.contains("length 2") && err.contains("3 pieces"),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
            jail.create_file("config.toml", "[emoji]\nwords = [\"F\", \"G\", \"I\"]\n")?;
            let config = Config::load(None).unwrap();
            let words = crate::games::forgetit::dice::WORDS;
            assert_eq!(config.emoji.piece(&words, 1), "G");
            assert!(config.emoji.is_set(&words));
            let kinds = crate::games::forgetit::dice::KINDS;
            assert!(!config.emoji.is_set(&kinds));
            Ok(())
        });
    }

    #[test]
    fn every_section_refuses_an_unknown_key_emoji_too() {
        figment::Jail::expect_with(|jail| {
            for section in [
                "discord",
                "database",
                "game",
                "emoji",
                "strategy",
                "log",
                "shutdown",
                "limits",
                "retention",
                "metrics",
            ] {
                jail.create_file("config.toml", &format!("[{section}]\nno_such_key = 1\n"))?;
                let err = Config::load(None).unwrap_err().to_string();
                assert!(err.contains("no_such_key"), "[{section}]: {err}");
                assert_eq!(err.lines().count(), 1, "[{section}]: {err}");
            }
            Ok(())
        });
    }

    #[test]
    fn log_colours_only_on_a_terminal_and_never_with_no_color() {
        use super::LogColor::{Always, Auto, Never};
        assert!(Auto.colored(true, None));
        assert!(Auto.colored(true, Some("")), "an empty NO_COLOR is unset");
        assert!(!Auto.colored(true, Some("1")));
        assert!(
            !Auto.colored(false, None),
            "a file or a pipe gets no colour"
        );
        assert!(Always.colored(false, Some("1")));
        assert!(!Never.colored(true, None));
        figment::Jail::expect_with(|jail| {
            jail.create_file("config.toml", "[log]\ncolor = \"never\"\n")?;
            assert_eq!(Config::load(None).unwrap().log.color, Never);
            jail.create_file("config.toml", "[log]\ncolor = \"sometimes\"\n")?;
            let err = Config::load(None).unwrap_err().to_string();
            assert!(
                err.contains("log.color") || err.contains("sometimes"),
                "{err}"
            );
            Ok(())
        });
    }

    #[test]
    fn the_example_config_is_the_defaults() {
        let example = include_str!("../config.example.toml");
        let from_example: Config = Figment::from(Toml::string(example)).extract().unwrap();
        let defaults = Config::default();
        assert_eq!(
            toml_of(&from_example),
            toml_of(&defaults),
            "config.example.toml documents every key with its default"
        );
    }

    fn toml_of(config: &Config) -> serde_json::Value {
        serde_json::to_value(config).unwrap()
    }
}
