//! Configuration: defaults, then the TOML file, then the environment. See config.example.toml.
//!
//! This file holds [`Config`] itself, how it is loaded and what the game service gets of it; each
//! section of the file has its own module: `discord` (the bot's token, shards and proxy),
//! `database`, `game` (the game and strategy settings), `running` (shutdown, limits, retention,
//! metrics, startup) and `log`; `secrets` reads the settings given by file, `check` says what a
//! value may be ([`BadValue`]), and `environment` which `FORGETIT_` variables are settings.

mod check;
mod database;
mod discord;
mod environment;
mod game;
mod log;
mod running;
mod secrets;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::time::Duration;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};

use crate::host::Games;
use crate::render::DiceStyle;
use crate::tables::{TableConfig, TableKind};

pub use self::check::{BadValue, MAX_GRACE_SECS, MAX_LIMIT, MAX_LOG_DAYS};
pub use self::database::DatabaseConfig;
pub use self::discord::{DiscordConfig, Token};
pub use self::environment::service_link;
use self::environment::stray_variables;
pub use self::game::{GameConfig, StrategyConfig};
pub use self::log::{log_filter_checked, LogColor, LogConfig, LogFormat};
pub use self::running::{
    LimitsConfig, MetricsConfig, RetentionConfig, ShutdownConfig, StartupConfig,
};
pub use crate::duration::{MAX_BOT_PACE_MS, MAX_TURN_TIMEOUT_SECS};

/// `[emoji]`, read and written with the pieces of the bot's own games.
mod emoji_table {
    use serde::de::DeserializeSeed;
    use serde::{Deserializer, Serialize, Serializer};

    use crate::render::dice::{Declared, DiceStyle};

    pub fn serialize<S: Serializer>(style: &DiceStyle, serializer: S) -> Result<S::Ok, S::Error> {
        Declared(&crate::games::hosted().pieces(), style).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DiceStyle, D::Error> {
        Declared(&crate::games::hosted().pieces(), ()).deserialize(deserializer)
    }
}

/// The file read when no `--config` is given (if it exists).
pub const DEFAULT_FILE: &str = "config.toml";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub discord: DiscordConfig,
    pub database: DatabaseConfig,
    pub game: GameConfig,
    #[serde(with = "emoji_table")]
    pub emoji: DiceStyle,
    pub strategy: StrategyConfig,
    pub log: LogConfig,
    pub shutdown: ShutdownConfig,
    pub limits: LimitsConfig,
    pub retention: RetentionConfig,
    pub metrics: MetricsConfig,
    pub startup: StartupConfig,
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

    /// What the game service needs, for `games`.
    pub fn tables(&self, games: Games<dyn TableKind>) -> TableConfig {
        TableConfig {
            games,
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
