//! `/channels/...`: a channel (a text channel or a thread), its messages, and the threads
//! started from them; and Discord's answers in a thread a moderator closed.

use std::time::Instant;

use serde_json::{json, Value};

use super::{edit_limit_reply, fired, plan_attachments, unsupported, Call, Reply};
use crate::faults::FaultKind;
use crate::ids::{ChannelId, MessageId};
use crate::limits;
use crate::model::{channel_json, World};

/// Serve a `/channels/{channel_id}...` route.
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    match (call.method, template) {
        ("GET", "/channels/{channel_id}") => {
            let id = ChannelId(call.param_id(0));
            match w.channel_position(id) {
                Some(i) => Reply::ok(channel_json(&w.channels[i], i)),
                None => call.refuse(404, 10003, "Unknown Channel", "no such channel".into()),
            }
        }
        ("POST", "/channels/{channel_id}/typing") => Reply::no_content(),
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads") => start_thread(
            w,
            call,
            ChannelId(call.param_id(0)),
            MessageId(call.param_id(1)),
        ),
        ("PATCH", "/channels/{channel_id}") => edit_thread(w, call),
        ("GET", "/channels/{channel_id}/messages") => list_messages(w, call),
        ("POST", "/channels/{channel_id}/messages") => create_message(w, call),
        (_, "/channels/{channel_id}/messages/{message_id}") => message(w, template, call),
        _ => unsupported(call, template),
    }
}

/// `PATCH /channels/{channel_id}` of a thread: its name, whether it is archived; announced with
/// THREAD_UPDATE.
fn edit_thread(w: &mut World, call: &mut Call<'_>) -> Reply {
    let id = ChannelId(call.param_id(0));
    let Some(i) = w.channel_position(id) else {
        return call.refuse(404, 10003, "Unknown Channel", "no such channel".into());
    };
    if w.channels[i].parent.is_none() {
        return unsupported(call, "/channels/{channel_id} (a text channel)");
    }
    if let Some(name) = call.body.get("name").and_then(Value::as_str) {
        w.channels[i].name = name.to_string();
    }
    if let Some(archived) = call.body.get("archived").and_then(Value::as_bool) {
        w.channels[i].archived = archived;
    }
    let thread = channel_json(&w.channels[i], i);
    let guild = w.channels[i].guild_id;
    w.dispatch_to_guild(guild, "THREAD_UPDATE", thread.clone());
    Reply::ok(thread)
}

/// `GET /channels/{channel_id}/messages`: the newest public messages (`limit`, default 50).
fn list_messages(w: &mut World, call: &mut Call<'_>) -> Reply {
    let channel = ChannelId(call.param_id(0));
    let limit = call
        .query
        .unwrap_or_default()
        .split('&')
        .find_map(|p| p.strip_prefix("limit=").and_then(|l| l.parse().ok()))
        .unwrap_or(50usize);
    let ids: Vec<MessageId> = w
        .visible_iter(channel, None)
        .rev()
        .take(limit)
        .map(|m| m.id)
        .collect();
    Reply::ok(Value::Array(
        ids.into_iter().map(|id| w.message_json(id)).collect(),
    ))
}

/// `POST /channels/{channel_id}/messages`: a message of the bot's (a reply, with
/// `message_reference`), or with `enforce_nonce` the one it created with that nonce.
fn create_message(w: &mut World, call: &mut Call<'_>) -> Reply {
    let channel = ChannelId(call.param_id(0));
    if w.channel(channel).is_none() {
        return call.refuse(404, 10003, "Unknown Channel", "no such channel".into());
    }
    let kind = if call
        .body
        .get("message_reference")
        .is_some_and(|r| !r.is_null())
    {
        19
    } else {
        0
    };
    let bot = w.bot.id;
    // `nonce` with `enforce_nonce`: a message the same author created in this channel
    // with the same nonce, in the last few minutes, is returned instead of a new one
    // (Discord's "Create Message"). One deleted since is not returned: a new one is made.
    let nonce = call.body.get("nonce").filter(|n| !n.is_null()).cloned();
    let enforced = call.body.get("enforce_nonce") == Some(&Value::Bool(true));
    let key = match (&nonce, enforced) {
        (Some(Value::String(n)), true) => Some((channel, bot, n.clone())),
        (Some(n @ Value::Number(_)), true) => Some((channel, bot, n.to_string())),
        _ => None,
    };
    if let Some(key) = &key {
        let earlier = w.enforced_nonces.get(key).copied();
        if let Some((id, at)) = earlier {
            let live = w.message(id).is_some_and(|m| !m.deleted);
            if live && at.elapsed() < limits::NONCE_WINDOW {
                w.nonces_enforced += 1;
                return Reply::ok(w.message_json(id));
            }
        }
    }
    let attachments = match plan_attachments(w, call, None, call.body, "") {
        Ok(a) => a,
        Err(reply) => return reply,
    };
    let id = w.create_message(channel, bot, call.body, None, None, kind);
    w.attach(id, attachments);
    if let Some(nonce) = nonce {
        w.nonce_of.insert(id, nonce);
    }
    if let Some(key) = key {
        w.enforced_nonces.insert(key, (id, Instant::now()));
    }
    Reply::ok(w.message_json(id))
}

