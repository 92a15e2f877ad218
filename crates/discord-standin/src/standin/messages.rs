//! The messages of a channel as everyone and each person sees them, those that outlast a
//! restart, and what happens to them (a moderator's delete, the edit limit, `enforce_nonce`).

use std::sync::Arc;

use serde_json::Value;

use super::Standin;
use crate::violation::Result;
use crate::{ChannelId, Message, MessageId, UserId};

impl Standin {
    /// Public messages of a channel, in order (what everyone sees).
    pub fn messages(&self, channel: ChannelId) -> Vec<Message> {
        self.visible(channel, None)
    }

    /// What `user` sees in `channel`: public messages plus their ephemeral ones, in order.
    pub fn seen_by(&self, user: UserId, channel: ChannelId) -> Vec<Message> {
        self.visible(channel, Some(user))
    }

    /// The messages of `channel` that `user` (or everyone) sees, copied after the lock is
    /// released (so that the stand-in doesn't wait for the copying).
    fn visible(&self, channel: ChannelId, user: Option<UserId>) -> Vec<Message> {
        let shared: Vec<Arc<Message>> = self
            .shared
            .read(|w| w.visible_arcs(channel, user).cloned().collect());
        shared.iter().map(|m| Message::clone(m)).collect()
    }

    /// Ephemeral messages shown to `user` (all channels), in order.
    pub fn ephemeral_for(&self, user: UserId) -> Vec<Message> {
        self.shared.read(|w| {
            w.messages
                .iter()
                .filter(|m| m.visible_to == Some(user) && !m.deleted)
                .map(|m| Message::clone(m))
                .collect()
        })
    }

    /// A message by id (also deleted and ephemeral ones).
    pub fn message(&self, id: MessageId) -> Option<Message> {
        let shared = self.shared.read(|w| w.message_arc(id).cloned())?;
        Some(Message::clone(&shared))
    }

    /// The newest public message of a channel.
    pub fn last_message(&self, channel: ChannelId) -> Option<Message> {
        let shared = self
            .shared
            .read(|w| w.visible_arcs(channel, None).next_back().cloned())?;
        Some(Message::clone(&shared))
    }

    /// The message as the bot gets it from the API (full Discord message JSON).
    pub fn message_json(&self, id: MessageId) -> Value {
        self.shared.read(|w| w.message_json(id))
    }

    /// Wait until a message in `channel` (public, or ephemeral for anyone) satisfies `pred`.
    pub async fn wait_for_message(
        &self,
        channel: ChannelId,
        mut pred: impl FnMut(&Message) -> bool,
    ) -> Result<Message> {
        self.shared
            .wait_until(&format!("a matching message in channel {channel}"), |w| {
                w.channel_messages(channel)
                    .find(|m| !m.deleted && pred(m))
                    .map(|m| Message::clone(m))
            })
            .await
    }

    /// The messages that outlast a restart of the client, to give a later stand-in
    /// ([`StandinBuilder::messages`](crate::StandinBuilder::messages)): every public message not deleted, its edits included
    /// (private answers, like Discord's ephemeral ones, are gone after a reload; the interactions
    /// that made messages are not kept).
    pub fn lasting_messages(&self) -> Vec<Message> {
        self.shared.read(|w| {
            w.messages
                .iter()
                .filter(|m| m.visible_to.is_none() && !m.deleted && !m.loading)
                .map(|m| Message {
                    interaction: None,
                    ..Message::clone(m)
                })
                .collect()
        })
    }

    /// A moderator deletes a message (MESSAGE_DELETE is not sent: the bot has no message
    /// intents). From then on people don't see it, and the bot's fetches and edits of it get
    /// 404 `Unknown Message` (10008), as on Discord; those aren't violations, they are recorded
    /// in [`faults_fired`](Self::faults_fired). Works on interaction responses too (their
    /// `@original` / webhook edits get the same 404).
    pub fn delete_message(&self, message: MessageId) {
        self.shared.with(|w| {
            if let Some(m) = w.message_mut(message) {
                m.deleted = true;
                w.moderator_deleted.insert(message);
            }
        })
    }

    /// Mark a message as one Discord won't let the bot edit now: it is older than an hour and
    /// over the edit limit for old messages. Edits (`PATCH` of the channel message or of the
    /// interaction response) get 400 code 30046 "Maximum number of edits to messages older than
    /// 1 hour reached. Try again later" until [`allow_edits`](Self::allow_edits).
    pub fn limit_edits(&self, message: MessageId) {
        self.shared.with(|w| w.edit_limited.insert(message));
    }

    /// Let edits of a message marked with [`limit_edits`](Self::limit_edits) through again.
    pub fn allow_edits(&self, message: MessageId) {
        self.shared.with(|w| w.edit_limited.remove(&message));
    }

    /// How many message creates were answered with a message created earlier with the same
    /// `nonce` (`enforce_nonce`), instead of a new one.
    pub fn nonces_enforced(&self) -> usize {
        self.shared.read(|w| w.nonces_enforced)
    }
}
