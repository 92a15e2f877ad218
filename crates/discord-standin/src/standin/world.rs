//! The world a test sets up and changes: guilds, channels, threads, DMs and users, the clock, and
//! what moderators do (threads deleted and locked, permissions taken, the bot removed).

use super::Standin;
use crate::model;
use crate::{ChannelId, Clock, GuildId, GuildInfo, Thread, UserId, UserInfo};

impl Standin {
    /// The (first) guild's id.
    pub fn guild_id(&self) -> GuildId {
        self.shared.read(|w| w.guilds[0].id)
    }

    /// Every guild, the first one first.
    pub fn guilds(&self) -> Vec<GuildInfo> {
        self.shared.read(|w| w.guilds.clone())
    }

    /// The guild with this name. Panics if there is none.
    pub fn guild(&self, name: &str) -> GuildId {
        self.shared
            .read(|w| w.guilds.iter().find(|g| g.name == name).map(|g| g.id))
            .unwrap_or_else(|| panic!("the stand-in has no guild {name:?}"))
    }

    /// The number of shards `GET /gateway/bot` recommends.
    pub fn shard_count(&self) -> u32 {
        self.shared.read(|w| w.shard_count)
    }

    /// The channel named `name` in `guild`. Panics if there is none.
    pub fn channel_in(&self, guild: GuildId, name: &str) -> ChannelId {
        self.shared
            .read(|w| {
                w.channels
                    .iter()
                    .find(|c| c.guild_id == guild && c.name == name)
                    .map(|c| c.id)
            })
            .unwrap_or_else(|| panic!("guild {guild} has no channel {name:?}"))
    }

    /// The default (first) channel's id.
    pub fn channel_id(&self) -> ChannelId {
        self.shared.read(|w| w.channels[0].id)
    }

    /// The channel with this name. Panics if there is none.
    pub fn channel(&self, name: &str) -> ChannelId {
        self.shared
            .read(|w| w.channels.iter().find(|c| c.name == name).map(|c| c.id))
            .unwrap_or_else(|| panic!("the stand-in has no channel {name:?}"))
    }

    /// The first channel of `guild`. Panics if it has none.
    pub fn first_channel_of(&self, guild: GuildId) -> ChannelId {
        self.shared
            .read(|w| {
                w.channels
                    .iter()
                    .find(|c| c.guild_id == guild)
                    .map(|c| c.id)
            })
            .unwrap_or_else(|| panic!("guild {guild} has no channel"))
    }

    /// The user with this name. Panics if there is none.
    pub fn user(&self, name: &str) -> UserId {
        self.shared
            .read(|w| w.users.iter().find(|u| u.name == name).map(|u| u.id))
            .unwrap_or_else(|| panic!("the stand-in has no user {name:?}"))
    }

    /// All users (not the bot).
    pub fn users(&self) -> Vec<UserInfo> {
        self.shared.read(|w| w.users.clone())
    }

    /// Add a user to every guild. Members added after the bot connected aren't announced on the
    /// gateway, but interactions by them work.
    pub fn add_user(&self, name: &str, locale: &str) -> UserId {
        self.shared.with(|w| w.add_user(name, locale))
    }

    /// Set the client locale `user`'s interactions carry from now on (`locale`, e.g. `fr`).
    pub fn set_locale(&self, user: UserId, locale: &str) {
        self.shared.with(|w| {
            if let Some(u) = w.person_mut(user) {
                u.locale = locale.into();
            }
        })
    }

    /// Give `user` extra permissions (a bit set, e.g. `1 << 13` for MANAGE_MESSAGES) in the
    /// interactions they send from now on.
    pub fn grant(&self, user: UserId, permissions: u64) {
        self.shared.with(|w| {
            if let Some(u) = w.person_mut(user) {
                u.extra_permissions |= permissions;
            }
        })
    }

    /// The bot may not start threads in `channel` from now on, as when its role lacks Create
    /// Public Threads there: starting one is refused with 403 Missing Permissions.
    pub fn deny_threads(&self, channel: ChannelId) {
        self.shared.with(|w| {
            w.threads_denied.insert(channel);
        })
    }

    /// The threads started in `channel` (public threads, type 11), oldest first, with whether
    /// each is archived.
    pub fn threads_of(&self, channel: ChannelId) -> Vec<(ChannelId, String, bool)> {
        self.shared.read(|w| w.threads_of(channel))
    }

    /// The bot may not post in `channel` from now on, as when its role lost Send Messages there:
    /// its message creates are refused with 403 Missing Permissions (50013); it may still edit
    /// its messages, and interactions are answered as ever. Those refusals are no violation:
    /// they are in [`faults_fired`](Self::faults_fired) as [`FaultKind::PostsDenied`](crate::FaultKind::PostsDenied).
    pub fn deny_posts(&self, channel: ChannelId) {
        self.shared.with(|w| {
            w.posts_denied.insert(channel);
        })
    }

    /// The bot may no longer see `channel` (a channel or a thread) from now on, as when its role
    /// lost View Channel there: every request of its there is refused with 403 Missing Access
    /// (50001). Those refusals are no violation: they are in
    /// [`faults_fired`](Self::faults_fired) as [`FaultKind::AccessDenied`](crate::FaultKind::AccessDenied).
    pub fn deny_access(&self, channel: ChannelId) {
        self.shared.with(|w| {
            w.access_denied.insert(channel);
        })
    }

