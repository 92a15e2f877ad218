//! The people (and the bot): who they are, their permissions, and how they appear as a user
//! and as a guild member.

use serde_json::{json, Value};

use super::{World, PERMISSIONS};
use crate::ids::{rfc3339, snowflake_ms, UserId};

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

impl World {
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
