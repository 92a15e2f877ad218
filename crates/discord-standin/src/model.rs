//! The stand-in's state: guilds, channels, users, the messages in each channel as people see them,
//! interactions and how they were answered, registered commands, and the request log.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use tokio::sync::mpsc;

use crate::faults::{FiredFault, RestFault};
use crate::ids::{
    now_ms, rfc3339, snowflake_ms, ChannelId, CommandId, GuildId, InteractionId, MessageId,
    Snowflakes, UserId,
};
use crate::limits::EPHEMERAL;
use crate::multipart::FilePart;
use crate::violation::Violation;

/// A person (or the bot) known to the stand-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserInfo {
    /// The user's id.
    pub id: UserId,
    /// The username.
    pub name: String,
    /// The client locale sent with this user's interactions (`en-US`, `de`, ...).
    pub locale: String,
    /// Whether this is a bot account.
    pub bot: bool,
    /// Permissions this member has in the guild's channels beyond the default text permissions
    /// (a bit set, e.g. `1 << 13` for MANAGE_MESSAGES).
    pub extra_permissions: u64,
}

/// A guild (server).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildInfo {
    /// The guild's id.
    pub id: GuildId,
    /// Its name.
    pub name: String,
    /// The guild's preferred locale (sent as `guild_locale`).
    pub locale: String,
    /// Owner of the guild.
    pub owner: UserId,
    /// A server where only its people installed the app (to their accounts), not the server: the
    /// bot is not a member (no GUILD_CREATE, its channel routes refused with 403 Missing Access),
    /// and interactions there are authorized by the user install alone.
    pub user_install: bool,
}

/// A text channel, or a public thread of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelInfo {
    /// The channel's id.
    pub id: ChannelId,
    /// The guild it belongs to.
    pub guild_id: GuildId,
    /// Its name (without `#`).
    pub name: String,
    /// For a public thread (type 11): the text channel it was started in. `None`: a text
    /// channel (type 0).
    pub parent: Option<ChannelId>,
    /// A thread that was archived (`PATCH /channels/{id}` with `archived: true`).
    pub archived: bool,
    /// A thread a moderator locked ([`Standin::lock_thread`](crate::Standin::lock_thread)): the
    /// bot's messages there are refused.
    pub locked: bool,
    /// For a group DM (type 3, in no guild: `guild_id` is 0): its members. The bot is not one.
    pub recipients: Option<Vec<UserId>>,
}

impl ChannelInfo {
    /// Whether this is a group DM.
    pub fn is_group_dm(&self) -> bool {
        self.recipients.is_some()
    }
}

/// Where an interaction happens, as Discord tells it in its `context`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// A channel (or thread) of a guild; `installed`: the app is installed to the guild (the bot
    /// is a member), else only its users installed it.
    Guild { guild: GuildId, installed: bool },
    /// The user's DM with the bot.
    BotDm,
    /// A group DM (the bot is not in it).
    GroupDm,
}

impl Place {
    /// The interaction `context`: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
    pub(crate) fn context(self) -> u8 {
        match self {
            Place::Guild { .. } => 0,
            Place::BotDm => 1,
            Place::GroupDm => 2,
        }
    }

    /// The guild whose shard carries the interaction (0: shard 0, as for DMs).
    pub(crate) fn guild(self) -> GuildId {
        match self {
            Place::Guild { guild, .. } => guild,
            Place::BotDm | Place::GroupDm => GuildId(0),
        }
    }

    /// The guild that installed the app, if the interaction is in one.
    pub(crate) fn guild_install(self) -> Option<GuildId> {
        match self {
            Place::Guild {
                guild,
                installed: true,
            } => Some(guild),
            _ => None,
        }
    }
}

/// A message's visible state (current, or a past one kept in [`Message::history`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MessageState {
    /// Text content.
    pub content: String,
    /// Embeds, as JSON.
    pub embeds: Vec<Value>,
    /// Top-level components (action rows), as JSON.
    pub components: Vec<Value>,
    /// Message flags.
    pub flags: u64,
    /// Files attached to the message, in order.
    #[serde(default)]
    pub attachments: Vec<Attachment>,
}

/// A file attached to a message (sent as a `files[n]` part with its `attachments` entry).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Attachment {
    /// Its id (a snowflake).
    pub id: u64,
    /// Its file name (the `attachments` entry's `filename`, else the part's).
    pub filename: String,
    /// Its description (alt text), if the `attachments` entry gave one.
    pub description: Option<String>,
    /// Its media type (an image's by its name, else the part's `Content-Type`, else
    /// `application/octet-stream`).
    pub content_type: String,
    /// An image's width and height, where its header says them (PNG, GIF).
    pub dimensions: Option<(u32, u32)>,
    /// The file's bytes (base64 when serialized).
    #[serde(with = "base64_bytes")]
    pub bytes: Arc<Vec<u8>>,
}

impl Attachment {
    /// Its size in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }

    /// The path the stand-in serves its bytes at (after the REST server's address, and on the
    /// web page's): `/attachments/{channel}/{id}/{filename}`.
    pub fn path(&self, channel: ChannelId) -> String {
        format!(
            "/attachments/{channel}/{}/{}",
            self.id,
            encode_path_segment(&self.filename)
        )
    }
}

/// Percent-encode everything but RFC 3986's unreserved characters.
fn encode_path_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Bytes as a base64 string (serde `with`).
mod base64_bytes {
    use std::sync::Arc;

    use base64::Engine;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(bytes: &Arc<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes.as_slice()))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<Vec<u8>>, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map(Arc::new)
            .map_err(serde::de::Error::custom)
    }
}

/// Who used which slash command, for the message that answers it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Used {
    /// Who used it.
    pub user: UserId,
    /// The command's path, as registered (`forgetit start`).
    pub command: String,
}

/// A message as a person in the channel sees it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Message {
    /// Message id.
    pub id: MessageId,
    /// Channel the message is in.
    pub channel_id: ChannelId,
    /// Guild of the channel.
    pub guild_id: GuildId,
    /// Who wrote it (the bot for everything the bot sends).
    pub author: UserId,
    /// Whether the author is the bot.
    pub by_bot: bool,
    /// Current content, embeds, components and flags.
    pub state: MessageState,
    /// Earlier states, oldest first (one entry per edit).
    pub history: Vec<MessageState>,
    /// `Some(user)` for an ephemeral message only that user sees.
    pub visible_to: Option<UserId>,
    /// The interaction this message answers, if any.
    pub interaction: Option<InteractionId>,
    /// For the answer to a slash command: who used which command, kept with the message (as
    /// Discord keeps a message's `interaction_metadata`), so "alice used /forgetit start" outlasts
    /// the interaction and a restart.
    #[serde(default)]
    pub used: Option<Used>,
    /// Discord message type (0 default, 19 reply, 20 slash-command response).
    pub kind: u8,
    /// A deferred response (type 5) still showing "the bot is thinking...".
    pub loading: bool,
    /// Deleted messages stay in the model, marked.
    pub deleted: bool,
    /// Unix ms of the last edit.
    pub edited_ms: Option<u64>,
}

