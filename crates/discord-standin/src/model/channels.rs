//! Channels: a guild's text channels and their public threads, each user's DM with the bot, group
//! DMs; where each is (the [`Place`] an interaction happens in), who sees it, and the channel
//! object.

use serde_json::{json, Value};

use super::World;
use crate::ids::{ChannelId, GuildId, MessageId, UserId};

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

impl World {
    /// `user`'s DM channel with the bot (made on first use; it belongs to no guild).
    pub(crate) fn dm_channel(&mut self, user: UserId) -> ChannelId {
        if let Some(c) = self.dm_channels.get(&user) {
            return *c;
        }
        let c = ChannelId(self.next_id());
        self.dm_channels.insert(user, c);
        c
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
    pub(crate) fn channel(&self, id: ChannelId) -> Option<&ChannelInfo> {
        self.channel_position(id).map(|i| &self.channels[i])
    }
    /// The position of a channel in `channels`.
    pub(crate) fn channel_position(&self, id: ChannelId) -> Option<usize> {
        let i = *self.index.channels.get(&id)?;
        debug_assert_eq!(self.channels.get(i).map(|c| c.id), Some(id));
        Some(i)
    }
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
