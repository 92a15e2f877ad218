//! The REST side: every request is logged, checked against the spec and the documented limits,
//! and (if it is one the stand-in serves) applied to the channel model.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

use crate::faults::{fault_reply, FaultKind, FiredFault, RestFaultKind, INTERACTION_CALLBACK};
use crate::ids::{ChannelId, GuildId, InteractionId, MessageId, UserId};
use crate::limits::{self, EPHEMERAL};
use crate::model::{
    channel_json, guild_create_json, member_json, user_json, AppEmoji, Attachment, EmojiRefusal,
    ResponseRecord, World,
};
use crate::multipart;
use crate::spec::{RouteMatch, Spec};
use crate::violation::{Violation, ViolationKind};
use crate::{
    Shared, INITIAL_RESPONSE_DEADLINE, INTERACTION_TOKEN_LIFETIME, USER_INSTALL_FOLLOWUPS,
};

/// The prefix serenity puts before every route.
pub const API_PREFIX: &str = "/api/v10";

/// What the stand-in answers.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) body: Option<Value>,
    /// Extra headers (rate-limit headers of a 429, a content type for `text`).
    pub(crate) headers: Vec<(String, String)>,
    /// A body that isn't JSON (what Discord's edge sends with a 502 or 503).
    pub(crate) text: Option<String>,
}

impl Reply {
    fn with_body(status: u16, body: Option<Value>) -> Self {
        Reply {
            status,
            body,
            headers: Vec::new(),
            text: None,
        }
    }

    fn ok(body: Value) -> Self {
        Self::with_body(200, Some(body))
    }

    fn created(body: Value) -> Self {
        Self::with_body(201, Some(body))
    }

    fn no_content() -> Self {
        Self::with_body(204, None)
    }

    fn error(status: u16, code: u64, message: &str) -> Self {
        Self::with_body(status, Some(json!({"message": message, "code": code})))
    }
}

/// A fault injected into one request.
#[derive(Debug, Default)]
pub(crate) struct Injected {
    /// Answer this instead of handling the request.
    reply: Option<Reply>,
    /// The request was held this long first.
    delay: Option<Duration>,
}

/// The spec's route template of a request, if it matches one.
fn route_of(shared: &Shared, method: &str, path: &str) -> Option<String> {
    let api_path = path.strip_prefix(API_PREFIX)?;
    shared
        .spec
        .match_route(method, api_path)
        .map(|m| m.template.to_owned())
}

/// Take the first injected REST fault matching the request, and record that it fired.
fn take_fault(shared: &Shared, method: &str, path: &str) -> Option<RestFaultKind> {
    if shared.read(|w| w.rest_faults.is_empty()) {
        return None;
    }
    let route = route_of(shared, method, path);
    let found = shared.read(|w| {
        w.rest_faults
            .iter()
            .any(|f| f.matches(method, route.as_deref()))
    });
    if !found {
        return None;
    }
    shared.with(|w| {
        let i = w
            .rest_faults
            .iter()
            .position(|f| f.matches(method, route.as_deref()))?;
        let fault = &mut w.rest_faults[i];
        let kind = fault.kind.clone();
        if let Some(n) = fault.times.as_mut() {
            *n -= 1;
        }
        if fault.times == Some(0) {
            w.rest_faults.remove(i);
        }
        if route.as_deref() == Some(INTERACTION_CALLBACK)
            && !matches!(kind, RestFaultKind::Delay(_) | RestFaultKind::HoldAnswer(_))
        {
            // `/api/v10/interactions/{id}/{token}/callback`: Discord, not the bot, failed it.
            let id = path.split('/').skip_while(|p| *p != "interactions").nth(1);
            if let Some(id) = id.and_then(|id| id.parse::<u64>().ok()) {
                w.fault_refused.insert(InteractionId::from(id));
            }
        }
        w.fired.push(FiredFault {
            at: Instant::now(),
            method: method.to_owned(),
            path: path.to_owned(),
            route: route.clone(),
            kind: FaultKind::Rest(kind.clone()),
        });
        Some(kind)
    })
}