    /// A moderator deletes `thread` (a public thread), with its messages, as on Discord: the
    /// guild gets THREAD_DELETE (`id`, `guild_id`, `parent_id`, `type`), and from then on every
    /// request of the bot's to the thread is answered 404 Unknown Channel (10003). Those
    /// answers are no violation of the bot's: they are in [`faults_fired`](Self::faults_fired)
    /// as [`FaultKind::UnknownChannel`](crate::FaultKind::UnknownChannel). Panics if `thread` is no thread.
    pub fn delete_thread(&self, thread: ChannelId) {
        let deleted = self.shared.with(|w| w.delete_thread(thread));
        assert!(deleted, "{thread} is no thread");
    }

    /// A moderator locks `thread` and closes it (Discord's "Close and Lock": `locked` and
    /// `archived`): the guild gets THREAD_UPDATE with its `thread_metadata`, and from then on the
    /// bot's posts, edits and changes there are refused with 400 Thread is archived (50083), as
    /// Discord refuses a bot that may not reopen it; reads still work. Those answers are no
    /// violation: they are in [`faults_fired`](Self::faults_fired) as
    /// [`FaultKind::ThreadLocked`](crate::FaultKind::ThreadLocked). Panics if `thread` is no thread.
    pub fn lock_thread(&self, thread: ChannelId) {
        let locked = self.shared.with(|w| w.lock_thread(thread));
        assert!(locked, "{thread} is no thread");
    }

    /// The threads that outlast a restart of the client, to give a later stand-in
    /// ([`StandinBuilder::threads`](crate::StandinBuilder::threads)) with the messages: every thread not deleted, archived and
    /// locked as it is.
    pub fn lasting_threads(&self) -> Vec<Thread> {
        self.shared.read(|w| {
            w.channels
                .iter()
                .filter_map(|c| {
                    Some(Thread {
                        id: c.id,
                        parent: c.parent?,
                        name: c.name.clone(),
                        archived: c.archived,
                        locked: c.locked,
                    })
                })
                .collect()
        })
    }

    /// A server (with these text channels) where every user installed the app to their account
    /// but the server did not install it: every user is a member (with the usual member
    /// permissions), the bot is not. It gets no GUILD_CREATE; interactions there have `guild_id`
    /// and `member`, `context` 0, `authorizing_integration_owners` `{"1": user}` only and
    /// [`USER_INSTALL_APP_PERMISSIONS`](crate::USER_INSTALL_APP_PERMISSIONS); the bot's requests to its channels or to `/guilds/{id}`
    /// get 403 Missing Access (50001), a violation. [`channel_in`](Self::channel_in) finds its
    /// channels.
    pub fn add_user_install_guild(&self, name: &str, channels: &[&str]) -> GuildId {
        let channels: Vec<String> = channels.iter().map(|c| (*c).to_owned()).collect();
        self.shared
            .with(|w| w.add_user_install_guild(name, &channels))
    }

    /// A group DM (channel type 3, in no guild) of `members`; the bot is not in it. Only its
    /// members see its messages ([`seen_by`](Self::seen_by), the web page) and act in it;
    /// interactions there have `context` 2, no `guild_id`, no `member`, the user as `user`,
    /// `authorizing_integration_owners` `{"1": user}` and [`USER_INSTALL_APP_PERMISSIONS`](crate::USER_INSTALL_APP_PERMISSIONS); the
    /// bot's requests to `/channels/{id}` get 403 Missing Access (50001), a violation.
    pub fn add_group_dm(&self, name: &str, members: &[UserId]) -> ChannelId {
        self.shared.with(|w| w.add_group_dm(name, members))
    }

    /// The group DM with this name. Panics if there is none.
    pub fn group_dm(&self, name: &str) -> ChannelId {
        self.shared
            .read(|w| {
                w.channels
                    .iter()
                    .find(|c| c.is_group_dm() && c.name == name)
                    .map(|c| c.id)
            })
            .unwrap_or_else(|| panic!("the stand-in has no group DM {name:?}"))
    }

    /// The stand-in's clock (shared: every clone moves with it). Interaction tokens expire
    /// [`INTERACTION_TOKEN_LIFETIME`](crate::INTERACTION_TOKEN_LIFETIME) after their interaction on it; `clock().advance(d)` lets a
    /// test see that without waiting.
    pub fn clock(&self) -> Clock {
        self.shared.read(|w| w.clock.clone())
    }

    /// Add a text channel to the first guild.
    pub fn add_channel(&self, name: &str) -> ChannelId {
        self.shared.with(|w| {
            let g = w.guilds[0].id;
            w.add_channel(g, name)
        })
    }

    /// The bot is removed from `guild` (kicked, or the server deleted): Discord's GUILD_DELETE
    /// without `unavailable` (an outage would set it), on the session(s) of the guild's shard
    /// (none while the bot is offline); from then on READY does not list the guild.
    pub fn remove_bot_from(&self, guild: GuildId) {
        self.shared.with(|w| {
            w.bot_removed.insert(guild);
            w.dispatch_to_guild(
                guild,
                "GUILD_DELETE",
                serde_json::json!({ "id": guild.to_string() }),
            );
        })
    }

    /// The bot is added to `guild` again: GUILD_CREATE, as after IDENTIFY.
    pub fn add_bot_to(&self, guild: GuildId) {
        self.shared.with(|w| {
            w.bot_removed.remove(&guild);
            let Some(g) = w.guilds.iter().find(|g| g.id == guild).cloned() else {
                return;
            };
            let data = model::guild_create_json(w, &g);
            w.dispatch_to_guild(guild, "GUILD_CREATE", data);
        })
    }

    /// `user`'s DM channel with the bot, where [`RawInteraction::in_dm`](crate::RawInteraction::in_dm) interactions (and
    /// [`run_slash`](Self::run_slash) given this channel: `context` 1) come from and their answers
    /// go (made on first use; it is in no guild).
    pub fn dm_channel(&self, user: UserId) -> ChannelId {
        self.shared.with(|w| w.dm_channel(user))
    }
}
