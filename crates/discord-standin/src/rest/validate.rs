//! A request checked against Discord's OpenAPI spec and the documented limits (the body's
//! schema, the limits of messages, components, commands and files, the emoji a message uses),
//! and Discord's 400 answer for what breaks them.

use serde_json::{json, Map, Value};

use super::{Reply, API_PREFIX, NULL};
use crate::limits;
use crate::model::World;
use crate::multipart;
use crate::spec::{RouteMatch, Spec};
use crate::violation::{Violation, ViolationKind};

/// Check a request against the spec and the documented limits, without applying it.
/// Returns the matched route (if any) and every violation found.
pub(crate) fn validate<'s>(
    spec: &'s Spec,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (Option<RouteMatch<'s>>, Vec<Violation>) {
    validate_if(spec, method, path, body, true)
}

/// [`validate`], or only the route matching when `bodies` is false.
pub(super) fn validate_if<'s>(
    spec: &'s Spec,
    method: &str,
    path: &str,
    body: Option<&Value>,
    bodies: bool,
) -> (Option<RouteMatch<'s>>, Vec<Violation>) {
    let mut out = Vec::new();
    let violation =
        |kind, pointer: &str, reason: String| Violation::new(kind, method, path, pointer, reason);
    let Some(api_path) = path.strip_prefix(API_PREFIX) else {
        out.push(violation(
            ViolationKind::UnknownRoute,
            "",
            format!("{method} {path} is not under {API_PREFIX}"),
        ));
        return (None, out);
    };
    let Some(matched) = spec.match_route(method, api_path) else {
        out.push(violation(
            ViolationKind::UnknownRoute,
            "",
            format!("{method} {path} matches no route of Discord's API"),
        ));
        return (None, out);
    };
    let Some(operation) = matched.operation else {
        out.push(violation(
            ViolationKind::UnknownRoute,
            "",
            format!("Discord's API has no {method} on {}", matched.template),
        ));
        return (Some(matched), out);
    };
    if !bodies {
        return (Some(matched), out);
    }
    match body {
        Some(body) if operation.takes_body() => {
            for e in spec.validate_body(matched.template, method, body) {
                if !numbered_attachment(method, matched.template, body, &e.pointer) {
                    out.push(violation(ViolationKind::Schema, &e.pointer, e.reason));
                }
            }
        }
        Some(_) => out.push(violation(
            ViolationKind::Schema,
            "",
            format!(
                "{} takes no request body, but one was sent",
                operation.operation_id
            ),
        )),
        None if operation.body_required => out.push(violation(
            ViolationKind::Schema,
            "",
            format!("{} requires a request body", operation.operation_id),
        )),
        None => {}
    }
    if let Some(body) = body {
        let mut errs = Vec::new();
        check_limits(method, matched.template, body, &mut errs);
        for (pointer, reason) in errs {
            out.push(violation(ViolationKind::Limit, &pointer, reason));
        }
    }
    (Some(matched), out)
}

/// Whether `pointer` is the `id` of one of the message's `attachments` entries and a number: the
/// spec says a string (a snowflake), but Discord takes the number a new file's placeholder id is
/// sent as (serenity and discord.py send `{"id": 0, ...}` for `files[0]`).
fn numbered_attachment(method: &str, template: &str, body: &Value, pointer: &str) -> bool {
    let Some((_, at)) = message_of(method, template, body) else {
        return false;
    };
    let entry = pointer
        .strip_prefix(at)
        .and_then(|p| p.strip_prefix("/attachments/"))
        .and_then(|p| p.strip_suffix("/id"));
    entry.is_some_and(|i| i.parse::<usize>().is_ok())
        && body.pointer(pointer).is_some_and(Value::is_u64)
}

/// The message a request sends, with its JSON pointer: an interaction's message answer
/// (types 4 and 7) or the body of a message posted or edited.
fn message_of<'b>(
    method: &str,
    template: &str,
    body: &'b Value,
) -> Option<(&'b Value, &'static str)> {
    match (method, template) {
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            match body.get("type").and_then(Value::as_u64) {
                Some(4 | 7) => Some((&body["data"], "/data")),
                _ => None,
            }
        }
        (
            "POST" | "PATCH",
            "/channels/{channel_id}/messages"
            | "/channels/{channel_id}/messages/{message_id}"
            | "/webhooks/{webhook_id}/{webhook_token}"
            | "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
            | "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        ) => Some((body, "")),
        _ => None,
    }
}

