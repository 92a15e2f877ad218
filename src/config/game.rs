//! The `[game]` and `[strategy]` sections: the games' timings and default target, and where a
//! solved strategy table is kept.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

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
            default_target: crate::games::hosted()
                .server_target()
                .map_or(0, |t| t.default),
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
