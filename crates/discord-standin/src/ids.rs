//! Snowflake ids, id newtypes and Discord-style timestamps.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds between the Unix epoch and the Discord epoch (2015-01-01T00:00:00Z).
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

macro_rules! id_type {
    ($(#[$doc:meta] $name:ident),* $(,)?) => {$(
        #[$doc]
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize,
            serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl $name {
            /// The raw snowflake.
            pub const fn get(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl From<u64> for $name {
            fn from(id: u64) -> Self {
                Self(id)
            }
        }

        impl From<$name> for u64 {
            fn from(id: $name) -> u64 {
                id.0
            }
        }
    )*};
}

id_type!(
    /// A user's id (people and the bot).
    UserId,
    /// A guild's id.
    GuildId,
    /// A channel's id.
    ChannelId,
    /// A message's id.
    MessageId,
    /// An interaction's id.
    InteractionId,
    /// An application command's id.
    CommandId,
);

/// Unix ms of the timestamp part of [`Snowflakes::pinned`] ids (2025-01-01T00:00:00Z).
const PINNED_MS: u64 = 1_735_689_600_000;

/// Hands out increasing snowflakes whose timestamp part is the current time.
#[derive(Debug, Default)]
pub(crate) struct Snowflakes {
    last: u64,
    /// While set, ids count up from a fixed snowflake instead of following the clock.
    pinned: bool,
}

impl Snowflakes {
    /// Snowflakes that count up from a fixed one (of 2025-01-01) until [`Snowflakes::unpin`]:
    /// the same sequence of calls gets the same ids in every process.
    pub(crate) fn pinned() -> Snowflakes {
        Snowflakes {
            last: (PINNED_MS - DISCORD_EPOCH_MS) << 22,
            pinned: true,
        }
    }

    /// From now on, follow the clock.
    pub(crate) fn unpin(&mut self) {
        self.pinned = false;
    }

    /// The next snowflake, strictly greater than every one handed out before.
    pub(crate) fn next(&mut self) -> u64 {
        let candidate = if self.pinned {
            0
        } else {
            (now_ms().saturating_sub(DISCORD_EPOCH_MS)) << 22
        };
        self.last = candidate.max(self.last + 1);
        self.last
    }

    /// Makes every later snowflake greater than `id`.
    pub(crate) fn bump_to(&mut self, id: u64) {
        self.last = self.last.max(id);
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// A snowflake in JSON: a string of digits, as Discord writes them, or a number.
pub(crate) fn snowflake(v: &serde_json::Value) -> Option<u64> {
    match v {
        serde_json::Value::String(s) => s.parse().ok(),
        v => v.as_u64(),
    }
}

/// Unix milliseconds encoded in a snowflake.
pub(crate) fn snowflake_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// RFC 3339 timestamp (`2024-01-31T12:34:56.789000+00:00`, as Discord writes them) for Unix ms.
pub(crate) fn rfc3339(unix_ms: u64) -> String {
    let secs = unix_ms / 1000;
    let millis = unix_ms % 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (h, m, s) = (rem / 3600, (rem % 3600) / 60, rem % 60);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{m:02}:{s:02}.{millis:03}000+00:00")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000000+00:00");
        assert_eq!(
            rfc3339(DISCORD_EPOCH_MS),
            "2015-01-01T00:00:00.000000+00:00"
        );
        assert_eq!(
            rfc3339(1_709_210_096_789),
            "2024-02-29T12:34:56.789000+00:00"
        );
    }

    #[test]
    fn snowflakes_increase() {
        let mut s = Snowflakes::default();
        let a = s.next();
        let b = s.next();
        assert!(b > a);
        assert!(snowflake_ms(a) >= DISCORD_EPOCH_MS);
    }

    #[test]
    fn pinned_snowflakes_repeat_then_follow_the_clock() {
        let (mut s, mut t) = (Snowflakes::pinned(), Snowflakes::pinned());
        let first = [s.next(), s.next()];
        assert_eq!(first, [t.next(), t.next()]);
        assert_eq!(snowflake_ms(first[1]), PINNED_MS);
        s.unpin();
        assert!(snowflake_ms(s.next()) > PINNED_MS);
    }
}
