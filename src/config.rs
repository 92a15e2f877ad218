//! Configuration: defaults, then the TOML file, then the environment. See config.example.toml.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};

use crate::render::DiceStyle;
use crate::tables::TableConfig;

/// The file read when no `--config` is given (if it exists).
pub const DEFAULT_FILE: &str = "config.toml";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub discord: DiscordConfig,
    pub database: DatabaseConfig,
    pub game: GameConfig,
    pub emoji: DiceStyle,
    pub log: LogConfig,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token. Prefer the DISCORD_TOKEN environment variable.
    pub token: Option<Token>,
    /// Register the slash commands in this server only (instant, for development) instead of
    /// globally.
    pub guild_id: Option<u64>,
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
    /// The SQLite file, created on first run.
    pub path: PathBuf,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            path: PathBuf::from("forgetit.db"),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// The target of a game started without one.
    pub default_target: u32,
    /// Seconds a person has for each move before their turn times out.
    pub turn_timeout_secs: u64,
    /// Milliseconds a bot seat waits before each move.
    pub bot_pace_ms: u64,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            default_target: crate::engine::forgetit::DEFAULT_TARGET,
            turn_timeout_secs: 300,
            bot_pace_ms: 1500,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter, e.g. "info" or "info,forgetit=debug". RUST_LOG overrides it.
    pub filter: String,
    pub format: LogFormat,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            filter: "info".into(),
            format: LogFormat::Plain,
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
    #[error("config: {0}")]
    Invalid(String),
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
        Self::figment(&file)
            .extract()
            .map_err(|e| ConfigError::Invalid(e.to_string()))
    }

    fn figment(file: &Path) -> Figment {
        Figment::from(Serialized::defaults(Config::default()))
            .merge(Toml::file(file))
            .merge(Env::prefixed("FORGETIT_").split("__"))
            .merge(
                Env::raw()
                    .only(&["DISCORD_TOKEN"])
                    .map(|_| "discord.token".into()),
            )
    }

    /// What the game service needs.
    pub fn tables(&self) -> TableConfig {
        TableConfig {
            turn_timeout: Duration::from_secs(self.game.turn_timeout_secs),
            bot_pace: Duration::from_millis(self.game.bot_pace_ms),
            default_target: self.game.default_target,
            style: self.emoji.clone(),
        }
    }
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