/// A button found on a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Label text, if any.
    pub label: Option<String>,
    /// custom_id (absent on link buttons).
    pub custom_id: Option<String>,
    /// Style: 1 primary, 2 secondary, 3 success, 4 danger, 5 link, 6 premium.
    pub style: u64,
    /// Whether it is greyed out.
    pub disabled: bool,
    /// URL of a link button.
    pub url: Option<String>,
    /// Emoji name, if any.
    pub emoji: Option<String>,
    /// A custom emoji's id, if the emoji is one.
    pub emoji_id: Option<u64>,
    /// Index of its action row.
    pub row: usize,
}

/// An option of a string select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    /// Shown text.
    pub label: String,
    /// Value sent back when chosen.
    pub value: String,
    /// Whether it is pre-selected.
    pub default: bool,
}

/// A select menu found on a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectMenu {
    /// Component type: 3 string, 5 user, 6 role, 7 mentionable, 8 channel.
    pub kind: u64,
    /// custom_id.
    pub custom_id: String,
    /// Options (string selects only).
    pub options: Vec<SelectOption>,
    /// Placeholder text.
    pub placeholder: Option<String>,
    /// Minimum number of values (default 1).
    pub min_values: u64,
    /// Maximum number of values (default 1).
    pub max_values: u64,
    /// Whether it is greyed out.
    pub disabled: bool,
}

impl Message {
    /// Current content.
    pub fn content(&self) -> &str {
        &self.state.content
    }

    /// Current embeds (JSON).
    pub fn embeds(&self) -> &[Value] {
        &self.state.embeds
    }

    /// Current attachments (their bytes with them).
    pub fn attachments(&self) -> &[Attachment] {
        &self.state.attachments
    }

    /// The current attachment with this file name, if any.
    pub fn attachment(&self, filename: &str) -> Option<&Attachment> {
        self.state
            .attachments
            .iter()
            .find(|a| a.filename == filename)
    }

    /// Current components (JSON action rows).
    pub fn components(&self) -> &[Value] {
        &self.state.components
    }

    /// Whether only one user sees the message.
    pub fn is_ephemeral(&self) -> bool {
        self.visible_to.is_some()
    }

