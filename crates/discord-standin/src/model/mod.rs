//! The stand-in's state: guilds, channels, users, the messages in each channel as people see them,
//! interactions and how they were answered, registered commands, and the request log.
//!
//! One `World` holds it all (behind one mutex in `crate::Shared`); its parts, and the
//! `World` methods that keep them, are split by what they are about:
//!
//! - `guilds`: guilds, and where the bot is (or was removed from);
//! - `users`: the people (and the bot), and how they appear as users and members;
//! - `channels`: text channels, threads, DMs and group DMs, and where an interaction happens;
//! - `messages`: messages as each person sees them, their components, edits and JSON;
//! - `attachments`: the files messages carry;
//! - `interactions`: interactions sent and how the bot answered them;
//! - `commands`: the application commands the bot registered;
//! - `emoji`: the application's emoji;
//! - `gateway`: gateway sessions, their dispatches and what happened on them.
//!
//! This file has the `World` itself, its indexes, and the request log's records.

mod attachments;
mod channels;
mod commands;
mod emoji;
mod gateway;
mod guilds;
mod interactions;
mod messages;
mod users;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use serde_json::Value;

use crate::faults::{FiredFault, RestFault};
use crate::ids::{ChannelId, GuildId, InteractionId, MessageId, Snowflakes, UserId};
use crate::violation::Violation;

pub use attachments::Attachment;
pub(crate) use attachments::{attachment_json, EMBED_IMAGE_URLS};
pub use channels::ChannelInfo;
pub(crate) use channels::{channel_json, thread_json, Place};
pub use emoji::{AppEmoji, EmojiRefusal};
pub(crate) use gateway::{dispatch_frame, DispatchFrame, Out, Session};
pub use gateway::{shard_of, GatewayEvent, GatewayRecord};
pub(crate) use guilds::guild_create_json;
pub use guilds::GuildInfo;
pub use interactions::{InteractionKind, InteractionRecord, ResponseRecord};
pub use messages::{Button, Message, MessageState, SelectMenu, SelectOption, Used};
pub use users::UserInfo;
pub(crate) use users::{member_json, user_json};

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    /// HTTP method.
    pub method: String,
    /// Path as sent, including `/api/v10`.
    pub path: String,
    /// Query string (without `?`), if any.
    pub query: Option<String>,
    /// The spec's path template it matched, e.g. `/channels/{channel_id}/messages`.
    pub route: Option<String>,
    /// The spec's operationId.
    pub operation: Option<String>,
    /// JSON body (for multipart requests: the `payload_json` part).
    pub body: Option<Value>,
    /// Names of file parts of a multipart request.
    pub files: Vec<String>,
    /// Status the stand-in answered with.
    pub status: u16,
    /// What was wrong with it (empty when it validated).
    pub violations: Vec<Violation>,
}

