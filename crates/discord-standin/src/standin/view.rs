//! [`StandinView`]: the stand-in's state read in place (no copies), and waiting until it says
//! something.

use serde_json::Value;

use super::Standin;
use crate::model::World;
use crate::violation::Result;
use crate::{
    ChannelId, FiredFault, GatewayRecord, InteractionRecord, Message, MessageId, RequestRecord,
    UserId, Violation,
};

impl Standin {
    /// Read the stand-in's state now through a [`StandinView`], without copying what `f` doesn't
    /// take: e.g. `standin.view(|v| v.requests().len())` instead of `standin.requests().len()`.
    /// (The stand-in waits while `f` runs: keep it short.)
    pub fn view<T>(&self, f: impl FnOnce(&StandinView<'_>) -> T) -> T {
        self.shared.read(|w| f(&StandinView(w)))
    }

    /// Wait until `f` (re-run after every change of the stand-in's state) returns `Some`.
    pub async fn wait_until<T>(
        &self,
        what: &str,
        f: impl FnMut(&StandinView<'_>) -> Option<T>,
    ) -> Result<T> {
        let mut f = f;
        self.shared.wait_until(what, |w| f(&StandinView(w))).await
    }
}

/// Read-only view of the stand-in's state for [`Standin::wait_until`].
pub struct StandinView<'a>(&'a World);

impl StandinView<'_> {
    /// The threads started in `channel`, as [`Standin::threads_of`] gives them.
    pub fn threads_of(&self, channel: ChannelId) -> Vec<(ChannelId, String, bool)> {
        self.0.threads_of(channel)
    }

    /// Public messages of a channel, in order.
    pub fn messages(&self, channel: ChannelId) -> Vec<Message> {
        self.0.visible(channel, None)
    }

    /// What `user` sees in `channel`.
    pub fn seen_by(&self, user: UserId, channel: ChannelId) -> Vec<Message> {
        self.0.visible(channel, Some(user))
    }

    /// The messages of a channel that everyone (`user` `None`) or `user` sees, in order, as
    /// [`messages`](Self::messages) and [`seen_by`](Self::seen_by) give them but not copied
    /// (`.next_back()` is the newest).
    pub fn visible(
        &self,
        channel: ChannelId,
        user: Option<UserId>,
    ) -> impl DoubleEndedIterator<Item = &Message> {
        self.0.visible_iter(channel, user)
    }

    /// The newest public message of a channel.
    pub fn last_message(&self, channel: ChannelId) -> Option<&Message> {
        self.0.visible_iter(channel, None).next_back()
    }

    /// A message by id.
    pub fn message(&self, id: MessageId) -> Option<&Message> {
        self.0.message(id)
    }

    /// All interactions.
    pub fn interactions(&self) -> &[InteractionRecord] {
        &self.0.interactions
    }

    /// All requests.
    pub fn requests(&self) -> &[RequestRecord] {
        &self.0.requests
    }

    /// All violations.
    pub fn violations(&self) -> &[Violation] {
        &self.0.violations
    }

    /// Registered commands.
    pub fn commands(&self) -> &[Value] {
        &self.0.commands
    }

    /// Heartbeats received so far.
    pub fn heartbeats(&self) -> u64 {
        self.0.heartbeats
    }

    /// The `[shard_id, shard_count]` of every live gateway session.
    pub fn sessions(&self) -> Vec<[u32; 2]> {
        self.0.live_shards()
    }

    /// Every fault that fired so far.
    pub fn faults_fired(&self) -> &[FiredFault] {
        &self.0.fired
    }

    /// Gateway connections, identifies, resumes and closes so far.
    pub fn gateway_log(&self) -> &[GatewayRecord] {
        &self.0.gateway_log
    }
}
