//! The click rate limit (`limits.clicks_per_minute`): per person, per server, in this process
//! (a server's interactions all reach the process of its shard).

use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use poise::serenity_prelude::{GuildId, UserId};

/// How many people's counts are kept before those that are full again are forgotten.
const KEPT: usize = 10_000;

/// How fast one person may click in one server: `per_minute` at once, then one every
/// 60/`per_minute` seconds (a generic cell rate, governor's).
pub(super) struct ClickLimit {
    per_minute: u32,
    limiter: DefaultKeyedRateLimiter<(GuildId, UserId)>,
}

impl ClickLimit {
    pub(super) fn new(per_minute: u32) -> ClickLimit {
        let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        ClickLimit {
            per_minute: per_minute.get(),
            limiter: RateLimiter::keyed(Quota::per_minute(per_minute)),
        }
    }

    /// Whether `user` may click in `guild` now (the click is counted); else the limit, for the
    /// answer.
    pub(super) fn check(&self, guild: GuildId, user: UserId) -> Result<(), u32> {
        let allowed = self.limiter.check_key(&(guild, user)).is_ok();
        if self.limiter.len() > KEPT {
            self.limiter.retain_recent();
        }
        if allowed {
            Ok(())
        } else {
            Err(self.per_minute)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_may_click_the_limit_at_once_in_a_server_and_no_more() {
        let limit = ClickLimit::new(3);
        let check = |guild, user| limit.check(GuildId::new(guild), UserId::new(user));
        for _ in 0..3 {
            assert_eq!(check(1, 7), Ok(()));
        }
        assert_eq!(check(1, 7), Err(3));
        // Someone else, and the same person in another server, are counted apart.
        assert_eq!(check(1, 8), Ok(()));
        assert_eq!(check(2, 7), Ok(()));
    }
}
