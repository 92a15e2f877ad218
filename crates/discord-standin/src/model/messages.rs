//! Messages: what each is (content, embeds, components, who sees it, its earlier states), how the
//! bot creates and edits them, what each person sees in a channel, and the message object.

use std::sync::Arc;

use serde_json::{json, Value};

use super::{attachment_json, user_json, Attachment, InteractionKind, World};
use crate::ids::{
    now_ms, rfc3339, snowflake_ms, ChannelId, GuildId, InteractionId, MessageId, UserId,
};
use crate::limits::EPHEMERAL;

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

impl World {
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