    /// Content plus every embed's title, description, field names/values and footer, one per
    /// line: handy for "does the channel show X" assertions.
    pub fn text(&self) -> String {
        let mut parts = vec![self.state.content.clone()];
        for embed in &self.state.embeds {
            for ptr in ["/author/name", "/title", "/description"] {
                if let Some(s) = embed.pointer(ptr).and_then(Value::as_str) {
                    parts.push(s.to_owned());
                }
            }
            for field in embed
                .get("fields")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                for key in ["name", "value"] {
                    if let Some(s) = field.get(key).and_then(Value::as_str) {
                        parts.push(s.to_owned());
                    }
                }
            }
            if let Some(s) = embed.pointer("/footer/text").and_then(Value::as_str) {
                parts.push(s.to_owned());
            }
        }
        parts.retain(|p| !p.is_empty());
        parts.join("\n")
    }

    /// All buttons, row by row.
    pub fn buttons(&self) -> Vec<Button> {
        let mut out = Vec::new();
        for (row, c) in self.interactive_components() {
            if c.get("type").and_then(Value::as_u64) != Some(2) {
                continue;
            }
            let s = |k: &str| c.get(k).and_then(Value::as_str).map(str::to_owned);
            out.push(Button {
                label: s("label"),
                custom_id: s("custom_id"),
                style: c.get("style").and_then(Value::as_u64).unwrap_or(0),
                disabled: c.get("disabled").and_then(Value::as_bool).unwrap_or(false),
                url: s("url"),
                emoji: c
                    .pointer("/emoji/name")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                emoji_id: c.pointer("/emoji/id").and_then(crate::ids::snowflake),
                row,
            });
        }
        out
    }

    /// The labels of all buttons (buttons without a label are skipped).
    pub fn button_labels(&self) -> Vec<String> {
        self.buttons().into_iter().filter_map(|b| b.label).collect()
    }

    /// The button with exactly this label, if there is one.
    pub fn button(&self, label: &str) -> Option<Button> {
        self.buttons()
            .into_iter()
            .find(|b| b.label.as_deref() == Some(label))
    }

    /// All select menus.
    pub fn select_menus(&self) -> Vec<SelectMenu> {
        let mut out = Vec::new();
        for (_, c) in self.interactive_components() {
            let kind = c.get("type").and_then(Value::as_u64).unwrap_or(0);
            if !matches!(kind, 3 | 5..=8) {
                continue;
            }
            let options = c
                .get("options")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|o| SelectOption {
                    label: o
                        .get("label")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .into(),
                    value: o
                        .get("value")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .into(),
                    default: o.get("default").and_then(Value::as_bool).unwrap_or(false),
                })
                .collect();
            out.push(SelectMenu {
                kind,
                custom_id: c
                    .get("custom_id")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .into(),
                options,
                placeholder: c
                    .get("placeholder")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                min_values: c.get("min_values").and_then(Value::as_u64).unwrap_or(1),
                max_values: c.get("max_values").and_then(Value::as_u64).unwrap_or(1),
                disabled: c.get("disabled").and_then(Value::as_bool).unwrap_or(false),
            });
        }
        out
    }

    /// Interactive components with the index of their top-level row, searching nested layouts.
    fn interactive_components(&self) -> Vec<(usize, &Value)> {
        fn walk<'a>(v: &'a Value, row: usize, out: &mut Vec<(usize, &'a Value)>) {
            if let Some(2 | 3 | 5..=8) = v.get("type").and_then(Value::as_u64) {
                out.push((row, v));
            }
            for key in ["components", "accessory"] {
                match v.get(key) {
                    Some(Value::Array(items)) => items.iter().for_each(|c| walk(c, row, out)),
                    Some(obj @ Value::Object(_)) => walk(obj, row, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        for (row, c) in self.state.components.iter().enumerate() {
            walk(c, row, &mut out);
        }
        out
    }
}

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

/// Something that happened on the gateway.
#[derive(Clone, Debug, PartialEq)]
pub enum GatewayEvent {
    /// A WebSocket connection was opened.
    Connected,
    /// The connection identified (op 2) and got READY with this session.
    Identified {
        /// The session id of READY.
        session_id: String,
        /// `[shard_id, shard_count]`.
        shard: [u32; 2],
    },
    /// The connection resumed (op 6) this session: the dispatches after its `seq` were replayed,
    /// then RESUMED.
    Resumed {
        /// The session resumed.
        session_id: String,
        /// The `seq` the client sent.
        seq: u64,
        /// How many dispatches were replayed.
        replayed: usize,
    },
    /// A RESUME was refused with op 9 INVALID_SESSION d=false (unknown or invalidated session,
    /// or a `seq` the session never reached).
    ResumeRefused {
        /// The session id the client sent.
        session_id: String,
        /// The `seq` the client sent.
        seq: u64,
    },
    /// A heartbeat got no ACK (see [`GatewayFault::WithholdHeartbeatAcks`](crate::GatewayFault)).
    HeartbeatAckWithheld,
    /// The connection ended.
    Closed {
        /// The close code, if a close frame was sent (`None`: the TCP connection just ended).
        code: Option<u16>,
        /// Whether the stand-in ended it (a fault) rather than the client.
        by_standin: bool,
    },
}

/// A [`GatewayEvent`] with when and on which connection.
#[derive(Clone, Debug, PartialEq)]
pub struct GatewayRecord {
    /// When.
    pub at: Instant,
    /// The connection (numbered from 1 in the order they were opened, across stand-ins).
    pub conn: u64,
    /// What happened.
    pub event: GatewayEvent,
}

/// What the stand-in sends to one gateway connection's task.
#[derive(Debug)]
pub(crate) enum Out {
    /// A frame to send as it is.
    Frame(Value),
    /// A numbered dispatch (op 0), its `d` shared with the logs that keep it.
    Dispatch {
        /// Its sequence number (`s`).
        seq: u64,
        /// The event name (`t`).
        event: Arc<str>,
        /// The event data (`d`).
        data: Arc<Value>,
    },
    /// Close with a close frame of this code.
    Close(u16),
    /// Drop the TCP connection without a close frame.
    Drop,
}

/// A gateway session (from IDENTIFY), kept across connections for RESUME.
#[derive(Debug)]
pub(crate) struct Session {
    /// The `session_id` sent in READY.
    pub(crate) id: String,
    /// `[shard_id, shard_count]` as identified (`[0, 1]` when IDENTIFY named no shard).
    pub(crate) shard: [u32; 2],
    /// The connection it is on now (its id and outbox), if any.
    pub(crate) conn: Option<(u64, mpsc::UnboundedSender<Out>)>,
    /// The last sequence number used.
    pub(crate) seq: u64,
    /// Every dispatch of the session: `(seq, event, d)`, replayed on RESUME.
    pub(crate) log: VecDeque<(u64, Arc<str>, Arc<Value>)>,
    /// Invalidated (op 9 d=false, a closing code that ends it, a new IDENTIFY of its shard
    /// while disconnected): a RESUME gets op 9 d=false and nothing more is queued for it.
    pub(crate) expired: bool,
    /// Heartbeats on the current connection get no ACK (a zombie connection).
    pub(crate) acks_withheld: bool,
}

impl Session {
    /// Whether Discord sends this guild's events on this session.
    pub(crate) fn covers(&self, guild: GuildId) -> bool {
        shard_of(guild, self.shard[1]) == self.shard[0]
    }

    /// Whether a connection carries the session now.
    pub(crate) fn is_live(&self) -> bool {
        !self.expired && self.conn.as_ref().is_some_and(|(_, tx)| !tx.is_closed())
    }

    /// Number a dispatch and keep it for RESUME; returns the frame.
    pub(crate) fn number(&mut self, event: &str, data: Value) -> Value {
        let data = Arc::new(data);
        let seq = self.number_shared(Arc::from(event), Arc::clone(&data));
        dispatch_frame(seq, event, &data)
    }

    /// Number a dispatch and keep it for RESUME without copying `data`; returns its `seq`.
    pub(crate) fn number_shared(&mut self, event: Arc<str>, data: Arc<Value>) -> u64 {
        self.seq += 1;
        self.log.push_back((self.seq, event, data));
        self.seq
    }

    /// Without history, the log keeps the newest [`REPLAYABLE`] dispatches: one in, the oldest
    /// out (a long log dropped at once would hold the world's lock for milliseconds). A RESUME
    /// from before them is refused, as Discord refuses one it can no longer replay.
    pub(crate) fn trim_log(&mut self) {
        while self.log.len() > REPLAYABLE {
            self.log.pop_front();
        }
    }

    /// Whether a RESUME from `seq` can replay every dispatch after it.
    pub(crate) fn can_resume_from(&self, seq: u64) -> bool {
        seq <= self.seq
            && self
                .log
                .front()
                .is_none_or(|(first, _, _)| *first <= seq + 1)
    }

    /// Send a frame on the current connection, if there is one.
    pub(crate) fn send(&self, out: Out) -> bool {
        match &self.conn {
            Some((_, tx)) => tx.send(out).is_ok(),
            None => false,
        }
    }
}

/// Dispatches a session keeps for RESUME when the stand-in keeps no history.
pub(crate) const REPLAYABLE: usize = 10_000;

/// The frame of a numbered dispatch: `{"op": 0, "t": event, "s": seq, "d": data}`.
pub(crate) fn dispatch_frame(seq: u64, event: &str, data: &Value) -> Value {
    let mut frame = Map::new();
    frame.insert("op".into(), json!(0));
    frame.insert("t".into(), json!(event));
    frame.insert("s".into(), json!(seq));
    frame.insert("d".into(), data.clone());
    Value::Object(frame)
}

/// A numbered dispatch serialized straight from borrowed parts (the same JSON as
/// [`dispatch_frame`], keys in the same order).
#[derive(serde::Serialize)]
pub(crate) struct DispatchFrame<'a> {
    pub(crate) d: &'a Value,
    pub(crate) op: u8,
    pub(crate) s: u64,
    pub(crate) t: &'a str,
}

/// The shard of a guild among `count` shards: `(guild_id >> 22) % count`.
pub fn shard_of(guild: GuildId, count: u32) -> u32 {
    ((guild.get() >> 22) % u64::from(count.max(1))) as u32
}

/// An application emoji the bot uploaded (`POST /applications/{id}/emojis`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppEmoji {
    /// Its id (a snowflake).
    pub id: u64,
    /// Its name, 2-32 of `[A-Za-z0-9_]`.
    pub name: String,
    /// The image's media type (`image/png`, ...).
    pub content_type: String,
    /// The image, decoded from its data URI.
    pub image: Arc<Vec<u8>>,
    /// Whether it is a GIF.
    pub animated: bool,
}

/// How the stand-in answers the bot's uploads of application emoji
/// ([`Standin::refuse_emoji_uploads`](crate::Standin::refuse_emoji_uploads)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmojiRefusal {
    /// 400, code 30008 `Maximum number of emojis reached (2000)`.
    Full,
    /// 403, code 50013 `Missing Permissions`.
    Forbidden,
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

    /// `user`'s DM channel with the bot (made on first use; it belongs to no guild).
    pub(crate) fn dm_channel(&mut self, user: UserId) -> ChannelId {
        if let Some(c) = self.dm_channels.get(&user) {
            return *c;
        }
        let c = ChannelId(self.next_id());
        self.dm_channels.insert(user, c);
        c
    }

    pub(crate) fn next_id(&mut self) -> u64 {
        self.ids.next()
    }

    /// Adds a guild. With several shards, the n-th guild gets an id on shard `n % shard_count`.
    pub(crate) fn add_guild(&mut self, name: &str, locale: &str) -> GuildId {
        let count = u64::from(self.shard_count.max(1));
        let want = self.guilds.len() as u64 % count;
        let mut id = self.next_id();
        if count > 1 {
            // Move the timestamp part forward (at most count - 1 ms) to the wanted shard.
            let ms = id >> 22;
            let ms = ms + (want + count - ms % count) % count;
            id = (ms << 22).max(id);
            self.ids.bump_to(id);
        }
        let id = GuildId(id);
        let owner = self.users.first().map(|u| u.id).unwrap_or(self.bot.id);
        self.index.guilds.entry(id).or_insert(self.guilds.len());
        self.guilds.push(GuildInfo {
            id,
            name: name.into(),
            locale: locale.into(),
            owner,
            user_install: false,
        });
        id
    }

    /// A guild where only the users installed the app (the bot is not a member), with `channels`.
    pub(crate) fn add_user_install_guild(&mut self, name: &str, channels: &[String]) -> GuildId {
        let guild = self.add_guild(name, "en-US");
        if let Some(g) = self.guilds.last_mut() {
            g.user_install = true;
        }
        for channel in channels {
            self.add_channel(guild, channel);
        }
        guild
    }

    pub(crate) fn add_channel(&mut self, guild_id: GuildId, name: &str) -> ChannelId {
        let id = ChannelId(self.next_id());
        self.index.channels.entry(id).or_insert(self.channels.len());
        self.channels.push(ChannelInfo {
            id,
            guild_id,
            name: name.into(),
            parent: None,
            archived: false,
            locked: false,
            recipients: None,
        });
        id
    }

    /// A group DM of `members` (the bot not among them), in no guild.
    pub(crate) fn add_group_dm(&mut self, name: &str, members: &[UserId]) -> ChannelId {
        let id = ChannelId(self.next_id());
        self.index.channels.entry(id).or_insert(self.channels.len());
        self.channels.push(ChannelInfo {
            id,
            guild_id: GuildId(0),
            name: name.into(),
            parent: None,
            archived: false,
            locked: false,
            recipients: Some(members.to_vec()),
        });
        id
    }

    /// Where `channel` is: a guild's channel or thread, a group DM, or a user's DM with the bot.
    pub(crate) fn place_of(&self, channel: ChannelId) -> Option<Place> {
        if let Some(c) = self.channel(channel) {
            if c.is_group_dm() {
                return Some(Place::GroupDm);
            }
            let installed = !self.guild(c.guild_id)?.user_install;
            return Some(Place::Guild {
                guild: c.guild_id,
                installed,
            });
        }
        self.dm_owner(channel).map(|_| Place::BotDm)
    }

    /// The user whose DM with the bot `channel` is.
    pub(crate) fn dm_owner(&self, channel: ChannelId) -> Option<UserId> {
        self.dm_channels
            .iter()
            .find(|(_, c)| **c == channel)
            .map(|(u, _)| *u)
    }

    /// Whether `user` sees `channel`: a group DM only its members, a DM with the bot only its
    /// user, a guild's channels everyone (every user is in every guild).
    pub(crate) fn can_see(&self, channel: ChannelId, user: UserId) -> bool {
        if let Some(c) = self.channel(channel) {
            return c.recipients.as_ref().is_none_or(|r| r.contains(&user));
        }
        self.dm_owner(channel).is_none_or(|owner| owner == user)
    }

    /// Why the bot may not use `channel`'s routes, if it may not: a group DM, or a channel (or
    /// thread) of a guild where only users installed the app.
    pub(crate) fn bot_not_in_channel(&self, channel: ChannelId) -> Option<String> {
        let c = self.channel(channel)?;
        if c.is_group_dm() {
            return Some(format!(
                "the bot is not in channel {channel}: it is the group DM {:?}, which only users \
                 who installed the app reach through interactions",
                c.name
            ));
        }
        self.bot_not_in_guild(c.guild_id)
            .map(|why| format!("the bot is not in channel {channel} ({:?}): {why}", c.name))
    }

    /// Why the bot may not use `guild`'s routes, if it may not: only users installed the app there.
    pub(crate) fn bot_not_in_guild(&self, guild: GuildId) -> Option<String> {
        let g = self.guild(guild)?;
        g.user_install.then(|| {
            format!(
                "the bot is not a member of guild {guild} ({:?}): only its users installed the app, \
                 not the server",
                g.name
            )
        })
    }

    /// The threads started in `channel`: id, name, archived.
    pub(crate) fn threads_of(&self, channel: ChannelId) -> Vec<(ChannelId, String, bool)> {
        self.channels
            .iter()
            .filter(|c| c.parent == Some(channel))
            .map(|c| (c.id, c.name.clone(), c.archived))
            .collect()
    }

    /// A moderator deletes thread `thread`, with its messages: it is no channel any more (the
    /// bot's requests there get 404 Unknown Channel), and THREAD_DELETE tells its guild. False if
    /// it is no thread.
    pub(crate) fn delete_thread(&mut self, thread: ChannelId) -> bool {
        let Some(i) = self.channel_position(thread) else {
            return false;
        };
        let Some(parent) = self.channels[i].parent else {
            return false;
        };
        let removed = self.channels.remove(i);
        self.index.channels = self
            .channels
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id, i))
            .rev()
            .collect();
        let ids: Vec<MessageId> = self.visible_iter(thread, None).map(|m| m.id).collect();
        for id in ids {
            if let Some(m) = self.message_mut(id) {
                m.deleted = true;
            }
        }
        self.deleted_threads.insert(thread);
        let deleted = serde_json::json!({
            "id": thread.to_string(),
            "guild_id": removed.guild_id.to_string(),
            "parent_id": parent.to_string(),
            "type": 11,
        });
        self.dispatch_to_guild(removed.guild_id, "THREAD_DELETE", deleted);
        true
    }

    /// A moderator locks thread `thread` (and closes it: archived too, as Discord's "Close and
    /// Lock"): the bot's messages there are refused with 400 Thread is archived (50083), and
    /// THREAD_UPDATE tells its guild. False if it is no thread.
    pub(crate) fn lock_thread(&mut self, thread: ChannelId) -> bool {
        let Some(i) = self.channel_position(thread) else {
            return false;
        };
        if self.channels[i].parent.is_none() {
            return false;
        }
        self.channels[i].locked = true;
        self.channels[i].archived = true;
        let updated = channel_json(&self.channels[i], i);
        let guild = self.channels[i].guild_id;
        self.dispatch_to_guild(guild, "THREAD_UPDATE", updated);
        true
    }

    /// A thread kept from an earlier stand-in ([`crate::StandinBuilder::threads`]), if its
    /// parent is a channel here.
    pub(crate) fn restore_thread(&mut self, t: &crate::Thread) {
        let Some(parent) = self.channel(t.parent).cloned() else {
            return;
        };
        if parent.parent.is_some() || self.channel(t.id).is_some() {
            return;
        }
        let id = self.add_thread(&parent, MessageId(t.id.get()), &t.name);
        if let Some(i) = self.channel_position(id) {
            self.channels[i].archived = t.archived;
            self.channels[i].locked = t.locked;
        }
    }

    /// A public thread started from `message` in its channel: as on Discord, its id is the
    /// message's.
    pub(crate) fn add_thread(
        &mut self,
        parent: &ChannelInfo,
        message: MessageId,
        name: &str,
    ) -> ChannelId {
        let id = ChannelId(message.get());
        self.index.channels.entry(id).or_insert(self.channels.len());
        self.channels.push(ChannelInfo {
            id,
            guild_id: parent.guild_id,
            name: name.into(),
            parent: Some(parent.id),
            archived: false,
            locked: false,
            recipients: None,
        });
        id
    }

    pub(crate) fn add_user(&mut self, name: &str, locale: &str) -> UserId {
        let id = UserId(self.next_id());
        self.index.users.entry(id).or_insert(self.users.len());
        self.users.push(UserInfo {
            id,
            name: name.into(),
            locale: locale.into(),
            bot: false,
            extra_permissions: 0,
        });
        id
    }

    /// The permissions (as Discord's decimal string) `u` has in a channel of an interaction.
    pub(crate) fn permissions_of(u: &UserInfo) -> String {
        let base: u64 = PERMISSIONS.parse().expect("a number");
        (base | u.extra_permissions).to_string()
    }

    pub(crate) fn user(&self, id: UserId) -> Option<&UserInfo> {
        if id == self.bot.id {
            return Some(&self.bot);
        }
        self.person(id)
    }

    /// A user who is not the bot.
    pub(crate) fn person(&self, id: UserId) -> Option<&UserInfo> {
        let u = self.users.get(*self.index.users.get(&id)?)?;
        debug_assert_eq!(u.id, id);
        Some(u)
    }

    /// A user who is not the bot, to change.
    pub(crate) fn person_mut(&mut self, id: UserId) -> Option<&mut UserInfo> {
        let i = *self.index.users.get(&id)?;
        self.users.get_mut(i)
    }

    pub(crate) fn channel(&self, id: ChannelId) -> Option<&ChannelInfo> {
        self.channel_position(id).map(|i| &self.channels[i])
    }

    /// The position of a channel in `channels`.
    pub(crate) fn channel_position(&self, id: ChannelId) -> Option<usize> {
        let i = *self.index.channels.get(&id)?;
        debug_assert_eq!(self.channels.get(i).map(|c| c.id), Some(id));
        Some(i)
    }

    pub(crate) fn guild(&self, id: GuildId) -> Option<&GuildInfo> {
        let g = self.guilds.get(*self.index.guilds.get(&id)?)?;
        debug_assert_eq!(g.id, id);
        Some(g)
    }

    pub(crate) fn message(&self, id: MessageId) -> Option<&Message> {
        self.message_arc(id).map(|m| &**m)
    }

    /// A message by id, to copy after the lock is released.
    pub(crate) fn message_arc(&self, id: MessageId) -> Option<&Arc<Message>> {
        let m = self.messages.get(*self.index.messages.get(&id)?)?;
        debug_assert_eq!(m.id, id);
        Some(m)
    }

    pub(crate) fn message_mut(&mut self, id: MessageId) -> Option<&mut Message> {
        let i = *self.index.messages.get(&id)?;
        self.messages.get_mut(i).map(Arc::make_mut)
    }

    /// Add a message (the only way messages are added, so that the indexes stay right).
    pub(crate) fn push_message(&mut self, m: Message) {
        let i = self.messages.len();
        self.index.messages.entry(m.id).or_insert(i);
        self.index
            .channel_messages
            .entry(m.channel_id)
            .or_default()
            .push(i);
        self.messages.push(Arc::new(m));
    }

    /// Every message of a channel (deleted and ephemeral ones too), in order.
    pub(crate) fn channel_messages(
        &self,
        channel: ChannelId,
    ) -> impl DoubleEndedIterator<Item = &Arc<Message>> {
        self.index
            .channel_messages
            .get(&channel)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|&i| &self.messages[i])
    }

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

    /// Send a guild's dispatch as Discord does: on the session(s) of the guild's shard, queued
    /// for a disconnected session until it resumes. Returns their shards.
    pub(crate) fn dispatch_to_guild(
        &mut self,
        guild: GuildId,
        event: &str,
        data: Value,
    ) -> Vec<[u32; 2]> {
        let event: Arc<str> = Arc::from(event);
        let data = Arc::new(data);
        let mut shards = Vec::new();
        for s in self
            .sessions
            .iter_mut()
            .filter(|s| !s.expired && s.covers(guild))
        {
            let seq = s.number_shared(Arc::clone(&event), Arc::clone(&data));
            if !self.keep_history {
                s.trim_log();
            }
            s.send(Out::Dispatch {
                seq,
                event: Arc::clone(&event),
                data: Arc::clone(&data),
            });
            shards.push(s.shard);
        }
        if self.keep_history {
            self.dispatched.push((event, data));
        }
        shards
    }

    /// Record a dispatch sent (not through [`dispatch_to_guild`](Self::dispatch_to_guild)).
    pub(crate) fn record_dispatch(&mut self, event: &str, data: Value) {
        if self.keep_history {
            self.dispatched.push((Arc::from(event), Arc::new(data)));
        }
    }

    /// Whether some identified session receives this guild's events now (connected).
    pub(crate) fn guild_connected(&self, guild: GuildId) -> bool {
        self.ready_count > 0 && self.sessions.iter().any(|s| s.is_live() && s.covers(guild))
    }

    /// Whether some session gets this guild's events, now or when it resumes.
    pub(crate) fn guild_reachable(&self, guild: GuildId) -> bool {
        self.ready_count > 0 && self.sessions.iter().any(|s| !s.expired && s.covers(guild))
    }

    /// The shards of the live sessions, in the order they identified.
    pub(crate) fn live_shards(&self) -> Vec<[u32; 2]> {
        self.sessions
            .iter()
            .filter(|s| s.is_live())
            .map(|s| s.shard)
            .collect()
    }

    /// Record a gateway event.
    pub(crate) fn gateway_event(&mut self, conn: u64, event: GatewayEvent) {
        self.gateway_log.push(GatewayRecord {
            at: Instant::now(),
            conn,
            event,
        });
    }

    /// Create a message from a message-create payload (content/embeds/components/flags).
    pub(crate) fn create_message(
        &mut self,
        channel_id: ChannelId,
        author: UserId,
        payload: &Value,
        visible_to: Option<UserId>,
        interaction: Option<InteractionId>,
        kind: u8,
    ) -> MessageId {
        let id = MessageId(self.next_id());
        let guild_id = self
            .channel(channel_id)
            .map(|c| c.guild_id)
            .unwrap_or(GuildId(0));
        let mut state = MessageState {
            content: String::new(),
            embeds: Vec::new(),
            components: Vec::new(),
            flags: 0,
            attachments: Vec::new(),
        };
        apply_edit(&mut state, payload);
        if visible_to.is_some() {
            state.flags |= EPHEMERAL;
        } else {
            state.flags &= !EPHEMERAL;
        }
        let by_bot = author == self.bot.id;
        let used = interaction
            .and_then(|i| self.interaction(i))
            .and_then(|i| match &i.kind {
                InteractionKind::Command { path } => Some(Used {
                    user: i.user,
                    command: path.clone(),
                }),
                InteractionKind::Component { .. } => None,
            });
        self.push_message(Message {
            id,
            channel_id,
            guild_id,
            author,
            by_bot,
            state,
            history: Vec::new(),
            visible_to,
            interaction,
            used,
            kind,
            loading: false,
            deleted: false,
            edited_ms: None,
        });
        id
    }

    /// Apply a PATCH-style edit (only the fields present change) and keep the old state.
    pub(crate) fn edit_message(&mut self, id: MessageId, payload: &Value) {
        let keep_history = self.keep_history;
        if let Some(m) = self.message_mut(id) {
            let was_loading = m.loading;
            let ephemeral = m.state.flags & EPHEMERAL;
            if was_loading {
                apply_edit(&mut m.state, payload);
            } else {
                // The old state goes to the history as it is; only what the edit leaves
                // unchanged is copied.
                let new = edited(&m.state, payload);
                let old = std::mem::replace(&mut m.state, new);
                if keep_history {
                    m.history.push(old);
                }
                m.edited_ms = Some(now_ms());
            }
            m.state.flags = (m.state.flags & !EPHEMERAL) | ephemeral;
            m.loading = false;
        }
    }

    /// The attachments a message has after a create (`existing` empty) or an edit that sends
    /// `payload` and `files`, as Discord's edit semantics say: with an `attachments` list, each
    /// entry is a new file (its `files[id]` part) or keeps the existing attachment of that id, and
    /// the others are dropped; without one, the existing attachments stay and the files are added.
    /// `None`: nothing changes. `Err((pointer, why))`: an entry that is neither.
    pub(crate) fn attachments_after(
        &mut self,
        existing: &[Attachment],
        payload: &Value,
        files: &[FilePart],
    ) -> Result<Option<Vec<Attachment>>, (String, String)> {
        let entries = payload.get("attachments").and_then(Value::as_array);
        if entries.is_none() && files.is_empty() {
            return Ok(None);
        }
        let mut out = Vec::new();
        let mut used = vec![false; files.len()];
        match entries {
            Some(entries) => {
                for (i, entry) in entries.iter().enumerate() {
                    let id = crate::limits::attachment_entry_id(entry);
                    let part = files
                        .iter()
                        .position(|f| f.index().is_some() && f.index() == id);
                    if let Some(p) = part {
                        used[p] = true;
                        out.push(self.new_attachment(&files[p], Some(entry)));
                    } else if let Some(kept) = existing.iter().find(|a| Some(a.id) == id) {
                        out.push(kept.clone());
                    } else {
                        return Err((
                            format!("/attachments/{i}/id"),
                            format!(
                                "attachments entry {i} (id {}) is neither a file sent (a files[id] \
                                 part) nor an attachment the message has",
                                entry.get("id").unwrap_or(&Value::Null)
                            ),
                        ));
                    }
                }
            }
            None => out.extend(existing.iter().cloned()),
        }
        // Files without an entry (a violation of their own) are attached as Discord attaches them.
        for (p, file) in files.iter().enumerate() {
            if !used[p] {
                out.push(self.new_attachment(file, None));
            }
        }
        Ok(Some(out))
    }

    fn new_attachment(&mut self, file: &FilePart, entry: Option<&Value>) -> Attachment {
        let text = |key: &str| {
            entry
                .and_then(|e| e.get(key))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let filename = text("filename")
            .or_else(|| file.filename.clone())
            .unwrap_or_else(|| "unknown".into());
        let content_type = crate::limits::image_type(&filename)
            .map(str::to_owned)
            .or_else(|| file.content_type.clone())
            .unwrap_or_else(|| "application/octet-stream".into());
        Attachment {
            id: self.next_id(),
            description: text("description"),
            dimensions: crate::limits::image_dimensions(&file.bytes),
            filename,
            content_type,
            bytes: Arc::new(file.bytes.to_vec()),
        }
    }

    /// The attachment `id` of a message of `channel` (in its current state or an earlier one).
    pub(crate) fn attachment_file(&self, channel: ChannelId, id: u64) -> Option<Attachment> {
        self.channel_messages(channel).find_map(|m| {
            let states = m.history.iter().chain(std::iter::once(&m.state));
            states
                .flat_map(|s| &s.attachments)
                .find(|a| a.id == id)
                .cloned()
        })
    }

    /// Point the embeds of the messages kept from an earlier stand-in at this one's attachments
    /// (their URLs named the earlier one's REST server).
    pub(crate) fn rebase_attachment_urls(&mut self) {
        let base = self.rest_url.clone();
        for m in &mut self.messages {
            let channel = m.channel_id;
            let m = Arc::make_mut(m);
            for state in m.history.iter_mut().chain(std::iter::once(&mut m.state)) {
                let paths: Vec<String> =
                    state.attachments.iter().map(|a| a.path(channel)).collect();
                for embed in &mut state.embeds {
                    for at in EMBED_IMAGE_URLS {
                        let Some(url) = embed.pointer_mut(at) else {
                            continue;
                        };
                        let path = url.as_str().and_then(|u| {
                            let rest = u.strip_prefix("http://")?;
                            Some(&rest[rest.find('/')?..])
                        });
                        if let Some(path) = path.filter(|p| paths.iter().any(|q| q == p)) {
                            *url = json!(format!("{base}{path}"));
                        }
                    }
                }
            }
        }
    }

    /// Give message `id` these attachments (if `Some`), and point its embeds' `attachment://name`
    /// images at them, as Discord does.
    pub(crate) fn attach(&mut self, id: MessageId, attachments: Option<Vec<Attachment>>) {
        let base = self.rest_url.clone();
        if let Some(m) = self.message_mut(id) {
            if let Some(attachments) = attachments {
                m.state.attachments = attachments;
            }
            let channel = m.channel_id;
            let state = &mut m.state;
            for embed in &mut state.embeds {
                for at in EMBED_IMAGE_URLS {
                    let Some(url) = embed.pointer_mut(at) else {
                        continue;
                    };
                    let Some(name) = url.as_str().and_then(|u| u.strip_prefix("attachment://"))
                    else {
                        continue;
                    };
                    if let Some(a) = state.attachments.iter().find(|a| a.filename == name) {
                        *url = json!(format!("{base}{}", a.path(channel)));
                    }
                }
            }
        }
    }

    /// Full Discord message object for `id`.
    pub(crate) fn message_json(&self, id: MessageId) -> Value {
        let Some(m) = self.message(id) else {
            return Value::Null;
        };
        let author = self
            .user(m.author)
            .map(user_json)
            .unwrap_or_else(|| json!({"id": m.author.to_string(), "username": "unknown"}));
        let embeds: Vec<Value> = m
            .state
            .embeds
            .iter()
            .map(|e| {
                let mut e = e.clone();
                if let Some(obj) = e.as_object_mut() {
                    obj.entry("type").or_insert_with(|| json!("rich"));
                }
                e
            })
            .collect();
        let mut flags = m.state.flags;
        if m.loading {
            flags |= 1 << 7; // LOADING
        }
        // `json!` copies the values it is given (by serializing them): the JSON ones are moved
        // in after.
        let mut v = json!({
            "id": m.id.to_string(),
            "channel_id": m.channel_id.to_string(),
            "content": m.state.content,
            "timestamp": rfc3339(snowflake_ms(m.id.get())),
            "edited_timestamp": m.edited_ms.map(rfc3339),
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "pinned": false,
            "type": m.kind,
            "flags": flags,
        });
        if let Some(obj) = v.as_object_mut() {
            obj.insert("author".into(), author);
            obj.insert("embeds".into(), Value::Array(embeds));
            let attachments = m.state.attachments.iter();
            let base = &self.rest_url;
            let attachments = attachments.map(|a| attachment_json(base, m.channel_id, a));
            obj.insert("attachments".into(), attachments.collect());
            obj.insert(
                "components".into(),
                Value::Array(m.state.components.clone()),
            );
        }
        if let Some(nonce) = self.nonce_of.get(&id) {
            v["nonce"] = nonce.clone();
        }
        if m.interaction.is_some() {
            v["webhook_id"] = json!(self.application_id.to_string());
            v["application_id"] = json!(self.application_id.to_string());
        }
        v
    }

    /// Every message a given user sees in a channel, in order (public plus their ephemerals).
    pub(crate) fn visible(&self, channel: ChannelId, user: Option<UserId>) -> Vec<Message> {
        self.visible_iter(channel, user).cloned().collect()
    }

    /// [`visible`](Self::visible) without copying the messages.
    pub(crate) fn visible_iter(
        &self,
        channel: ChannelId,
        user: Option<UserId>,
    ) -> impl DoubleEndedIterator<Item = &Message> {
        self.visible_arcs(channel, user).map(|m| &**m)
    }

    /// [`visible`](Self::visible), to copy after the lock is released.
    ///
    /// A user who is not in the channel (a group DM, another user's DM with the bot) sees nothing.
    pub(crate) fn visible_arcs(
        &self,
        channel: ChannelId,
        user: Option<UserId>,
    ) -> impl DoubleEndedIterator<Item = &Arc<Message>> {
        let member = user.is_none_or(|u| self.can_see(channel, u));
        self.channel_messages(channel).filter(move |m| {
            member && !m.deleted && (m.visible_to.is_none() || m.visible_to == user)
        })
    }

    /// Register (upsert) a command as Discord would return it.
    pub(crate) fn upsert_command(&mut self, guild: Option<GuildId>, cmd: &Value) -> Value {
        let name = cmd
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let kind = cmd.get("type").and_then(Value::as_u64).unwrap_or(1);
        let guild_str = guild.map(|g| g.to_string());
        let existing = self.commands.iter().position(|c| {
            c.get("name").and_then(Value::as_str) == Some(name.as_str())
                && c.get("type").and_then(Value::as_u64) == Some(kind)
                && c.get("guild_id").and_then(Value::as_str) == guild_str.as_deref()
        });
        let id = match existing {
            Some(i) => self.commands[i]["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            None => CommandId(self.next_id()).to_string(),
        };
        let version = self.next_id().to_string();
        let mut full = Map::new();
        full.insert("id".into(), json!(id));
        full.insert(
            "application_id".into(),
            json!(self.application_id.to_string()),
        );
        full.insert("version".into(), json!(version));
        full.insert("type".into(), json!(kind));
        full.insert("name".into(), json!(name));
        full.insert("description".into(), json!(""));
        full.insert("default_member_permissions".into(), Value::Null);
        full.insert("nsfw".into(), json!(false));
        full.insert("integration_types".into(), json!([0]));
        full.insert("contexts".into(), Value::Null);
        if let Some(obj) = cmd.as_object() {
            for (k, v) in obj {
                if !matches!(k.as_str(), "id" | "application_id" | "version" | "guild_id") {
                    full.insert(k.clone(), v.clone());
                }
            }
        }
        if let Some(g) = guild_str {
            full.insert("guild_id".into(), json!(g));
        }
        let full = Value::Object(full);
        match existing {
            Some(i) => self.commands[i] = full.clone(),
            None => self.commands.push(full.clone()),
        }
        full
    }

    /// Replace all commands of one scope (global or a guild).
    pub(crate) fn replace_commands(&mut self, guild: Option<GuildId>, cmds: &[Value]) -> Value {
        let guild_str = guild.map(|g| g.to_string());
        let names: Vec<&str> = cmds.iter().filter_map(|c| c["name"].as_str()).collect();
        self.commands.retain(|c| {
            c.get("guild_id").and_then(Value::as_str) != guild_str.as_deref()
                || names.contains(&c["name"].as_str().unwrap_or_default())
        });
        Value::Array(cmds.iter().map(|c| self.upsert_command(guild, c)).collect())
    }

    pub(crate) fn commands_in(&self, guild: Option<GuildId>) -> Vec<Value> {
        let guild_str = guild.map(|g| g.to_string());
        self.commands
            .iter()
            .filter(|c| c.get("guild_id").and_then(Value::as_str) == guild_str.as_deref())
            .cloned()
            .collect()
    }
}

/// Where an embed names an image (which may be `attachment://name`).
pub(crate) const EMBED_IMAGE_URLS: [&str; 4] = [
    "/image/url",
    "/thumbnail/url",
    "/author/icon_url",
    "/footer/icon_url",
];

/// An attachment object as Discord returns it, its URLs under `base` (the REST server).
pub(crate) fn attachment_json(base: &str, channel: ChannelId, a: &Attachment) -> Value {
    let url = format!("{base}{}", a.path(channel));
    let mut v = json!({
        "id": a.id.to_string(),
        "filename": a.filename,
        "size": a.size(),
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    });
    if let Some(d) = &a.description {
        v["description"] = json!(d);
    }
    if let Some((width, height)) = a.dimensions {
        v["width"] = json!(width);
        v["height"] = json!(height);
    }
    v
}

/// Apply the message fields present in `payload` to `state`.
fn apply_edit(state: &mut MessageState, payload: &Value) {
    let Some(obj) = payload.as_object() else {
        return;
    };
    if let Some(c) = obj.get("content") {
        state.content = c.as_str().unwrap_or_default().to_owned();
    }
    if let Some(e) = obj.get("embeds") {
        state.embeds = e.as_array().cloned().unwrap_or_default();
    }
    if let Some(c) = obj.get("components") {
        state.components = c.as_array().cloned().unwrap_or_default();
    }
    if let Some(f) = obj.get("flags") {
        state.flags = f.as_u64().unwrap_or(0);
    }
}

/// `state` after a PATCH-style edit with `payload` (what [`apply_edit`] makes of a copy of it,
/// without copying the fields the edit replaces).
fn edited(state: &MessageState, payload: &Value) -> MessageState {
    let Some(obj) = payload.as_object() else {
        return state.clone();
    };
    MessageState {
        content: match obj.get("content") {
            Some(c) => c.as_str().unwrap_or_default().to_owned(),
            None => state.content.clone(),
        },
        embeds: match obj.get("embeds") {
            Some(e) => e.as_array().cloned().unwrap_or_default(),
            None => state.embeds.clone(),
        },
        components: match obj.get("components") {
            Some(c) => c.as_array().cloned().unwrap_or_default(),
            None => state.components.clone(),
        },
        flags: match obj.get("flags") {
            Some(f) => f.as_u64().unwrap_or(0),
            None => state.flags,
        },
        attachments: state.attachments.clone(),
    }
}

/// A user object.
pub(crate) fn user_json(u: &UserInfo) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": if u.bot { Value::Null } else { json!(u.name) },
        "avatar": null,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
    })
}

