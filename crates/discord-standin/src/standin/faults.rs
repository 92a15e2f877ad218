//! Injected REST faults, and every fault that fired (injected, or caused by the world: an edit of
//! a message a moderator deleted, the edit limit, a late interaction response).

use super::Standin;
use crate::violation::Result;
use crate::{FiredFault, RestFault};

impl Standin {
    /// Inject a REST fault: the next matching request(s) get a 5xx, a 429, a delay or a reset
    /// connection instead of (or before) their normal answer. Faults are tried in the order they
    /// were injected; the first matching one fires.
    ///
    /// ```no_run
    /// # use discord_standin::{faults, RestFault, Standin};
    /// # use std::time::Duration;
    /// # async fn demo(standin: Standin) {
    /// standin.inject(RestFault::status(503).method("POST").route(faults::CHANNEL_MESSAGES));
    /// standin.inject(RestFault::rate_limited(Duration::from_millis(1500)).times(2));
    /// standin.inject(RestFault::delay(Duration::from_millis(3500)).route(faults::INTERACTION_CALLBACK));
    /// # }
    /// ```
    pub fn inject(&self, fault: RestFault) {
        self.shared.with(|w| w.rest_faults.push(fault));
    }

    /// Remove every injected REST fault that hasn't fired its course yet.
    pub fn clear_faults(&self) {
        self.shared.with(|w| w.rest_faults.clear());
    }

    /// Injected REST faults still waiting to fire (with their remaining `times`).
    pub fn pending_faults(&self) -> Vec<RestFault> {
        self.shared.read(|w| w.rest_faults.clone())
    }

    /// Every fault that fired so far, in order: injected REST and gateway faults, and the errors
    /// the world's faults caused (an edit of a message a moderator deleted, the edit limit, a
    /// late interaction response).
    pub fn faults_fired(&self) -> Vec<FiredFault> {
        self.shared.read(|w| w.fired.clone())
    }

    /// Wait until at least `n` faults fired; returns them all.
    pub async fn wait_for_faults(&self, n: usize) -> Result<Vec<FiredFault>> {
        self.shared
            .wait_until(&format!("{n} fault(s) to fire"), |w| {
                (w.fired.len() >= n).then(|| w.fired.clone())
            })
            .await
    }
}
