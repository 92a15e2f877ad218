//! Which guilds a process serves. Discord splits a bot's guilds over `count` shards by
//! `(guild_id >> 22) % count` and sends each guild's events, interactions included, on the
//! gateway connection of its shard. A process that runs shards `first..end` of `count` therefore
//! serves exactly the guilds whose shard falls in that range, and keeps only their games.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ids::GuildId;

/// The shard of a guild among `count` shards (Discord's formula).
pub fn shard_of(guild_id: GuildId, count: u32) -> u32 {
    ((guild_id.get() >> 22) % u64::from(count.max(1))) as u32
}

/// A range of shard ids, `first..end` (end excluded), as written in the config: `"0..4"`, or
/// `"0..=3"` for the same shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub end: u32,
}

impl ShardRange {
    pub fn len(&self) -> u32 {
        self.end.saturating_sub(self.first)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, shard: u32) -> bool {
        (self.first..self.end).contains(&shard)
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.first, self.end)
    }
}

/// Why a text is not a [`ShardRange`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardRangeError {
    #[error("{0:?} is not a shard range like \"0..4\" (shards 0 to 3)")]
    NotARange(String),
    #[error("the shard range {0:?} is empty")]
    Empty(String),
}

impl FromStr for ShardRange {
    type Err = ShardRangeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ShardRangeError::NotARange(s.to_string());
        let number = |n: &str| n.trim().parse::<u32>().map_err(|_| bad());
        let (first, end) = if let Some((a, b)) = s.split_once("..=") {
            let last = number(b)?;
            (number(a)?, last.checked_add(1).ok_or_else(bad)?)
        } else if let Some((a, b)) = s.split_once("..") {
            (number(a)?, number(b)?)
        } else {
            return Err(bad());
        };
        let range = ShardRange { first, end };
        if range.is_empty() {
            return Err(ShardRangeError::Empty(s.to_string()));
        }
        Ok(range)
    }
}

impl Serialize for ShardRange {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ShardRange {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The shards this process runs: `range` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub range: ShardRange,
    pub count: u32,
}

/// Why shards are not a process's shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardsError {
    #[error("discord.shard_count must be at least 1")]
    NoShards,
    #[error(
        "discord.shards {range} is outside discord.shard_count {count} (the shards are 0..{count})"
    )]
    Outside { range: ShardRange, count: u32 },
}

impl Shards {
    /// Checks that `range` lies within `count` shards.
    pub fn new(range: ShardRange, count: u32) -> Result<Shards, ShardsError> {
        if count == 0 {
            return Err(ShardsError::NoShards);
        }
        if range.is_empty() || range.end > count {
            return Err(ShardsError::Outside { range, count });
        }
        Ok(Shards { range, count })
    }

    /// The shard of a guild.
    pub fn shard_of(&self, guild_id: GuildId) -> u32 {
        shard_of(guild_id, self.count)
    }

    /// Whether this process serves the guild.
    pub fn owns(&self, guild_id: GuildId) -> bool {
        self.range.contains(self.shard_of(guild_id))
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {} of {}", self.range, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_exclusive_and_inclusive() {
        let r: ShardRange = "0..4".parse().unwrap();
        assert_eq!((r.first, r.end), (0, 4));
        assert_eq!(
            "2..=3".parse::<ShardRange>().unwrap(),
            ShardRange { first: 2, end: 4 }
        );
        assert_eq!(r.to_string(), "0..4");
        for bad in ["", "4", "a..b", "1..1", "3..2", "-1..2", "0..=4294967295"] {
            assert!(bad.parse::<ShardRange>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_guild_belongs_to_the_shard_discord_routes_it_to() {
        // The timestamp part of the snowflake (its top 42 bits) picks the shard.
        let guild = GuildId::new(197_038_439_483_310_086); // (guild >> 22) = 46_977_624_770
        assert_eq!(shard_of(guild, 1), 0);
        assert_eq!(shard_of(guild, 2), 0);
        assert_eq!(shard_of(guild, 4), 2);
        let shards = Shards::new("1..2".parse().unwrap(), 2).unwrap();
        assert!(!shards.owns(guild));
        assert!(!shards.owns(GuildId::new(0)));
        assert!(shards.owns(GuildId::new(1 << 22)));
    }

    #[test]
    fn a_range_must_lie_within_the_shard_count() {
        let range = |s: &str| s.parse::<ShardRange>().unwrap();
        assert!(Shards::new(range("0..4"), 4).is_ok());
        let err = Shards::new(range("1..3"), 2).unwrap_err();
        assert_eq!(
            err.to_string(),
            "discord.shards 1..3 is outside discord.shard_count 2 (the shards are 0..2)"
        );
        assert!(Shards::new(range("0..1"), 0).is_err());
    }
}
