//! The stand-in's wall clock: real time plus an offset a test moves forward, for what Discord
//! times in minutes (an interaction token's 15 minutes) without waiting that long.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// A clock that reads real time plus an offset that only grows ([`advance`](Self::advance)).
/// Clones share the offset: [`Standin::clock`](crate::Standin::clock) gives the stand-in's own.
///
/// Only what Discord times in minutes runs on it (an interaction token's
/// [`INTERACTION_TOKEN_LIFETIME`](crate::INTERACTION_TOKEN_LIFETIME)); the 3-second deadline of an
/// initial response is measured in real time, so moving the clock is no latency.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Nanoseconds added to real time.
    offset: Arc<AtomicU64>,
}

impl Clock {
    /// A clock at real time (no offset).
    pub fn new() -> Clock {
        Clock::default()
    }

    /// Now on this clock.
    pub fn now(&self) -> SystemTime {
        SystemTime::now() + self.offset()
    }

    /// How far the clock was moved ahead of real time.
    pub fn offset(&self) -> Duration {
        Duration::from_nanos(self.offset.load(Ordering::SeqCst))
    }

    /// Move the clock forward by `by` (for every clone of it).
    pub fn advance(&self, by: Duration) {
        let nanos = u64::try_from(by.as_nanos()).unwrap_or(u64::MAX);
        let _ = self
            .offset
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                Some(n.saturating_add(nanos))
            });
    }

    /// How long ago `then` was on this clock (zero for a time not past).
    pub fn since(&self, then: SystemTime) -> Duration {
        self.now().duration_since(then).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_offset_and_it_only_grows() {
        let clock = Clock::new();
        let other = clock.clone();
        let before = clock.now();
        other.advance(Duration::from_secs(16 * 60));
        assert!(clock.since(before) >= Duration::from_secs(16 * 60));
        assert_eq!(clock.offset(), Duration::from_secs(16 * 60));
        clock.advance(Duration::from_secs(1));
        assert_eq!(other.offset(), Duration::from_secs(16 * 60 + 1));
    }
}
