//! A server's settings (`/forgetit config`), each declared once, in [`SETTINGS`]: its name, what
//! it takes (and so its bounds), its default. Everything else follows from the declaration:
//!
//! - `config set`'s option and `config reset`'s choice, named after it, checked against what it
//!   takes (`discord::commands::settings`, `discord::options`);
//! - its storage: one row of `guild_settings` (`guild_id`, `name`, `value`) for each setting a
//!   server set, written and read by name (`store::settings`), so no setting has SQL of its own,
//!   and migrate-db copies the rows whatever the settings are;
//! - `config show`'s line, with its value or its default (`render::settings`).
//!
//! Its texts are the only other thing it takes (by its name, in every language):
//! `cmd-config-set-<name>` and `cmd-config-set-<name>-description` (commands.ftl: the option),
//! `choice-<name>` (commands.ftl: `reset`'s choice) and `settings-<name>` (common.ftl: `show`'s
//! label). Pure: no Discord, no SQL.

use std::time::Duration;

use crate::duration::{self, Bounds};
use crate::i18n::Lang;

/// What a setting takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The points to reach of the game whose target is the server's (`Games::server_target`),
    /// within that game's bounds; a server without such a game has no such option.
    Target,
    /// A duration within its bounds, written as people write them (`5m`, `1.5s`: see
    /// [`duration`]), kept as a whole number of `bounds.bare` (a bare number's unit).
    Duration(Bounds),
    /// On or off.
    Switch,
    /// One of the languages the bot speaks.
    Language,
}

/// A setting's default, where the server set none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultValue {
    /// This value.
    Fixed(Value),
    /// A value of the config file's `[game]` section (as the bot runs: `tables::TableConfig`).
    Config(ConfigDefault),
    /// The starter's language if the bot speaks it, else the server's own.
    ServerLanguage,
}

/// The values of the config file's `[game]` section a setting may default to: a new one is a
/// variant here and an arm in the one `match` that reads it (`discord::commands::settings`),
/// which the compiler then asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigDefault {
    /// `game.default_target`.
    DefaultTarget,
    /// `game.turn_timeout_secs`.
    TurnTimeout,
    /// `game.bot_pace_ms`.
    BotPace,
}

/// A setting's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A target, or a duration in its setting's unit (see [`Kind::Duration`]).
    Number(u64),
    Switch(bool),
    Language(Lang),
}

/// One setting: everything the bot knows of it but its texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Its name: `config set`'s option and `config reset`'s choice, its stored name, and its
    /// texts' ids. Lowercase letters and `-`; never changed once stored (stored rows name it).
    pub name: &'static str,
    pub kind: Kind,
    pub default: DefaultValue,
}

/// The default target of a game that takes it from the server (For Get It's).
pub const TARGET: Setting = Setting {
    name: "target",
    kind: Kind::Target,
    default: DefaultValue::Config(ConfigDefault::DefaultTarget),
};

/// Time for each move, in seconds.
pub const TURN_TIMEOUT: Setting = Setting {
    name: "turn-timeout",
    kind: Kind::Duration(duration::TURN_TIMEOUT),
    default: DefaultValue::Config(ConfigDefault::TurnTimeout),
};

/// A bot seat's wait before each move, in milliseconds.
pub const BOT_PACE: Setting = Setting {
    name: "bot-pace",
    kind: Kind::Duration(duration::BOT_PACE),
    default: DefaultValue::Config(ConfigDefault::BotPace),
};

/// A new table's language, unless one is chosen at start.
pub const LANGUAGE: Setting = Setting {
    name: "language",
    kind: Kind::Language,
    default: DefaultValue::ServerLanguage,
};

/// Whether Start moves a game to a thread of its own.
pub const THREADS: Setting = Setting {
    name: "threads",
    kind: Kind::Switch,
    default: DefaultValue::Fixed(Value::Switch(false)),
};

/// Whether a game's end shows its chart.
pub const CHARTS: Setting = Setting {
    name: "charts",
    kind: Kind::Switch,
    default: DefaultValue::Fixed(Value::Switch(true)),
};

/// Every setting, in the order `config set` takes them and `config show` shows them. (The
/// channels where games may start are a list, with subcommands of their own: not one of these.)
pub const SETTINGS: &[Setting] = &[TARGET, TURN_TIMEOUT, BOT_PACE, LANGUAGE, THREADS, CHARTS];

/// The setting named `name`.
pub fn named(name: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.name == name)
}

impl Setting {
    /// `value` as it is stored (see [`Setting::read`]).
    pub fn write(&self, value: Value) -> String {
        match value {
            Value::Number(n) => n.to_string(),
            Value::Switch(on) => u8::from(on).to_string(),
            Value::Language(lang) => lang.code().to_string(),
        }
    }

    /// A stored value of this setting; `None` if it is not one (kept by a later version, say).
    pub fn read(&self, stored: &str) -> Option<Value> {
        match self.kind {
            Kind::Target | Kind::Duration(_) => stored.parse().ok().map(Value::Number),
            Kind::Switch => match stored {
                "1" => Some(Value::Switch(true)),
                "0" => Some(Value::Switch(false)),
                _ => None,
            },
            Kind::Language => Lang::from_code(stored).map(Value::Language),
        }
    }

    /// A duration setting's value as a duration (`None` for another kind).
    pub fn duration(&self, value: Value) -> Option<Duration> {
        match (self.kind, value) {
            (Kind::Duration(bounds), Value::Number(n)) => Some(
                bounds
                    .bare
                    .saturating_mul(u32::try_from(n).unwrap_or(u32::MAX)),
            ),
            _ => None,
        }
    }

    /// A duration as this duration setting keeps it (whole units, see [`Kind::Duration`]).
    pub fn of_duration(&self, d: Duration) -> Option<Value> {
        match self.kind {
            Kind::Duration(bounds) => {
                let n = d.as_nanos() / bounds.bare.as_nanos().max(1);
                Some(Value::Number(u64::try_from(n).unwrap_or(u64::MAX)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_value_reads_back_as_written() {
        for (i, setting) in SETTINGS.iter().enumerate() {
            assert!(
                SETTINGS[..i].iter().all(|s| s.name != setting.name),
                "{}",
                setting.name
            );
            assert!(setting
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-'));
            let values = match setting.kind {
                Kind::Target | Kind::Duration(_) => vec![Value::Number(0), Value::Number(604_800)],
                Kind::Switch => vec![Value::Switch(true), Value::Switch(false)],
                Kind::Language => Lang::ALL.into_iter().map(Value::Language).collect(),
            };
            for value in values {
                assert_eq!(setting.read(&setting.write(value)), Some(value));
            }
            assert_eq!(named(setting.name), Some(setting));
        }
    }

    #[test]
    fn a_duration_is_kept_in_its_settings_unit() {
        let ms = BOT_PACE.of_duration(Duration::from_millis(1500));
        assert_eq!(ms, Some(Value::Number(1500)));
        let secs = TURN_TIMEOUT.of_duration(Duration::from_secs(90));
        assert_eq!(secs, Some(Value::Number(90)));
        assert_eq!(
            TURN_TIMEOUT.duration(Value::Number(90)),
            Some(Duration::from_secs(90))
        );
        assert_eq!(THREADS.of_duration(Duration::ZERO), None);
    }
}