/// axum fallback handler: every REST request lands here.
pub(crate) async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut injected = Injected::default();
    let mut hold = None;
    match take_fault(&shared, method.as_str(), uri.path()) {
        None => {}
        Some(RestFaultKind::HoldAnswer(d)) => hold = Some(d),
        Some(RestFaultKind::Delay(d)) => {
            tokio::time::sleep(d).await;
            injected.delay = Some(d);
        }
        Some(RestFaultKind::Reset) => {
            // End the connection's task without an answer: hyper drops the TCP connection.
            // (`resume_unwind` skips the panic hook, so nothing is printed.)
            std::panic::resume_unwind(Box::new("discord-standin: injected connection reset"));
        }
        Some(kind) => {
            let route = route_of(&shared, method.as_str(), uri.path());
            injected.reply = fault_reply(&kind, route.as_deref());
        }
    }
    let header = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let content_type = header(header::CONTENT_TYPE);
    let parts = match content_type {
        Some(c) if c.starts_with("multipart/form-data") && !body.is_empty() => {
            Some(multipart::parse(c, body.clone()).await)
        }
        _ => None,
    };
    let reply = process(
        &shared,
        method.as_str(),
        uri.path(),
        uri.query(),
        content_type,
        header(header::AUTHORIZATION),
        &body,
        parts,
        injected,
    );
    if let Some(hold) = hold {
        tokio::time::sleep(hold).await;
    }
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = match (reply.body, reply.text) {
        (Some(v), _) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            v.to_string(),
        )
            .into_response(),
        (None, Some(text)) => (status, text).into_response(),
        (None, None) => status.into_response(),
    };
    for (name, value) in reply.headers {
        if let (Ok(name), Ok(value)) = (
            header::HeaderName::try_from(name),
            header::HeaderValue::try_from(value),
        ) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// `GET /attachments/{channel}/{attachment}/{filename}`: an attached file's bytes, as Discord's
/// CDN serves them (also for a message since edited or deleted, as the CDN does for a while).
pub(crate) async fn attachment_file(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path((channel, attachment, filename)): axum::extract::Path<(u64, u64, String)>,
) -> Response {
    let found = shared.read(|w| w.attachment_file(ChannelId(channel), attachment));
    match found.filter(|a| a.filename == filename) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.content_type.clone()),
                (header::CACHE_CONTROL, "max-age=3600".to_string()),
            ],
            a.bytes.as_ref().clone(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "404: Not Found").into_response(),
    }
}

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
fn validate_if<'s>(
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
fn check_emoji(w: &World, method: &str, template: &str, body: &Value) -> Vec<limits::LimitError> {
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

/// Handle one request end to end: parse, validate, apply (unless a fault answers), log.
/// `parts`: a multipart body, parsed.
#[allow(clippy::too_many_arguments)]
pub(crate) fn process(
    shared: &Shared,
    method: &str,
    path: &str,
    query: Option<&str>,
    content_type: Option<&str>,
    authorization: Option<&str>,
    raw: &[u8],
    parts: Option<Result<multipart::Parts, String>>,
    injected: Injected,
) -> Reply {
    let mut violations = Vec::new();
    let mut files = Vec::new();
    let protocol =
        |reason: String| Violation::new(ViolationKind::Protocol, method, path, "", reason);
    let multipart = content_type.is_some_and(|c| c.starts_with("multipart/form-data"));
    let body: Option<Value> = if raw.is_empty() {
        None
    } else if multipart {
        match parts {
            Some(Ok(parts)) => {
                files = parts.files;
                parts.payload_json
            }
            Some(Err(e)) => {
                violations.push(protocol(e));
                None
            }
            None => None,
        }
    } else {
        match serde_json::from_slice(raw) {
            Ok(v) => Some(v),
            Err(e) => {
                violations.push(protocol(format!("the body is not JSON: {e}")));
                None
            }
        }
    };
    let bodies = shared.validate.load(std::sync::atomic::Ordering::Relaxed);
    let (matched, mut found) = validate_if(&shared.spec, method, path, body.as_ref(), bodies);
    violations.append(&mut found);
    let mut too_large = false;
    if let (true, Some(m)) = (bodies && multipart, &matched) {
        let mut errs = Vec::new();
        too_large = check_files(method, m, raw.len(), body.as_ref(), &files, &mut errs);
        for (pointer, reason) in errs {
            violations.push(Violation::new(
                ViolationKind::Limit,
                method,
                path,
                &pointer,
                reason,
            ));
        }
    }

    let reply = shared.with(|w| {
        // Whether it is `Bot <token>`.
        let expected = w.token.trim_start_matches("Bot ");
        // As Discord: a request with another token is refused (401), but an interaction's
        // answer and a webhook's, which its own token in the path authorizes.
        let mut unauthorized = false;
        if authorization.and_then(|a| a.strip_prefix("Bot ")) != Some(expected) {
            violations.push(protocol(format!(
                "Authorization header is {authorization:?}, expected the bot token"
            )));
            unauthorized = !path.contains("/interactions/") && !path.contains("/webhooks/");
        }
        if let (true, Some(m), Some(body)) = (bodies, &matched, &body) {
            for (pointer, reason) in check_emoji(w, method, m.template, body) {
                let limit = Violation::new(ViolationKind::Limit, method, path, &pointer, reason);
                violations.push(limit);
            }
        }
        let invalid = violations
            .iter()
            .any(|v| matches!(v.kind, ViolationKind::Schema | ViolationKind::Limit));
        let reply = match &matched {
            _ if injected.reply.is_some() => injected.reply.unwrap_or_else(Reply::no_content),
            _ if unauthorized => Reply::error(401, 0, "401: Unauthorized"),
            Some(RouteMatch {
                operation: None, ..
            })
            | None => Reply::error(404, 0, "404: Not Found"),
            Some(_) if too_large && shared.config.reject_invalid => {
                Reply::error(413, 40005, "Request entity too large")
            }
            Some(_) if invalid && shared.config.reject_invalid => invalid_form_body(&violations),
            Some(m) => {
                let mut call = Call {
                    method,
                    path,
                    query,
                    params: m.params.clone(),
                    body: body.as_ref().unwrap_or(&NULL),
                    files: &files,
                    violations: Vec::new(),
                    fault_delay: injected.delay,
                };
                let reply = route(w, m.template, &mut call);
                violations.append(&mut call.violations);
                reply
            }
        };
        w.violations.extend(violations.iter().cloned());
        w.requests.push(crate::model::RequestRecord {
            method: method.to_owned(),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            route: matched.as_ref().map(|m| m.template.to_owned()),
            operation: matched
                .as_ref()
                .and_then(|m| m.operation)
                .map(|o| o.operation_id.clone()),
            body,
            files: files.into_iter().map(|f| f.name).collect(),
            status: reply.status,
            violations,
        });
        w.last_request = Some(Instant::now());
        reply
    });
    reply
}

/// The files of a multipart request ([`limits::check_files`]), and the whole request's size.
/// Returns whether Discord would answer 413 (a file or the request too large).
fn check_files(
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
fn invalid_form_body(violations: &[Violation]) -> Reply {
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

/// Record a fault that fired while applying a request (not a mistake of the bot's).
fn fired(w: &mut World, call: &Call<'_>, template: &str, kind: FaultKind) {
    w.fired.push(FiredFault {
        at: Instant::now(),
        method: call.method.to_owned(),
        path: call.path.to_owned(),
        route: Some(template.to_owned()),
        kind,
    });
}

/// Discord's answer to an edit of a message over the edit limit for old messages.
fn edit_limit_reply() -> Reply {
    Reply::error(
        400,
        30046,
        "Maximum number of edits to messages older than 1 hour reached. Try again later",
    )
}

/// The body of a request without one.
static NULL: Value = Value::Null;

/// One request being applied.
struct Call<'a> {
    method: &'a str,
    path: &'a str,
    query: Option<&'a str>,
    params: Vec<String>,
    body: &'a Value,
    /// The files of a multipart request.
    files: &'a [multipart::FilePart],
    violations: Vec<Violation>,
    /// How long an injected fault held the request.
    fault_delay: Option<Duration>,
}

impl Call<'_> {
    /// Refuse the request as Discord would, and record why as a protocol violation.
    fn refuse(&mut self, status: u16, code: u64, message: &str, why: String) -> Reply {
        self.violations.push(Violation::new(
            ViolationKind::Protocol,
            self.method,
            self.path,
            "",
            format!("{why} (Discord answers {status} {message})"),
        ));
        Reply::error(status, code, message)
    }

    fn param_id(&self, i: usize) -> u64 {
        self.params.get(i).and_then(|p| p.parse().ok()).unwrap_or(0)
    }

    fn query_flag(&self, name: &str) -> bool {
        self.query
            .unwrap_or_default()
            .split('&')
            .any(|p| p == format!("{name}=true") || p == format!("{name}=True"))
    }
}

/// The attachments a message will have after this request sends `payload` (at JSON pointer `at`
/// of the body) for it ([`World::attachments_after`]; `edited`: the message edited), or Discord's
/// 400 for an `attachments` entry that names neither a file sent nor one the message has.
fn plan_attachments(
    w: &mut World,
    call: &mut Call<'_>,
    edited: Option<MessageId>,
    payload: &Value,
    at: &str,
) -> Result<Option<Vec<Attachment>>, Reply> {
    let existing = edited
        .and_then(|id| w.message(id))
        .map(|m| m.state.attachments.clone())
        .unwrap_or_default();
    w.attachments_after(&existing, payload, call.files)
        .map_err(|(pointer, why)| {
            let v = Violation::new(
                ViolationKind::Limit,
                call.method,
                call.path,
                format!("{at}{pointer}"),
                why,
            );
            call.violations.push(v.clone());
            invalid_form_body(&[v])
        })
}

/// Dispatch to the handler for `template`.
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

/// Why the bot may not use this route, if it may not: a route of a channel (or thread) it is not
/// in (a group DM, a channel of a server where only users installed the app) or of such a server
/// (its own routes, and its application commands: the app is not installed there).
fn bot_absent(w: &World, template: &str, call: &Call<'_>) -> Option<String> {
    if template.starts_with("/channels/{channel_id}") {
        return w.bot_not_in_channel(ChannelId(call.param_id(0)));
    }
    if template.starts_with("/guilds/{guild_id}") {
        return w.bot_not_in_guild(GuildId(call.param_id(0)));
    }
    if template.starts_with("/applications/{application_id}/guilds/{guild_id}") {
        return w.bot_not_in_guild(GuildId(call.param_id(1)));
    }
    None
}

/// Discord's answer to a request in a thread a moderator deleted (404 Unknown Channel, for any
/// request) or locked (400 Thread is archived, for anything but a read), if it is one. Not the
/// bot's mistake: the bot learns of it from THREAD_DELETE or THREAD_UPDATE, or from this answer.
fn thread_closed(w: &mut World, template: &str, call: &Call<'_>) -> Option<Reply> {
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

fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    let method = call.method;
    if let Some(why) = bot_absent(w, template, call) {
        return call.refuse(403, 50001, "Missing Access", why);
    }
    if let Some(refused) = thread_closed(w, template, call) {
        return refused;
    }
    match (method, template) {
        ("GET", "/gateway") => Reply::ok(json!({"url": w.gateway_url})),
        ("GET", "/gateway/bot") => Reply::ok(json!({
            "url": w.gateway_url,
            "shards": w.shard_count,
            "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 86_400_000,
                "max_concurrency": crate::gateway::MAX_CONCURRENCY
            }
        })),
        ("GET", "/oauth2/applications/@me" | "/applications/@me") => Reply::ok(application_json(w)),
        ("GET", "/users/@me") => Reply::ok(user_json(&w.bot)),
        ("GET", "/users/{user_id}") => match w.user(UserId(call.param_id(0))) {
            Some(u) => Reply::ok(user_json(u)),
            None => call.refuse(404, 10013, "Unknown User", "no such user".into()),
        },
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
        ("PATCH", "/channels/{channel_id}") => {
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
        ("GET", "/channels/{channel_id}/messages") => {
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
        ("POST", "/channels/{channel_id}/messages") => {
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
        (_, "/channels/{channel_id}/messages/{message_id}") => {
            let channel = ChannelId(call.param_id(0));
            let id = MessageId(call.param_id(1));
            let found = w
                .message(id)
                .filter(|m| m.channel_id == channel && !m.deleted && m.visible_to.is_none())
                .map(|m| m.by_bot);
            let by_moderator = w.moderator_deleted.contains(&id)
                && w.message(id).is_some_and(|m| m.channel_id == channel);
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
                    format!(
                        "message {id} is not a (public, undeleted) message of channel {channel}"
                    ),
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
        (_, "/applications/{application_id}/commands")
        | (_, "/applications/{application_id}/guilds/{guild_id}/commands") => {
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
        (_, "/applications/{application_id}/commands/{command_id}")
        | (_, "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}") => {
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
                    if let (Some(m), Some(patch)) = (merged.as_object_mut(), call.body.as_object())
                    {
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
        (_, "/applications/{application_id}/emojis")
        | (_, "/applications/{application_id}/emojis/{emoji_id}") => {
            application_emoji(w, template, call)
        }
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            interaction_callback(w, call)
        }
        ("POST", "/webhooks/{webhook_id}/{webhook_token}") => followup(w, call),
        (
            _,
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
            | "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        ) => webhook_message(w, template, call),
        _ => unsupported(call, template),
    }
}

/// Discord's limit on the number of an application's emoji.
pub const MAX_APPLICATION_EMOJIS: usize = 2000;
/// Discord's limit on an emoji's image (256 KiB).
pub const MAX_EMOJI_BYTES: usize = 256 * 1024;

/// An emoji object (`EmojiResponse`).
fn emoji_json(w: &World, e: &AppEmoji) -> Value {
    json!({
        "id": e.id.to_string(),
        "name": e.name,
        "roles": [],
        "require_colons": true,
        "managed": false,
        "animated": e.animated,
        "available": true,
        "user": user_json(&w.bot),
    })
}

/// Discord's 400 `Invalid Form Body` for one field, recorded as the bot's mistake.
fn form_error(call: &mut Call<'_>, field: &str, code: &str, message: &str) -> Reply {
    call.violations.push(Violation::new(
        ViolationKind::Limit,
        call.method,
        call.path,
        format!("/{field}"),
        format!("{message} (Discord answers 400 Invalid Form Body, {code})"),
    ));
    Reply::with_body(
        400,
        Some(json!({
            "code": 50035,
            "message": "Invalid Form Body",
            "errors": {field: {"_errors": [{"code": code, "message": message}]}},
        })),
    )
}

/// Decodes an emoji's image data URI (`data:image/png;base64,...`): its media type and bytes.
pub fn decode_image(uri: &str) -> Result<(String, Vec<u8>), String> {
    use base64::Engine;
    let rest = uri
        .strip_prefix("data:")
        .ok_or("the image is not a data URI (data:image/png;base64,...)")?;
    let (media, data) = rest
        .split_once(";base64,")
        .ok_or("the image's data URI is not base64 (data:image/png;base64,...)")?;
    let magic: &[u8] = match media {
        "image/png" => b"\x89PNG\r\n\x1a\n",
        "image/jpeg" => b"\xff\xd8\xff",
        "image/gif" => b"GIF8",
        "image/webp" => b"RIFF",
        other => {
            return Err(format!(
                "{other} is not an image type Discord takes (PNG, JPEG, GIF, WEBP)"
            ))
        }
    };
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| format!("the image's base64 does not decode: {e}"))?;
    if !bytes.starts_with(magic) {
        return Err(format!("the image's bytes are not {media}"));
    }
    Ok((media.to_owned(), bytes))
}

/// `/applications/{id}/emojis[/{emoji_id}]`: list, upload, get, rename, delete.
fn application_emoji(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    if call.param_id(0) != w.application_id {
        return wrong_application(call, w.application_id);
    }
    if template == "/applications/{application_id}/emojis" {
        return match call.method {
            "GET" => {
                let items: Vec<Value> = w.app_emojis.iter().map(|e| emoji_json(w, e)).collect();
                Reply::ok(json!({ "items": items }))
            }
            "POST" => create_application_emoji(w, template, call),
            _ => unsupported(call, template),
        };
    }
    let id = call.param_id(1);
    let Some(i) = w.app_emojis.iter().position(|e| e.id == id) else {
        return call.refuse(
            404,
            10014,
            "Unknown Emoji",
            format!("no application emoji {id}"),
        );
    };
    match call.method {
        "GET" => Reply::ok(emoji_json(w, &w.app_emojis[i])),
        "DELETE" => {
            w.app_emojis.remove(i);
            Reply::no_content()
        }
        "PATCH" => {
            if let Some(name) = call.body.get("name").and_then(Value::as_str) {
                w.app_emojis[i].name = name.to_owned();
            }
            Reply::ok(emoji_json(w, &w.app_emojis[i]))
        }
        _ => unsupported(call, template),
    }
}

/// `POST /applications/{id}/emojis`: the name (2–32 of `[A-Za-z0-9_]`, not taken), the image (a
/// data URI of a PNG, JPEG, GIF or WEBP of at most 256 KiB), at most 2,000 emoji.
fn create_application_emoji(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    if let Some(refusal) = w.emoji_refusal {
        fired(w, call, template, FaultKind::EmojiRefused(refusal));
        return match refusal {
            EmojiRefusal::Full => {
                Reply::error(400, 30008, "Maximum number of emojis reached (2000)")
            }
            EmojiRefusal::Forbidden => Reply::error(403, 50013, "Missing Permissions"),
        };
    }
    let name = call
        .body
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let image = call
        .body
        .get("image")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let valid_name = (2..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid_name {
        return form_error(
            call,
            "name",
            "STRING_TYPE_REGEX",
            &format!(
                "String value did not match validation regex ({name:?}: 2-32 of A-Z a-z 0-9 _)"
            ),
        );
    }
    if w.app_emojis.iter().any(|e| e.name == name) {
        // Not a violation: processes of one bot starting together each upload what they found
        // missing, and all but one are refused so; Discord's answer is theirs to handle.
        return Reply::with_body(
            400,
            Some(json!({
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": {"name": {"_errors": [{
                    "code": "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                    "message": "Emoji name already taken",
                }]}},
            })),
        );
    }
    let (content_type, bytes) = match decode_image(&image) {
        Ok(decoded) => decoded,
        Err(why) => {
            return form_error(
                call,
                "image",
                "IMAGE_INVALID",
                &format!("Invalid image data: {why}"),
            )
        }
    };
    if bytes.len() > MAX_EMOJI_BYTES {
        return form_error(
            call,
            "image",
            "BINARY_TYPE_MAX_SIZE",
            &format!(
                "File cannot be larger than 256.0 kb ({} bytes)",
                bytes.len()
            ),
        );
    }
    if w.app_emojis.len() >= MAX_APPLICATION_EMOJIS {
        return call.refuse(
            400,
            30008,
            "Maximum number of emojis reached (2000)",
            format!("{MAX_APPLICATION_EMOJIS} application emoji already"),
        );
    }
    let emoji = AppEmoji {
        id: w.next_id(),
        animated: content_type == "image/gif",
        name,
        content_type,
        image: Arc::new(bytes),
    };
    let reply = Reply::created(emoji_json(w, &emoji));
    w.app_emojis.push(emoji);
    reply
}

fn unsupported(call: &mut Call<'_>, template: &str) -> Reply {
    call.violations.push(Violation::new(
        ViolationKind::UnknownRoute,
        call.method,
        call.path,
        "",
        format!(
            "{} {template} is part of Discord's API but the stand-in doesn't serve it",
            call.method
        ),
    ));
    Reply::error(404, 0, "404: Not Found")
}

fn wrong_application(call: &mut Call<'_>, app: u64) -> Reply {
    let got = call.params.first().cloned().unwrap_or_default();
    call.refuse(
        403,
        50001,
        "Missing Access",
        format!("application id {got} in the path is not the bot's application {app}"),
    )
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

/// `POST /interactions/{id}/{token}/callback`.
fn interaction_callback(w: &mut World, call: &mut Call<'_>) -> Reply {
    let id = InteractionId(call.param_id(0));
    let token = call.params.get(1).cloned().unwrap_or_default();
    let Some(idx) = w
        .interaction_position(id)
        .filter(|&i| w.interactions[i].token == token)
    else {
        return call.refuse(
            404,
            10062,
            "Unknown interaction",
            format!("no interaction {id} with that token"),
        );
    };
    if let Some(reply) = expired_token(w, idx, call) {
        return reply;
    }
    let kind = call.body.get("type").and_then(Value::as_u64).unwrap_or(0);
    let latency = w.interactions[idx].sent_at.elapsed();
    w.interactions[idx]
        .responses
        .push(ResponseRecord { kind, latency });
    // Past Discord's 3 seconds the interaction has failed ("This interaction failed") and its
    // token no longer takes an initial response.
    if latency > INITIAL_RESPONSE_DEADLINE {
        if call
            .fault_delay
            .is_some_and(|d| latency.saturating_sub(d) <= INITIAL_RESPONSE_DEADLINE)
        {
            w.fault_late.insert(id);
        }
        fired(w, call, INTERACTION_CALLBACK, FaultKind::LateInteraction);
        return Reply::error(404, 10062, "Unknown interaction");
    }
    if w.interactions[idx].responses.len() > 1 {
        return call.refuse(
            400,
            40060,
            "Interaction has already been acknowledged.",
            format!(
                "{} got a second initial response",
                w.interactions[idx].describe()
            ),
        );
    }
    let rec = &w.interactions[idx];
    let clicked = match &rec.kind {
        crate::model::InteractionKind::Component { message_id, .. } => Some(*message_id),
        crate::model::InteractionKind::Command { .. } => None,
    };
    let (rec_user, rec_channel) = (rec.user, rec.channel_id);
    let data = call.body.get("data").unwrap_or(&NULL);
    let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0;
    let visible_to = ephemeral.then_some(rec_user);
    let reply_kind = if clicked.is_some() { 0 } else { 20 };
    let edited = if kind == 7 { clicked } else { None };
    let attachments = match kind {
        4 | 7 => match plan_attachments(w, call, edited, data, "/data") {
            Ok(a) => a,
            Err(reply) => {
                // Refused as an invalid body: the interaction is not acknowledged.
                w.interactions[idx].responses.pop();
                return reply;
            }
        },
        _ => None,
    };
    match kind {
        4 => {
            let bot = w.bot.id;
            let msg = w.create_message(rec_channel, bot, data, visible_to, Some(id), reply_kind);
            w.attach(msg, attachments);
            let r = &mut w.interactions[idx];
            r.original = Some(msg);
            r.answer = Some(msg);
        }
        5 => {
            let bot = w.bot.id;
            let msg = w.create_message(
                rec_channel,
                bot,
                &json!({}),
                visible_to,
                Some(id),
                reply_kind,
            );
            if let Some(m) = w.message_mut(msg) {
                m.loading = true;
            }
            w.interactions[idx].original = Some(msg);
        }
        6 | 7 => {
            let Some(clicked) = clicked else {
                return call.refuse(
                    400,
                    50035,
                    "Invalid Form Body",
                    format!("callback type {kind} is only for component interactions"),
                );
            };
            if kind == 7 {
                w.edit_message(clicked, data);
                w.attach(clicked, attachments);
                w.interactions[idx].answer = Some(clicked);
            }
            w.interactions[idx].original = Some(clicked);
        }
        8 => w.interactions[idx].choices = data.get("choices").cloned(),
        9 => w.interactions[idx].modal = Some(data.clone()),
        other => {
            return call.refuse(
                400,
                50035,
                "Invalid Form Body",
                format!("callback type {other} is not a valid answer to a gateway interaction"),
            );
        }
    }
    if call.query_flag("with_response") {
        let msg = w.interactions[idx].answer.map(|m| w.message_json(m));
        return Reply::ok(json!({
            "interaction": {
                "id": id.to_string(),
                "type": if clicked.is_some() { 3 } else { 2 },
                "activity_instance_id": null,
                "response_message_id": w.interactions[idx].original.map(|m| m.to_string()),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            },
            "resource": {"type": kind, "message": msg},
        }));
    }
    Reply::no_content()
}

/// Find the interaction of a webhook route (`/webhooks/{app}/{token}...`).
fn webhook_interaction(w: &World, call: &mut Call<'_>) -> Result<usize, Reply> {
    if call.param_id(0) != w.application_id {
        return Err(call.refuse(
            404,
            10015,
            "Unknown Webhook",
            format!(
                "webhook id {} is not the bot's application id",
                call.params[0]
            ),
        ));
    }
    let token = call.params.get(1).cloned().unwrap_or_default();
    match w.interaction_by_token(&token) {
        Some(i) => match expired_token(w, i, call) {
            Some(reply) => Err(reply),
            None => Ok(i),
        },
        None => Err(call.refuse(
            404,
            10015,
            "Unknown Webhook",
            "no interaction has this token".into(),
        )),
    }
}

/// Discord's 401 `Invalid Webhook Token` (50027) for a token older than
/// [`INTERACTION_TOKEN_LIFETIME`] on the stand-in's clock, recorded as the bot's mistake.
fn expired_token(w: &World, idx: usize, call: &mut Call<'_>) -> Option<Reply> {
    let rec = &w.interactions[idx];
    let age = w.clock.since(rec.created_at);
    (age > INTERACTION_TOKEN_LIFETIME).then(|| {
        call.refuse(
            401,
            50027,
            "Invalid Webhook Token",
            format!(
                "token expired: the token of {} is {}s old on the stand-in's clock; Discord's \
                 interaction tokens last {}s",
                rec.describe(),
                age.as_secs(),
                INTERACTION_TOKEN_LIFETIME.as_secs()
            ),
        )
    })
}

/// Discord's message for code 40094.
const MAX_FOLLOWUPS_MESSAGE: &str =
    "This interaction has hit the maximum number of follow up messages";

/// `POST /webhooks/{app}/{token}`: a follow-up message.
fn followup(w: &mut World, call: &mut Call<'_>) -> Reply {
    let idx = match webhook_interaction(w, call) {
        Ok(i) => i,
        Err(r) => return r,
    };
    let rec = &w.interactions[idx];
    if !rec
        .responses
        .iter()
        .any(|r| r.latency <= INITIAL_RESPONSE_DEADLINE)
    {
        return call.refuse(
            404,
            10015,
            "Unknown Webhook",
            format!(
                "follow-up to {} before its initial response",
                rec.describe()
            ),
        );
    }
    // Discord allows 5 follow-ups to an interaction the user's install alone authorized. Every
    // follow-up counts, also the first after a deferred message that fills it in (the docs say
    // the endpoint then works as an edit of the original, not that it doesn't count: the
    // stand-in counts it, the stricter reading).
    if rec.guild_install.is_none() && rec.followup_posts >= USER_INSTALL_FOLLOWUPS {
        let why = format!(
            "{} is authorized by a user install alone (authorizing_integration_owners without \
             \"0\"): Discord allows {USER_INSTALL_FOLLOWUPS} follow-up messages, this is one more \
             (Discord answers 400 {MAX_FOLLOWUPS_MESSAGE})",
            rec.describe()
        );
        call.violations.push(Violation::new(
            ViolationKind::Limit,
            call.method,
            call.path,
            "",
            why,
        ));
        return Reply::error(400, 40094, MAX_FOLLOWUPS_MESSAGE);
    }
    let (rec_id, rec_user, rec_channel, rec_original) =
        (rec.id, rec.user, rec.channel_id, rec.original);
    // The first follow-up after a deferred message (type 5) fills in the "thinking" message
    // (unless the bot deleted it: then the follow-up is a message of its own).
    if let Some(original) = rec_original {
        if w.message(original).is_some_and(|m| m.loading && !m.deleted) {
            let attachments = match plan_attachments(w, call, Some(original), call.body, "") {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            w.edit_message(original, call.body);
            w.attach(original, attachments);
            w.interactions[idx].answer.get_or_insert(original);
            w.interactions[idx].followup_posts += 1;
            return Reply::ok(w.message_json(original));
        }
    }
    let ephemeral = call.body.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0;
    let attachments = match plan_attachments(w, call, None, call.body, "") {
        Ok(a) => a,
        Err(reply) => return reply,
    };
    let bot = w.bot.id;
    let msg = w.create_message(
        rec_channel,
        bot,
        call.body,
        ephemeral.then_some(rec_user),
        Some(rec_id),
        0,
    );
    w.attach(msg, attachments);
    let r = &mut w.interactions[idx];
    r.followups.push(msg);
    r.followup_posts += 1;
    r.answer.get_or_insert(msg);
    Reply::ok(w.message_json(msg))
}

/// `GET`/`PATCH`/`DELETE /webhooks/{app}/{token}/messages/{@original|id}`.
fn webhook_message(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    let idx = match webhook_interaction(w, call) {
        Ok(i) => i,
        Err(r) => return r,
    };
    let rec = &w.interactions[idx];
    let target = if template.ends_with("@original") {
        match rec.original {
            Some(m) => m,
            None => {
                return call.refuse(
                    404,
                    10008,
                    "Unknown Message",
                    format!("{} has no original response yet", rec.describe()),
                )
            }
        }
    } else {
        let id = MessageId(call.param_id(2));
        if rec.original != Some(id) && !rec.followups.contains(&id) {
            return call.refuse(
                404,
                10008,
                "Unknown Message",
                format!("message {id} is not a response to {}", rec.describe()),
            );
        }
        id
    };
    if w.moderator_deleted.contains(&target) {
        fired(w, call, template, FaultKind::UnknownMessage);
        return Reply::error(404, 10008, "Unknown Message");
    }
    if w.message(target).is_none_or(|m| m.deleted) {
        return call.refuse(
            404,
            10008,
            "Unknown Message",
            format!("message {target} is deleted"),
        );
    }
    match call.method {
        "GET" => Reply::ok(w.message_json(target)),
        "PATCH" if w.edit_limited.contains(&target) => {
            fired(w, call, template, FaultKind::EditLimit);
            edit_limit_reply()
        }
        "PATCH" => {
            let attachments = match plan_attachments(w, call, Some(target), call.body, "") {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            w.edit_message(target, call.body);
            w.attach(target, attachments);
            w.interactions[idx].answer.get_or_insert(target);
            Reply::ok(w.message_json(target))
        }
        "DELETE" => {
            if let Some(m) = w.message_mut(target) {
                m.deleted = true;
            }
            Reply::no_content()
        }
        _ => unsupported(call, template),
    }
}
