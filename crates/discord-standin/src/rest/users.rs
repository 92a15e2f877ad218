//! `/users/...`: the bot (`@me`) and the users.

use super::{unsupported, Call, Reply};
use crate::ids::UserId;
use crate::model::{user_json, World};

/// Serve a `/users/...` route.
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    match (call.method, template) {
        ("GET", "/users/@me") => Reply::ok(user_json(&w.bot)),
        ("GET", "/users/{user_id}") => match w.user(UserId(call.param_id(0))) {
            Some(u) => Reply::ok(user_json(u)),
            None => call.refuse(404, 10013, "Unknown User", "no such user".into()),
        },
        _ => unsupported(call, template),
    }
}
