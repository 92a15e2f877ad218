//! The `[discord]` section: the bot's token (never printed), the server to register commands in,
//! the REST proxy and the shards this process runs.

use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{BadValue, Config};
use crate::tables::shards::{ShardRange, Shards};

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

impl Config {
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
}
