//! The `[log]` section: the tracing filter, the format and the colours.

use serde::{Deserialize, Serialize};

use super::BadValue;

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
