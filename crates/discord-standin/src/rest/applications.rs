//! `/applications/...` (and `/oauth2/applications/@me`): the application, and its commands,
//! global and per guild. Its emoji are `emoji`'s.

use serde_json::{json, Value};

use super::{unsupported, wrong_application, Call, Reply};
use crate::ids::GuildId;
use crate::model::{user_json, World};

/// Serve an `/applications/...` route (but its emoji's).
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    match (call.method, template) {
        ("GET", "/oauth2/applications/@me" | "/applications/@me") => Reply::ok(application_json(w)),
        (_, "/applications/{application_id}/commands")
        | (_, "/applications/{application_id}/guilds/{guild_id}/commands") => {
            commands(w, template, call)
        }
        (_, "/applications/{application_id}/commands/{command_id}")
        | (_, "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}") => {
            command(w, template, call)
        }
        _ => unsupported(call, template),
    }
}

/// `/applications/{id}[/guilds/{guild_id}]/commands`: list, replace (`PUT`) or create the
/// global or the guild's commands.
fn commands(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    let method = call.method;
    if call.param_id(0) != w.application_id {
        return wrong_application(call, w.application_id);
    }
    let guild = (call.params.len() > 1).then(|| GuildId(call.param_id(1)));
    match method {
        "GET" => Reply::ok(Value::Array(w.commands_in(guild))),
        "PUT" => {
            let cmds = call.body.as_array().cloned().unwrap_or_default();
            Reply::ok(w.replace_commands(guild, &cmds))
        }
        "POST" => {
            let body = call.body.clone();
            Reply::created(w.upsert_command(guild, &body))
        }
        _ => unsupported(call, template),
    }
}

/// `/applications/{id}[/guilds/{guild_id}]/commands/{command_id}`: get, edit or delete a command.
fn command(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    let method = call.method;
    if call.param_id(0) != w.application_id {
        return wrong_application(call, w.application_id);
    }
    let id = call.params.last().cloned().unwrap_or_default();
    let Some(i) = w
        .commands
        .iter()
        .position(|c| c["id"].as_str() == Some(id.as_str()))
    else {
        return call.refuse(
            404,
            10063,
            "Unknown application command",
            "no such command".into(),
        );
    };
    match method {
        "GET" => Reply::ok(w.commands[i].clone()),
        "DELETE" => {
            w.commands.remove(i);
            Reply::no_content()
        }
        "PATCH" => {
            let mut merged = w.commands[i].clone();
            if let (Some(m), Some(patch)) = (merged.as_object_mut(), call.body.as_object()) {
                m.extend(patch.clone());
            }
            let guild = merged["guild_id"]
                .as_str()
                .and_then(|g| g.parse().ok())
                .map(GuildId);
            Reply::ok(w.upsert_command(guild, &merged))
        }
        _ => unsupported(call, template),
    }
}

/// The application object (`GET /oauth2/applications/@me`).
fn application_json(w: &World) -> Value {
    let owner = w
        .users
        .first()
        .map(user_json)
        .unwrap_or_else(|| user_json(&w.bot));
    json!({
        "id": w.application_id.to_string(),
        "name": w.bot.name,
        "icon": null,
        "description": "A bot under test",
        "rpc_origins": [],
        "bot_public": false,
        "bot_require_code_grant": false,
        "bot": user_json(&w.bot),
        "owner": owner,
        "team": null,
        "summary": "",
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "flags": 0,
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "integration_types_config": {"0": {}},
    })
}
