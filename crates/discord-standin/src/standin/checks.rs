//! What the stand-in checked and logged: the requests, the violations, the problems (a test's
//! last word: `assert_clean`), and switches for what is checked and kept.

use serde_json::Value;

use super::Standin;
use crate::violation::Result;
use crate::{rest, RequestRecord, StandinError, Violation, INITIAL_RESPONSE_DEADLINE};

impl Standin {
    /// Every REST request, in order.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared.read(|w| w.requests.clone())
    }

    /// Takes the REST requests logged so far out of the log, in order, leaving it empty: for a
    /// reader that consumes the log as it grows (a load benchmark's driver), so that it neither
    /// copies the requests nor keeps them all.
    pub fn take_requests(&self) -> Vec<RequestRecord> {
        self.shared.with(|w| std::mem::take(&mut w.requests))
    }

    /// Wait until a request satisfies `pred`; returns it.
    pub async fn wait_for_request(
        &self,
        what: &str,
        mut pred: impl FnMut(&RequestRecord) -> bool,
    ) -> Result<RequestRecord> {
        self.shared
            .wait_until(what, |w| w.requests.iter().find(|r| pred(r)).cloned())
            .await
    }

    /// Every violation so far.
    pub fn violations(&self) -> Vec<Violation> {
        self.shared.read(|w| w.violations.clone())
    }

    /// Forget the violations recorded so far (after a test looked at expected ones).
    pub fn clear_violations(&self) {
        self.shared.with(|w| w.violations.clear());
    }

    /// Turns the checking of request bodies against Discord's spec and limits on or off (on by
    /// default). Off, requests are still matched to the spec's routes, applied and logged, but
    /// their bodies are not validated: for benchmarks that time the bot, not the stand-in.
    pub fn set_validation(&self, on: bool) {
        self.shared
            .validate
            .store(on, std::sync::atomic::Ordering::Relaxed);
    }

    /// Turns the keeping of the past on or off (on by default). Off, the stand-in holds the
    /// present only: an edited message keeps no earlier states, [`dispatched`](Self::dispatched)
    /// records nothing more, and each gateway session keeps only its newest 10,000 dispatches
    /// for RESUME (one from before them is refused with op 9). The request log is kept. For load
    /// benchmarks, whose runs would otherwise grow the stand-in by every edit and event.
    pub fn set_history(&self, on: bool) {
        self.shared.with(|w| w.keep_history = on);
    }

    /// Check a request without sending it: the violations `method path` with `body` would get.
    pub fn validate_request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Vec<Violation> {
        rest::validate(&self.shared.spec, method, path, body).1
    }

    /// Every problem: violations, and interactions without exactly one initial response or
    /// answered after Discord's 3-second deadline (but those whose answer an injected fault
    /// refused or delayed: Discord failed them, not the bot).
    pub fn problems(&self) -> Vec<String> {
        self.shared.read(|w| {
            let mut out: Vec<String> = w.violations.iter().map(ToString::to_string).collect();
            for i in &w.interactions {
                match i.responses.as_slice() {
                    [] if w.fault_refused.contains(&i.id) => {}
                    [] => out.push(format!("{} never got an initial response", i.describe())),
                    [first, ..]
                        if first.latency > INITIAL_RESPONSE_DEADLINE
                            && !w.fault_late.contains(&i.id) =>
                    {
                        out.push(format!(
                            "{} was answered after {:?}; Discord allows {:?}",
                            i.describe(),
                            first.latency,
                            INITIAL_RESPONSE_DEADLINE
                        ))
                    }
                    _ => {}
                }
            }
            out
        })
    }

    /// `Ok` if there are no [`problems`](Self::problems), else all of them in one message.
    pub fn check(&self) -> std::result::Result<(), StandinError> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(StandinError(format!(
                "the Discord stand-in found {} problem(s):\n  {}",
                problems.len(),
                problems.join("\n  ")
            )))
        }
    }

    /// Panic with every problem found, if any.
    #[track_caller]
    pub fn assert_clean(&self) {
        if let Err(e) = self.check() {
            panic!("{e}");
        }
    }
}