/// A custom emoji of a component the application does not have: Discord refuses the message
/// (400, "Invalid emoji"). The stand-in keeps no server emoji, so only the application's count.
pub(super) fn check_emoji(
    w: &World,
    method: &str,
    template: &str,
    body: &Value,
) -> Vec<limits::LimitError> {
    let Some((message, at)) = message_of(method, template, body) else {
        return Vec::new();
    };
    limits::component_emoji(message, at)
        .into_iter()
        .filter(|&(_, id)| !w.app_emojis.iter().any(|e| e.id == id))
        .map(|(pointer, id)| {
            let why = format!("custom emoji {id} is not one of the application's: Invalid emoji");
            (pointer, why)
        })
        .collect()
}

/// Apply the documented limits that fit the route.
fn check_limits(method: &str, template: &str, body: &Value, out: &mut Vec<limits::LimitError>) {
    if let Some((message, at)) = message_of(method, template, body) {
        return limits::check_message(message, at, out);
    }
    match (method, template) {
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            match body.get("type").and_then(Value::as_u64) {
                Some(9) => limits::check_modal(&body["data"], "/data", out),
                Some(8) => {
                    let n = body
                        .pointer("/data/choices")
                        .and_then(Value::as_array)
                        .map(Vec::len);
                    if n.unwrap_or(0) > 25 {
                        out.push((
                            "/data/choices".into(),
                            format!("{} autocomplete choices; Discord allows 25", n.unwrap_or(0)),
                        ));
                    }
                }
                _ => {}
            }
        }
        (
            "PUT" | "POST" | "PATCH",
            "/applications/{application_id}/commands"
            | "/applications/{application_id}/commands/{command_id}"
            | "/applications/{application_id}/guilds/{guild_id}/commands"
            | "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
        ) => limits::check_commands(body, out),
        _ => {}
    }
}

/// The files of a multipart request ([`limits::check_files`]), and the whole request's size.
/// Returns whether Discord would answer 413 (a file or the request too large).
pub(super) fn check_files(
    method: &str,
    m: &RouteMatch<'_>,
    size: usize,
    body: Option<&Value>,
    files: &[multipart::FilePart],
    out: &mut Vec<limits::LimitError>,
) -> bool {
    let mut too_large = size > limits::MAX_REQUEST_BYTES;
    if too_large {
        out.push((
            String::new(),
            format!(
                "the request is {size} bytes; Discord takes at most {} (413 Request entity too \
                 large)",
                limits::MAX_REQUEST_BYTES
            ),
        ));
    }
    if files.is_empty() {
        return too_large;
    }
    let template = m.template;
    let body = body.unwrap_or(&NULL);
    let takes_files = FILE_ROUTES.contains(&(method, template));
    match message_of(method, template, body).filter(|_| takes_files) {
        Some((message, at)) => too_large |= limits::check_files(message, at, files, out),
        None => out.push((
            "/files".into(),
            format!("{method} {template} takes no files (here)"),
        )),
    }
    too_large
}

/// The routes the stand-in serves that take files (the spec gives them a multipart body), with
/// their method.
const FILE_ROUTES: [(&str, &str); 6] = [
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    (
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
    ),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    (
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    ),
    (
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    ),
];

/// Discord's 400 answer for an invalid body, with the errors nested by path as Discord does.
pub(super) fn invalid_form_body(violations: &[Violation]) -> Reply {
    let mut errors = Map::new();
    for v in violations
        .iter()
        .filter(|v| matches!(v.kind, ViolationKind::Schema | ViolationKind::Limit))
    {
        let mut node = &mut errors;
        for seg in v.pointer.split('/').filter(|s| !s.is_empty()) {
            node = node
                .entry(seg.to_owned())
                .or_insert_with(|| json!({}))
                .as_object_mut()
                .expect("error nodes are objects");
        }
        let list = node.entry("_errors").or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.push(json!({"code": "STANDIN_INVALID", "message": v.reason}));
        }
    }
    Reply::with_body(
        400,
        Some(json!({"code": 50035, "message": "Invalid Form Body", "errors": errors})),
    )
}
