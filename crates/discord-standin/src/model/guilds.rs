//! Guilds: the bot's servers (and servers where only users installed the app), and the guild
//! object (GUILD_CREATE, `GET /guilds/{id}`).

use serde_json::{json, Value};

use super::{channel_json, member_json, thread_json, World, PERMISSIONS};
use crate::ids::{rfc3339, snowflake_ms, GuildId, UserId};

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

impl World {
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
    pub(crate) fn guild(&self, id: GuildId) -> Option<&GuildInfo> {
        let g = self.guilds.get(*self.index.guilds.get(&id)?)?;
        debug_assert_eq!(g.id, id);
        Some(g)
    }
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
