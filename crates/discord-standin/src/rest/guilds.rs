//! `/guilds/...`: a guild, its channels, and its members.

use serde_json::{json, Value};

use super::{unsupported, Call, Reply};
use crate::ids::{GuildId, UserId};
use crate::model::{channel_json, guild_create_json, member_json, World};

/// Serve a `/guilds/{guild_id}...` route.
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    match (call.method, template) {
        ("GET", "/guilds/{guild_id}") => match w.guild(GuildId(call.param_id(0))) {
            Some(g) => Reply::ok(guild_create_json(w, g)),
            None => call.refuse(404, 10004, "Unknown Guild", "no such guild".into()),
        },
        ("GET", "/guilds/{guild_id}/channels") => {
            let g = GuildId(call.param_id(0));
            let list: Vec<Value> = w
                .channels
                .iter()
                .filter(|c| c.guild_id == g)
                .enumerate()
                .map(|(i, c)| channel_json(c, i))
                .collect();
            Reply::ok(Value::Array(list))
        }
        ("GET", "/guilds/{guild_id}/members/{user_id}") => match w.user(UserId(call.param_id(1))) {
            Some(u) => {
                let mut m = member_json(u, false);
                m["guild_id"] = json!(call.param_id(0).to_string());
                Reply::ok(m)
            }
            None => call.refuse(404, 10007, "Unknown Member", "no such member".into()),
        },
        _ => unsupported(call, template),
    }
}
