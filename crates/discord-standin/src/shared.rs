//! The state the servers and the handles share: the [`World`] behind one mutex, a signal of every
//! change to it (what waits wait on), the spec and the configuration.

use std::sync::{Arc, Mutex};

use tokio::sync::watch;

use crate::model::World;
use crate::spec::Spec;
use crate::violation::{Result, StandinError, Violation, ViolationKind};
use crate::StandinConfig;

/// State shared by the servers and the handle.
pub(crate) struct Shared {
    world: Mutex<World>,
    pub(crate) changed: watch::Sender<u64>,
    pub(crate) spec: Arc<Spec>,
    pub(crate) config: StandinConfig,
    /// Whether request bodies are checked against the spec and the limits (see
    /// [`Standin::set_validation`](crate::Standin::set_validation)).
    pub(crate) validate: std::sync::atomic::AtomicBool,
}

impl Shared {
    /// The shared state of a stand-in starting with `world`.
    pub(crate) fn new(world: World, spec: Arc<Spec>, config: StandinConfig) -> Self {
        let (changed, _) = watch::channel(0);
        Shared {
            world: Mutex::new(world),
            changed,
            spec,
            config,
            validate: std::sync::atomic::AtomicBool::new(true),
        }
    }

    /// Mutate the world and wake every waiter.
    pub(crate) fn with<T>(&self, f: impl FnOnce(&mut World) -> T) -> T {
        let out = f(&mut self.world.lock().unwrap_or_else(|e| e.into_inner()));
        self.changed.send_modify(|n| *n += 1);
        out
    }

    /// Read the world.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&World) -> T) -> T {
        f(&self.world.lock().unwrap_or_else(|e| e.into_inner()))
    }

    pub(crate) fn violation(&self, v: Violation) {
        self.with(|w| w.violations.push(v));
    }

    pub(crate) fn gateway_violation(&self, reason: String) {
        self.violation(Violation::new(
            ViolationKind::Protocol,
            "GATEWAY",
            "",
            "",
            reason,
        ));
    }

    /// Wait (without polling) until `f` returns `Some`, re-checking after every change.
    pub(crate) async fn wait_until<T>(
        &self,
        what: &str,
        mut f: impl FnMut(&World) -> Option<T>,
    ) -> Result<T> {
        let mut rx = self.changed.subscribe();
        let waiting = async {
            loop {
                rx.borrow_and_update();
                if let Some(t) = self.read(&mut f) {
                    return t;
                }
                if rx.changed().await.is_err() {
                    // The sender lives in `self`; it can't be dropped while we hold `self`.
                    std::future::pending::<()>().await;
                }
            }
        };
        match tokio::time::timeout(self.config.wait_timeout, waiting).await {
            Ok(t) => Ok(t),
            Err(_) => Err(StandinError(format!(
                "timed out after {:?} waiting for {what}\n{}",
                self.config.wait_timeout,
                self.read(recent_activity)
            ))),
        }
    }
}

impl Shared {
    /// Wait (without polling, without a time limit) until `f` holds.
    pub(crate) async fn wait_forever(&self, mut f: impl FnMut(&World) -> bool) {
        let mut rx = self.changed.subscribe();
        loop {
            rx.borrow_and_update();
            if self.read(&mut f) || rx.changed().await.is_err() {
                return;
            }
        }
    }
}

/// The last requests and all violations, for timeout messages.
fn recent_activity(w: &World) -> String {
    let mut s = String::from("last requests:\n");
    for r in w.requests.iter().rev().take(10).rev() {
        s += &format!("  {} {} -> {}\n", r.method, r.path, r.status);
    }
    if !w.violations.is_empty() {
        s += "violations:\n";
        for v in &w.violations {
            s += &format!("  {v}\n");
        }
    }
    s += &format!(
        "gateway sessions (shards): {:?}, READY sent: {}, commands registered: {:?}",
        w.live_shards(),
        w.ready_count,
        w.commands
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect::<Vec<_>>()
    );
    s
}