/// A guild member object for `u` (with `user`).
pub(crate) fn member_json(u: &UserInfo, permissions: bool) -> Value {
    let mut m = json!({
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": rfc3339(snowflake_ms(u.id.get())),
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
    });
    // Moved in rather than given to `json!`, which would copy it.
    m["user"] = user_json(u);
    if permissions {
        m["permissions"] = json!(World::permissions_of(u));
    }
    m
}

/// A guild text channel object.
pub(crate) fn channel_json(c: &ChannelInfo, position: usize) -> Value {
    if let Some(parent) = c.parent {
        return thread_json(c, parent);
    }
    json!({
        "id": c.id.to_string(),
        "type": 0,
        "guild_id": c.guild_id.to_string(),
        "name": c.name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "parent_id": null,
        "flags": 0,
    })
}

/// A public thread (type 11) as Discord describes it, with its `thread_metadata`.
pub(crate) fn thread_json(c: &ChannelInfo, parent: ChannelId) -> Value {
    json!({
        "id": c.id.to_string(),
        "type": 11,
        "guild_id": c.guild_id.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": null,
        "name": c.name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": c.archived,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00.000000+00:00",
            "locked": c.locked,
        },
    })
}

/// The full guild object sent with GUILD_CREATE.
pub(crate) fn guild_create_json(w: &World, g: &GuildInfo) -> Value {
    let channels: Vec<Value> = w
        .channels
        .iter()
        .filter(|c| c.guild_id == g.id && c.parent.is_none())
        .enumerate()
        .map(|(i, c)| channel_json(c, i))
        .collect();
    // Threads come apart from channels, the active ones only.
    let threads: Vec<Value> = w
        .channels
        .iter()
        .filter(|c| c.guild_id == g.id && !c.archived)
        .filter_map(|c| Some(thread_json(c, c.parent?)))
        .collect();
    let mut members: Vec<Value> = w.users.iter().map(|u| member_json(u, false)).collect();
    members.push(member_json(&w.bot, false));
    let everyone = json!({
        "id": g.id.to_string(),
        "name": "@everyone",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 0,
        "permissions": PERMISSIONS,
        "managed": false,
        "mentionable": false,
        "flags": 0,
    });
    json!({
        "id": g.id.to_string(),
        "name": g.name,
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": g.owner.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [everyone],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.locale,
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "joined_at": rfc3339(snowflake_ms(g.id.get())),
        "large": false,
        "unavailable": false,
        "member_count": members.len(),
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session {
            id: "s".into(),
            shard: [0, 1],
            conn: None,
            seq: 0,
            log: VecDeque::new(),
            expired: false,
            acks_withheld: false,
        }
    }

    #[test]
    fn a_trimmed_replay_log_refuses_a_resume_from_before_it() {
        let mut s = session();
        let event: Arc<str> = Arc::from("MESSAGE_CREATE");
        let data = Arc::new(json!({}));
        for _ in 0..REPLAYABLE {
            s.number_shared(event.clone(), data.clone());
            s.trim_log();
        }
        assert!(s.can_resume_from(0), "all kept so far");
        for _ in 0..3 {
            s.number_shared(event.clone(), data.clone());
            s.trim_log();
        }
        let seq = s.seq;
        assert_eq!(s.log.len(), REPLAYABLE);
        assert_eq!(s.log[0].0, seq - REPLAYABLE as u64 + 1);
        assert!(
            s.can_resume_from(seq - REPLAYABLE as u64),
            "every later one is kept"
        );
        assert!(
            !s.can_resume_from(seq - REPLAYABLE as u64 - 1),
            "one is gone"
        );
        assert!(s.can_resume_from(seq));
        assert!(
            !s.can_resume_from(seq + 1),
            "a seq the session never reached"
        );
    }
}
