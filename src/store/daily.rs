//! The daily deal: each person's private solo play of a game's deal of the day (days numbered
//! since 1970-01-01 UTC), the deployment's key for the day's dice, and the servers each deal was
//! played or shared in (for a server's board of the day). The store keeps a deal's event log as
//! the JSON its game writes, and its result once it ended; what they mean is the game's.

use super::{Backend, Result, Store};
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::ids::{GuildId, UserId};

/// A person's deal of one game of one day, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyDeal {
    pub user: UserId,
    pub kind: GameKind,
    /// Days since 1970-01-01 UTC.
    pub day: i64,
    /// The person's display name.
    pub name: String,
    pub lang: Lang,
    /// The deal's event log, a JSON array (opaque to the store).
    pub events: String,
    /// How many events.
    pub version: u64,
    /// `None` while in progress.
    pub ended: Option<DailyEnd>,
    pub score: Option<i64>,
    /// A share, 0 to 1.
    pub accuracy: Option<f64>,
    pub luck: Option<f64>,
    /// A short summary (opaque to the store).
    pub squares: Option<String>,
    pub started_ms: i64,
    pub updated_ms: i64,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DailyEnd {
    /// Played to its end.
    Played,
    /// The day ended first.
    Midnight,
}

impl DailyEnd {
    pub const ALL: [DailyEnd; 2] = [DailyEnd::Played, DailyEnd::Midnight];

    /// Its name in the database (`daily_deals.ended`).
    pub fn as_str(self) -> &'static str {
        match self {
            DailyEnd::Played => "played",
            DailyEnd::Midnight => "midnight",
        }
    }

    pub fn parse(s: &str) -> Option<DailyEnd> {
        DailyEnd::ALL.into_iter().find(|e| e.as_str() == s)
    }
}

/// The key as stored: 64 lowercase hexadecimal digits.
pub(super) fn key_text(key: &[u8; 32]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// The key of its stored text, if it is one.
pub(super) fn key_of_text(text: &str) -> Option<[u8; 32]> {
    let text = text.as_bytes();
    if text.len() != 64 {
        return None;
    }
    let mut key = [0; 32];
    let digit = |c: u8| char::from(c).to_digit(16);
    for (byte, pair) in key.iter_mut().zip(text.chunks(2)) {
        *byte = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
    }
    Some(key)
}

impl Store {
    /// The deployment's daily key and its first day (the day the deal #1 was dealt): made from
    /// `fresh` and `today` the first time, and kept. Written if absent, then read back, so that
    /// processes sharing the database agree whichever wrote first.
    pub async fn daily_key(&self, fresh: [u8; 32], today: i64) -> Result<([u8; 32], i64)> {
        each!(self, q => q.daily_key(&fresh, today).await)
    }

    /// `user`'s deal of `kind` of `day`, if they started it.
    pub async fn daily_deal(
        &self,
        user: UserId,
        kind: GameKind,
        day: i64,
    ) -> Result<Option<DailyDeal>> {
        each!(self, q => q.daily_deal(user, kind, day).await)
    }

    /// Writes `deal` (every column) if the stored one is still at version `prior` (`None`: none
    /// is stored yet). `Ok(false)`: another write came first, and nothing was written.
    pub async fn daily_save(&self, deal: &DailyDeal, prior: Option<u64>) -> Result<bool> {
        each!(self, q => q.daily_save(deal, prior).await)
    }

    /// `user`'s deals of `kind` still in progress from the days before `today`, oldest first.
    pub async fn daily_unended_before(
        &self,
        user: UserId,
        kind: GameKind,
        today: i64,
    ) -> Result<Vec<DailyDeal>> {
        each!(self, q => q.daily_unended_before(user, kind, today).await)
    }

    /// Records that `user` played or shared their deal of `kind` of `day` in `guild` (again:
    /// nothing changes).
    pub async fn daily_seen_in(
        &self,
        user: UserId,
        kind: GameKind,
        day: i64,
        guild: GuildId,
    ) -> Result<()> {
        each!(self, q => q.daily_seen_in(user, kind, day, guild).await)
    }

    /// The ended deals of `kind` of `day` of the people seen in `guild` that day: the best
    /// accuracy first, then the score (higher first when `higher_is_better`, else lower first),
    /// then the name (then the id). A deal without an accuracy, or a score, comes after those
    /// with one.
    pub async fn daily_board(
        &self,
        guild: GuildId,
        kind: GameKind,
        day: i64,
        higher_is_better: bool,
    ) -> Result<Vec<DailyDeal>> {
        each!(self, q => q.daily_board(guild, kind, day, higher_is_better).await)
    }

    /// Every ended deal of `user` of `kind`, the oldest day first.
    pub async fn daily_history(&self, user: UserId, kind: GameKind) -> Result<Vec<DailyDeal>> {
        each!(self, q => q.daily_history(user, kind).await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_stored_as_its_hexadecimal_digits_and_read_back() {
        let key: [u8; 32] = std::array::from_fn(|i| (i * 37 + 5) as u8);
        let text = key_text(&key);
        assert_eq!(text.len(), 64);
        assert!(text.starts_with("052a4f"), "{text}");
        assert_eq!(key_of_text(&text), Some(key));
        assert_eq!(key_of_text(&text.to_uppercase()), Some(key));
        assert_eq!(key_of_text(&text[..62]), None);
        assert_eq!(key_of_text(&format!("{}zz", &text[..62])), None);
        assert_eq!(key_of_text(&format!("é{}", &text[..62])), None);
        assert_eq!(key_of_text(&format!("+f{}", &text[..62])), None);
    }

    #[test]
    fn an_end_is_stored_by_its_name() {
        for end in DailyEnd::ALL {
            assert_eq!(DailyEnd::parse(end.as_str()), Some(end));
        }
        assert_eq!(DailyEnd::parse("won"), None);
    }
}