/// Everything the stand-in knows. Guarded by one mutex in [`crate::Shared`].
#[derive(Debug)]
pub(crate) struct World {
    pub(crate) ids: Snowflakes,
    pub(crate) token: String,
    pub(crate) application_id: u64,
    pub(crate) bot: UserInfo,
    pub(crate) guilds: Vec<GuildInfo>,
    pub(crate) channels: Vec<ChannelInfo>,
    pub(crate) users: Vec<UserInfo>,
    /// Shared so that readers can take them out from under the lock and copy them there (an
    /// edit of one a reader still holds copies it first).
    pub(crate) messages: Vec<Arc<Message>>,
    pub(crate) interactions: Vec<InteractionRecord>,
    pub(crate) requests: Vec<RequestRecord>,
    pub(crate) violations: Vec<Violation>,
    /// Registered commands as returned to the bot (guild ones carry `guild_id`).
    pub(crate) commands: Vec<Value>,
    pub(crate) sessions: Vec<Session>,
    pub(crate) identify: Option<Value>,
    /// Every IDENTIFY payload (`d`), in order.
    pub(crate) identifies: Vec<Value>,
    /// When each identify bucket last identified (for [`crate::StandinConfig::identify_window`]).
    pub(crate) last_identify: std::collections::HashMap<u32, std::time::Instant>,
    /// Guild ids are placed round-robin on this many shards.
    pub(crate) shard_count: u32,
    /// Every dispatch sent on the gateway (event name, `d`), in order (`d` shared with the
    /// sessions' logs).
    pub(crate) dispatched: Vec<(Arc<str>, Arc<Value>)>,
    /// Whether the past is kept: messages' earlier states, `dispatched`, and each session's
    /// whole replay log (see [`Standin::set_history`](crate::Standin::set_history)).
    pub(crate) keep_history: bool,
    pub(crate) ready_count: u64,
    pub(crate) heartbeats: u64,
    pub(crate) gateway_url: String,
    /// The REST server's base URL (`http://127.0.0.1:PORT`), which attachments' URLs start with.
    pub(crate) rest_url: String,
    pub(crate) last_request: Option<Instant>,
    /// Injected REST faults still to fire.
    pub(crate) rest_faults: Vec<RestFault>,
    /// Every fault that fired.
    pub(crate) fired: Vec<FiredFault>,
    /// Connections, identifies, resumes and closes on the gateway.
    pub(crate) gateway_log: Vec<GatewayRecord>,
    /// New gateway connections wait (no HELLO, nothing read) while this is set.
    pub(crate) gateway_blocked: bool,
    /// Guilds the bot was removed from (and not added back to): not in READY, no GUILD_CREATE.
    pub(crate) bot_removed: HashSet<GuildId>,
    /// Messages a moderator deleted (the bot's edits of them are no mistake of the bot's).
    pub(crate) moderator_deleted: HashSet<MessageId>,
    /// The `nonce` each message was created with (as sent: a string or an integer).
    pub(crate) nonce_of: HashMap<MessageId, Value>,
    /// The messages created with `enforce_nonce`: (channel, author, nonce) → the message and
    /// when it was created.
    pub(crate) enforced_nonces: HashMap<(ChannelId, UserId, String), (MessageId, Instant)>,
    /// How many creates were answered with the message of an earlier one (`enforce_nonce`).
    pub(crate) nonces_enforced: usize,
    /// Channels where the bot may not start threads (its role lacks Create Public Threads).
    pub(crate) threads_denied: HashSet<ChannelId>,
    /// Threads a moderator deleted: the bot's requests there get 404 Unknown Channel, which is
    /// no mistake of the bot's.
    pub(crate) deleted_threads: HashSet<ChannelId>,
    /// Channels where the bot may not post (its role lost Send Messages there).
    pub(crate) posts_denied: HashSet<ChannelId>,
    /// Channels the bot may no longer see: every request there is 403 Missing Access.
    pub(crate) access_denied: HashSet<ChannelId>,
    /// Messages whose edits fail with 30046.
    pub(crate) edit_limited: HashSet<MessageId>,
    /// Interactions whose initial response was late only because of an injected delay.
    pub(crate) fault_late: HashSet<InteractionId>,
    /// Interactions whose initial response an injected fault refused (5xx, 429, a reset): the
    /// person saw "This interaction failed" because Discord failed, not the bot.
    pub(crate) fault_refused: HashSet<InteractionId>,
    /// Each user's DM channel with the bot, once one was used.
    pub(crate) dm_channels: HashMap<UserId, ChannelId>,
    /// The application's emoji.
    pub(crate) app_emojis: Vec<AppEmoji>,
    /// Uploads of application emoji are refused so, while set.
    pub(crate) emoji_refusal: Option<EmojiRefusal>,
    /// The clock interaction tokens expire on.
    pub(crate) clock: crate::Clock,
    /// Indexes into the Vecs above, kept by the methods that push to them (nothing is ever
    /// removed from those Vecs but a deleted thread, whose removal indexes the channels anew).
    /// Where ids repeat, the first one is indexed (as a search from
    /// the front would find it).
    index: Index,
}

/// Lookups by id into [`World`]'s Vecs.
#[derive(Debug, Default)]
struct Index {
    guilds: HashMap<GuildId, usize>,
    channels: HashMap<ChannelId, usize>,
    users: HashMap<UserId, usize>,
    messages: HashMap<MessageId, usize>,
    /// The positions in `messages` of each channel's messages, in order.
    channel_messages: HashMap<ChannelId, Vec<usize>>,
    interactions: HashMap<InteractionId, usize>,
    tokens: HashMap<String, usize>,
}

/// Default permissions given to members and the bot in interactions (all text permissions).
pub(crate) const PERMISSIONS: &str = "2248473465835073";

impl World {
    pub(crate) fn new(token: String, mut ids: Snowflakes) -> Self {
        let application_id = ids.next();
        let bot = UserInfo {
            id: UserId(application_id),
            name: "forgetit-bot".into(),
            locale: "en-US".into(),
            bot: true,
            extra_permissions: 0,
        };
        World {
            ids,
            token,
            application_id,
            bot,
            guilds: Vec::new(),
            channels: Vec::new(),
            users: Vec::new(),
            messages: Vec::new(),
            interactions: Vec::new(),
            requests: Vec::new(),
            violations: Vec::new(),
            commands: Vec::new(),
            sessions: Vec::new(),
            identify: None,
            identifies: Vec::new(),
            last_identify: Default::default(),
            shard_count: 1,
            dispatched: Vec::new(),
            keep_history: true,
            ready_count: 0,
            heartbeats: 0,
            gateway_url: String::new(),
            rest_url: String::new(),
            bot_removed: HashSet::new(),
            last_request: None,
            rest_faults: Vec::new(),
            fired: Vec::new(),
            gateway_log: Vec::new(),
            gateway_blocked: false,
            moderator_deleted: HashSet::new(),
            nonce_of: HashMap::new(),
            enforced_nonces: HashMap::new(),
            nonces_enforced: 0,
            threads_denied: HashSet::new(),
            deleted_threads: HashSet::new(),
            posts_denied: HashSet::new(),
            access_denied: HashSet::new(),
            edit_limited: HashSet::new(),
            fault_late: HashSet::new(),
            fault_refused: HashSet::new(),
            dm_channels: HashMap::new(),
            app_emojis: Vec::new(),
            emoji_refusal: None,
            clock: crate::Clock::new(),
            index: Index::default(),
        }
    }
    pub(crate) fn next_id(&mut self) -> u64 {
        self.ids.next()
    }
}
