//! A server's settings as the store keeps them: the values the server set, by setting (declared
//! in [`crate::settings`]), and its channels. Written and read by the setting's name (one row
//! each in `guild_settings`, see `Queries::change_guild_settings`): a setting has no SQL of its
//! own.

use std::collections::BTreeMap;

use crate::i18n::Lang;
use crate::ids::{ChannelId, GuildId};
use crate::settings::{self, Setting, Value};

use super::{Backend, Clocks, Result, Store};

/// A server's settings (`/forgetit config`), used over the config file's defaults: a setting the
/// server set has its value, any other its default (see [`Setting::default`]); no channel listed:
/// every channel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuildSettings {
    /// The values the server set, by setting name.
    values: BTreeMap<&'static str, Value>,
    /// The channels where games may start, in id order; none: every channel.
    pub channels: Vec<ChannelId>,
}

impl GuildSettings {
    /// The value the server set for `setting`, if it did.
    pub fn get(&self, setting: &Setting) -> Option<Value> {
        self.values.get(setting.name).copied()
    }

    /// Sets (`Some`) or forgets (`None`: its default applies) the server's value of `setting`.
    pub fn set(&mut self, setting: &Setting, value: Option<Value>) {
        match value {
            Some(value) => self.values.insert(setting.name, value),
            None => self.values.remove(setting.name),
        };
    }

    /// These settings with `setting` set to `value`.
    pub fn with(mut self, setting: &Setting, value: Value) -> GuildSettings {
        self.set(setting, Some(value));
        self
    }

    /// The settings the server set, in [`settings::SETTINGS`]'s order.
    pub fn set_here(&self) -> impl Iterator<Item = (&'static Setting, Value)> + '_ {
        settings::SETTINGS
            .iter()
            .filter_map(|s| self.get(s).map(|v| (s, v)))
    }

    /// A number setting's value (a target; a duration in its unit), if the server set it.
    pub fn number(&self, setting: &Setting) -> Option<u64> {
        match self.get(setting)? {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// Whether the switch `setting` is on: as the server set it, else its default (its
    /// [`Setting::default`], said once).
    pub fn on(&self, setting: &Setting) -> bool {
        let default = match setting.default {
            settings::DefaultValue::Fixed(Value::Switch(on)) => on,
            _ => false,
        };
        match self.get(setting) {
            Some(Value::Switch(on)) => on,
            _ => default,
        }
    }

    /// A new table's language, if the server set one.
    pub fn language(&self) -> Option<Lang> {
        match self.get(&settings::LANGUAGE)? {
            Value::Language(lang) => Some(lang),
            _ => None,
        }
    }

    /// The target of a game started without one, whose target is the server's, if it set one.
    pub fn default_target(&self) -> Option<u32> {
        self.number(&settings::TARGET)
            .and_then(|t| u32::try_from(t).ok())
    }

    /// Whether a game may start in `channel_id`.
    pub fn allows(&self, channel_id: ChannelId) -> bool {
        self.channels.is_empty() || self.channels.contains(&channel_id)
    }

    /// The clocks a game started now keeps.
    pub fn clocks(&self) -> Clocks {
        let ms = |setting: &Setting| {
            let d = setting.duration(self.get(setting)?)?;
            Some(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        };
        Clocks {
            turn_timeout_ms: ms(&settings::TURN_TIMEOUT),
            bot_pace_ms: ms(&settings::BOT_PACE),
        }
    }
}

/// A change to a server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsChange {
    /// Sets the settings given, keeping the others.
    Set(Vec<(Setting, Value)>),
    /// Puts one setting back to its default.
    Reset(Setting),
    /// Empties the list of channels (games may start in every channel).
    ResetChannels,
    /// Puts every setting back to its default, the channel list included.
    ResetAll,
    /// Lets games start in a channel.
    AddChannel(ChannelId),
    /// No longer lets games start in a channel.
    RemoveChannel(ChannelId),
}

impl Store {
    /// A server's settings (the defaults, for a server that set none).
    pub async fn guild_settings(&self, guild_id: GuildId) -> Result<GuildSettings> {
        each!(self, q => q.guild_settings(guild_id).await)
    }

    /// Changes a server's settings, in one transaction; returns them as they then are.
    pub async fn change_guild_settings(
        &self,
        guild_id: GuildId,
        change: &SettingsChange,
    ) -> Result<GuildSettings> {
        each!(self, q => q.change_guild_settings(guild_id, change).await)
    }
}