/// `GET`/`PATCH`/`DELETE /channels/{channel_id}/messages/{message_id}`.
fn message(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    let method = call.method;
    let channel = ChannelId(call.param_id(0));
    let id = MessageId(call.param_id(1));
    let found = w
        .message(id)
        .filter(|m| m.channel_id == channel && !m.deleted && m.visible_to.is_none())
        .map(|m| m.by_bot);
    let by_moderator =
        w.moderator_deleted.contains(&id) && w.message(id).is_some_and(|m| m.channel_id == channel);
    match (method, found) {
        (_, None) if by_moderator => {
            fired(w, call, template, FaultKind::UnknownMessage);
            Reply::error(404, 10008, "Unknown Message")
        }
        ("PATCH", Some(true)) if w.edit_limited.contains(&id) => {
            fired(w, call, template, FaultKind::EditLimit);
            edit_limit_reply()
        }
        (_, None) => call.refuse(
            404,
            10008,
            "Unknown Message",
            format!("message {id} is not a (public, undeleted) message of channel {channel}"),
        ),
        ("GET", Some(_)) => Reply::ok(w.message_json(id)),
        ("PATCH", Some(false)) => call.refuse(
            403,
            50005,
            "Cannot edit a message authored by another user",
            format!("the bot edited message {id} of another user"),
        ),
        ("PATCH", Some(true)) => {
            let attachments = match plan_attachments(w, call, Some(id), call.body, "") {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            w.edit_message(id, call.body);
            w.attach(id, attachments);
            Reply::ok(w.message_json(id))
        }
        ("DELETE", Some(_)) => {
            if let Some(m) = w.message_mut(id) {
                m.deleted = true;
            }
            Reply::no_content()
        }
        _ => unsupported(call, template),
    }
}

/// `POST /channels/{channel_id}/messages/{message_id}/threads`: a public thread started from a
/// message of a text channel, with the message's id, announced with THREAD_CREATE. Refused as
/// Discord refuses it: an unknown channel or message, a channel that is itself a thread (50024),
/// a message that has a thread already (160004), a bot without the permission (50013).
fn start_thread(
    w: &mut World,
    call: &mut Call<'_>,
    channel: ChannelId,
    message: MessageId,
) -> Reply {
    let Some(parent) = w.channel(channel).cloned() else {
        return call.refuse(404, 10003, "Unknown Channel", "no such channel".into());
    };
    if parent.parent.is_some() {
        return call.refuse(
            400,
            50024,
            "Cannot execute action on this channel type",
            format!("a thread started in thread {channel}"),
        );
    }
    if !w
        .message(message)
        .is_some_and(|m| m.channel_id == channel && !m.deleted && m.visible_to.is_none())
    {
        return call.refuse(
            404,
            10008,
            "Unknown Message",
            format!("message {message} is not a message of channel {channel}"),
        );
    }
    if w.threads_denied.contains(&channel) {
        return Reply::error(403, 50013, "Missing Permissions");
    }
    if w.channel(ChannelId(message.get())).is_some() {
        return call.refuse(
            400,
            160004,
            "A thread has already been created for this message",
            format!("a second thread on message {message}"),
        );
    }
    let name = call
        .body
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let id = w.add_thread(&parent, message, name);
    let i = w.channel_position(id).expect("just added");
    let mut thread = channel_json(&w.channels[i], i);
    let mut created = thread.clone();
    created["newly_created"] = json!(true);
    w.dispatch_to_guild(parent.guild_id, "THREAD_CREATE", created);
    thread["member"] = json!({"id": id.to_string(), "user_id": w.bot.id.to_string(),
        "join_timestamp": "2026-01-01T00:00:00.000000+00:00", "flags": 1});
    Reply::created(thread)
}

/// Discord's answer to a request in a thread a moderator deleted (404 Unknown Channel, for any
/// request) or locked (400 Thread is archived, for anything but a read), if it is one. Not the
/// bot's mistake: the bot learns of it from THREAD_DELETE or THREAD_UPDATE, or from this answer.
pub(super) fn thread_closed(w: &mut World, template: &str, call: &Call<'_>) -> Option<Reply> {
    if !template.starts_with("/channels/{channel_id}") {
        return None;
    }
    let channel = ChannelId(call.param_id(0));
    if w.deleted_threads.contains(&channel) {
        fired(w, call, template, FaultKind::UnknownChannel);
        return Some(Reply::error(404, 10003, "Unknown Channel"));
    }
    if w.access_denied.contains(&channel) {
        fired(w, call, template, FaultKind::AccessDenied);
        return Some(Reply::error(403, 50001, "Missing Access"));
    }
    if call.method != "GET" && w.channel(channel).is_some_and(|c| c.locked) {
        fired(w, call, template, FaultKind::ThreadLocked);
        return Some(Reply::error(400, 50083, "Thread is archived"));
    }
    if call.method == "POST"
        && template == "/channels/{channel_id}/messages"
        && w.posts_denied.contains(&channel)
    {
        fired(w, call, template, FaultKind::PostsDenied);
        return Some(Reply::error(403, 50013, "Missing Permissions"));
    }
    None
}
