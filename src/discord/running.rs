//! A bot once started: what it is connected with, and its clean stop (the interactions in flight
//! answered, the shards closed, the service drained).

use super::drain::InFlight;
use super::startup::{shutdown_signal, SHARDS_SHUTDOWN};
use super::*;

/// A bot that is connected (or connecting), with what a clean stop needs.
pub struct RunningBot {
    pub(super) shard_manager: Arc<serenity::ShardManager>,
    pub(super) tables: Tables,
    pub(super) store: Store,
    pub(super) client: JoinHandle<Result<(), serenity::Error>>,
    /// Deletes the data of servers the bot was removed from 30 days ago ([`sweep_removed`]).
    pub(super) sweeper: JoinHandle<()>,
    /// What was recorded of the servers it left or came back to, since it started.
    pub(super) membership: broadcast::Receiver<Membership>,
    /// The interactions delivered and not yet handled, which a stop waits for.
    pub(super) in_flight: Arc<InFlight>,
    /// How long a stop waits for what is in flight (`shutdown.grace_secs`).
    pub(super) grace: std::time::Duration,
    /// The client answering interactions: at the end of the grace period, what is still in
    /// flight is told the bot is restarting through it.
    pub(super) answers: Arc<serenity::Http>,
    /// The answer state of its replies alive: what the end of the grace period answers.
    pub(super) replies: Arc<super::io::Replies>,
    /// `/livez`, `/readyz`, `/healthz` and `/metrics`, if `metrics.listen` is set.
    pub(super) metrics: Option<super::health::Server>,
    /// Counts the shards' changes of connection stage (see [`RunningBot::shard_changes`]).
    pub(super) shard_changes: tokio::sync::watch::Receiver<u64>,
}

/// Counts each change of a shard's connection stage, which serenity tells its event handlers
/// (not the framework) once its shard manager knows it.
pub(super) struct StageWatch(pub(super) Arc<tokio::sync::watch::Sender<u64>>);

#[poise::serenity_prelude::async_trait]
impl serenity::EventHandler for StageWatch {
    async fn shard_stage_update(&self, _: serenity::Context, _: serenity::ShardStageUpdateEvent) {
        self.0.send_modify(|changes| *changes += 1);
    }
}

impl RunningBot {
    /// The game service, for tools and tests.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The address `/livez`, `/readyz`, `/healthz` and `/metrics` are served on (`metrics.listen`, its port chosen if
    /// it was 0), if they are.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.metrics.as_ref().map(|server| server.addr)
    }

    /// A count of the shards' changes of connection stage (connecting, connected, resuming...),
    /// changed once the shard manager, and so `/healthz`, knows each: for tests, which await it
    /// rather than ask again and again.
    pub fn shard_changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.shard_changes.clone()
    }

    /// The next record of a server the bot was removed from or came back to, since it started
    /// (the newest [`MEMBERSHIP_KEPT`] of them are kept unread), once it is in the store; `None`
    /// once the bot has stopped. For tools and tests.
    pub async fn membership(&mut self) -> Option<Membership> {
        loop {
            match self.membership.recv().await {
                Ok(membership) => return Some(membership),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }

    /// Stops without losing what is in flight, within `shutdown.grace_secs`:
    /// 1. the tables start no more work of their own (bot seats' moves, deadlines), which the
    ///    next run picks up from the store;
    /// 2. the gateway is closed; until then every interaction that reaches the bot is handled as
    ///    usual;
    /// 3. every interaction it delivered is handled to its end: answered, its deferred answer
    ///    and follow-ups sent, a review worked out and shown;
    /// 4. every table finishes what it was asked, and notes what its messages show;
    /// 5. the database is closed.
    ///
    /// What still runs when the grace period ends is logged (with its interaction) and left,
    /// and each interaction still in flight is answered privately, in its person's language,
    /// that the bot is restarting (see [`InFlight::answer_left`]).
    ///
    /// `/readyz` says `draining` from the first step, and `/livez` answers, until the very end:
    /// the health server is stopped last.
    ///
    /// A shard that is reconnecting (the gateway unreachable) does not read serenity's shutdown
    /// message until its connection attempt ends, and serenity then waits 5 s per shard: the
    /// disconnection gets [`SHARDS_SHUTDOWN`], after which the client task is aborted (a process
    /// exits with its runtime, the shard's task included).
    pub async fn shutdown(self) {
        let started = tokio::time::Instant::now();
        let deadline = started + self.grace;
        if let Some(metrics) = &self.metrics {
            metrics.draining();
        }
        self.sweeper.abort();
        self.tables.drain();
        crate::telemetry::GATEWAY_CLOSING.store(true, std::sync::atomic::Ordering::SeqCst);
        let closed = tokio::time::timeout(SHARDS_SHUTDOWN, self.shard_manager.shutdown_all()).await;
        if closed.is_err() {
            warn!("the gateway did not close in time (a shard reconnecting?): leaving it");
            self.client.abort();
        }
        if !self.in_flight.settled(deadline).await {
            self.in_flight
                .answer_left(&self.answers, &self.replies)
                .await;
        }
        if tokio::time::timeout_at(deadline, self.tables.shutdown())
            .await
            .is_err()
        {
            warn!("tables still busy at the end of the stop's grace period: left");
        }
        InFlight::answer_placeholders(&self.answers, &self.replies).await;
        self.store.close().await;
        // The shards closed, but serenity's client may still wait on a shard that was between
        // connections when they did: it gets as long again, then is left to the runtime's end.
        let mut client = self.client;
        match tokio::time::timeout(SHARDS_SHUTDOWN, &mut client).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => warn!(error = %e, "the Discord client stopped with an error"),
            Ok(Err(e)) if e.is_cancelled() => {}
            Ok(Err(e)) => warn!(error = %e, "the Discord client task failed"),
            Err(_) => {
                warn!("the Discord client did not stop in time: leaving it");
                client.abort();
            }
        }
        if let Some(metrics) = &self.metrics {
            metrics.stop();
        }
        info!(took_ms = started.elapsed().as_millis() as u64, "stopped");
    }

    /// Runs until SIGINT or SIGTERM (or the client stops), then shuts down cleanly.
    pub async fn run_until_signal(mut self) -> Result<(), BotError> {
        let stopped = tokio::select! {
            _ = shutdown_signal() => None,
            result = &mut self.client => Some(result),
        };
        match stopped {
            None => {
                info!("shutting down");
                self.shutdown().await;
                Ok(())
            }
            Some(result) => {
                if let Some(metrics) = &self.metrics {
                    metrics.draining();
                }
                self.sweeper.abort();
                self.tables.shutdown().await;
                self.store.close().await;
                if let Some(metrics) = &self.metrics {
                    metrics.stop();
                }
                match result {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(e)) => Err(BotError::Discord(e)),
                    Err(e) => Err(BotError::Task(e.to_string())),
                }
            }
        }
    }
}
