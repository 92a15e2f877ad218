//! Interactions: each one sent (a command or a component, where, by whom) and how the bot
//! answered it.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::World;
use crate::ids::{ChannelId, GuildId, InteractionId, MessageId, UserId};

/// One initial response (callback) to an interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResponseRecord {
    /// Callback type: 4 message, 5 deferred message, 6 deferred update, 7 update message,
    /// 8 autocomplete result, 9 modal.
    pub kind: u64,
    /// Time from sending INTERACTION_CREATE to the callback's arrival.
    pub latency: Duration,
}

/// What an interaction was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InteractionKind {
    /// A slash command, with its full path (`forgetit start`).
    Command {
        /// Command name plus subcommand group/subcommand, space separated.
        path: String,
    },
    /// A component (button/select) on a message.
    Component {
        /// The component's custom_id.
        custom_id: String,
        /// The message it is on.
        message_id: MessageId,
        /// Selected values (selects only).
        values: Vec<String>,
    },
}

/// An interaction the stand-in sent and what the bot did with it.
#[derive(Clone, Debug)]
pub struct InteractionRecord {
    /// Interaction id.
    pub id: InteractionId,
    /// Interaction token.
    pub token: String,
    /// What was done.
    pub kind: InteractionKind,
    /// Who did it.
    pub user: UserId,
    /// Where.
    pub channel_id: ChannelId,
    /// When INTERACTION_CREATE was sent.
    pub sent_at: Instant,
    /// Every callback received (exactly one is correct).
    pub responses: Vec<ResponseRecord>,
    /// The message `@original` refers to (the response, or the clicked message for 6/7).
    pub original: Option<MessageId>,
    /// The message the user sees as the answer, once there is one: the type 4 response, the
    /// filled-in deferred response, the updated clicked message, or the first follow-up.
    pub answer: Option<MessageId>,
    /// Follow-up messages, in order.
    pub followups: Vec<MessageId>,
    /// The modal the bot opened (callback type 9), as JSON.
    pub modal: Option<Value>,
    /// Autocomplete choices the bot returned (callback type 8).
    pub choices: Option<Value>,
    /// The shard (`[id, count]` from IDENTIFY) of the gateway session(s) it was sent on.
    pub shards: Vec<[u32; 2]>,
    /// When it was created, on the stand-in's [`Clock`](crate::Clock): its token expires
    /// [`INTERACTION_TOKEN_LIFETIME`](crate::INTERACTION_TOKEN_LIFETIME) later.
    pub created_at: std::time::SystemTime,
    /// Its `context`: 0 in a guild, 1 in the user's DM with the bot, 2 in a group DM.
    pub context: u8,
    /// `authorizing_integration_owners["0"]`: the guild that installed the app, when the
    /// interaction is in it.
    pub guild_install: Option<GuildId>,
    /// `authorizing_integration_owners["1"]`: the user whose install of the app authorized it
    /// (every user of the stand-in installed it).
    pub user_install: Option<UserId>,
    /// Follow-ups (`POST /webhooks/{app}/{token}`) accepted so far, the one that filled in a
    /// deferred message included.
    pub followup_posts: usize,
}

impl InteractionRecord {
    /// The first callback, if any.
    pub fn initial_response(&self) -> Option<&ResponseRecord> {
        self.responses.first()
    }

    /// Short description for reports (`/forgetit start by 1234`).
    pub fn describe(&self) -> String {
        match &self.kind {
            InteractionKind::Command { path } => format!("/{path} by user {}", self.user),
            InteractionKind::Component {
                custom_id,
                message_id,
                ..
            } => {
                format!(
                    "click on {custom_id:?} (message {message_id}) by user {}",
                    self.user
                )
            }
        }
    }
}

impl World {
    /// Add an interaction (the only way interactions are added); returns its position.
    pub(crate) fn push_interaction(&mut self, r: InteractionRecord) -> usize {
        let i = self.interactions.len();
        self.index.interactions.entry(r.id).or_insert(i);
        self.index.tokens.entry(r.token.clone()).or_insert(i);
        self.interactions.push(r);
        i
    }
    /// The position of an interaction in `interactions`.
    pub(crate) fn interaction_position(&self, id: InteractionId) -> Option<usize> {
        let i = *self.index.interactions.get(&id)?;
        debug_assert_eq!(self.interactions.get(i).map(|r| r.id), Some(id));
        Some(i)
    }
    /// An interaction by id.
    pub(crate) fn interaction(&self, id: InteractionId) -> Option<&InteractionRecord> {
        self.interaction_position(id).map(|i| &self.interactions[i])
    }
    pub(crate) fn interaction_by_token(&self, token: &str) -> Option<usize> {
        let i = *self.index.tokens.get(token)?;
        debug_assert_eq!(
            self.interactions.get(i).map(|r| r.token.as_str()),
            Some(token)
        );
        Some(i)
    }
}
